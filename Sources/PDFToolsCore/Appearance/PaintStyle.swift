// SPDX-License-Identifier: GPL-3.0-or-later
/// How an annotation's outlines and areas are painted, taken from its input with unusable
/// values replaced: a NaN, infinite or negative width means no stroke, an opacity outside 0...1
/// is clamped (NaN means opaque), and a dash array that is empty or all zeros becomes `[3]`.
struct PaintStyle {
  /// The stroke colour, nil when outlines are not stroked (no colour or zero width).
  var stroke: RGBColor?
  /// The fill colour, nil when areas are not filled.
  var fill: RGBColor?
  /// The line width, 0 when nothing is stroked.
  var lineWidth: Double
  /// The dash pattern, nil for a solid line.
  var dashPattern: [Double]?
  /// Constant opacity, 0...1.
  var opacity: Double

  /// The style of `input`: stroke `color` at `borderWidth`, fill `interiorColor`.
  init(_ input: AppearanceInput) {
    let width = input.borderWidth
    lineWidth =
      width.isFinite && width > 0 ? min(width, AppearanceLimits.maximumLineWidth) : 0
    stroke = lineWidth > 0 ? input.color : nil
    if stroke == nil { lineWidth = 0 }
    fill = input.interiorColor
    opacity = input.opacity.isNaN ? 1 : min(max(input.opacity, 0), 1)
    dashPattern = input.borderStyle == .dashed ? PaintStyle.dashPattern(input.dashes) : nil
  }

  /// A usable dash array: finite, non-negative entries (at most 16, each at most 1000), not all
  /// zero; `[3]` otherwise.
  static func dashPattern(_ dashes: [Double]) -> [Double] {
    let usable = dashes.prefix(16).filter { $0.isFinite && $0 >= 0 && $0 <= 1000 }
    return usable.contains(where: { $0 > 0 }) ? Array(usable) : [3]
  }

  /// True when something would be painted: a stroke, or a fill where fills are allowed.
  func paints(fill allowed: Bool) -> Bool {
    stroke != nil || (allowed && fill != nil)
  }

  /// The operator that paints the current path: `B` (fill, then stroke), `f`, `S`; nil when
  /// nothing would be painted. `fill` says whether this path may be filled.
  func paintOperator(fill allowed: Bool) -> String? {
    switch (allowed ? fill : nil, stroke) {
    case (.some, .some): return "B"
    case (.some, .none): return "f"
    case (.none, .some): return "S"
    case (.none, .none): return nil
    }
  }

  /// Writes the opacity (as `/GSn gs` when below 1 or when `blendMode` is not Normal), the
  /// colours, the line width and the dash pattern.
  func apply(to builder: inout ContentBuilder, blendMode: String = "Normal") {
    if opacity < 1 || blendMode != "Normal" {
      builder.graphicsState(opacity: opacity, blendMode: blendMode)
    }
    if let stroke {
      builder.strokeColor(stroke)
      builder.lineWidth(lineWidth)
      if let dashPattern { builder.dash(dashPattern) }
    }
    if let fill { builder.fillColor(fill) }
  }
}
