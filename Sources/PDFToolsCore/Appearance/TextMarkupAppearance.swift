// SPDX-License-Identifier: GPL-3.0-or-later
/// Highlight, Underline, StrikeOut and Squiggly annotations, drawn per quad along the quad's
/// own baseline (p3 to p4), so quads turned on the page work.
///
/// A nil colour paints nothing (the stream still carries the right bounding box). The bounding
/// box holds the quads and everything drawn. Quads without a usable corner, baseline or height
/// are skipped; no usable quad gives nil.
enum TextMarkupAppearance {
  /// The kinds of marks.
  enum Kind {
    /// A filled quad, multiplied onto the page.
    case highlight
    /// A line near the bottom.
    case underline
    /// A line through the middle.
    case strikeOut
    /// A zig-zag along the bottom.
    case squiggly
  }

  /// The stream for `kind`.
  static func build(_ input: AppearanceInput, kind: Kind) -> AppearanceStream? {
    let usable = input.quads.compactMap { quad in QuadFrame(quad).map { (quad, $0) } }
    guard !usable.isEmpty else { return nil }
    var geometry = Extent()
    for (quad, _) in usable { for corner in quad.corners { geometry.include(corner) } }
    let opacity = input.opacity.isNaN ? 1 : min(max(input.opacity, 0), 1)
    var builder = ContentBuilder()
    if let color = input.color {
      builder.save()
      switch kind {
      case .highlight:
        builder.graphicsState(opacity: opacity, blendMode: "Multiply")
        builder.fillColor(color)
        for (quad, _) in usable {
          builder.polyline([quad.p1, quad.p2, quad.p4, quad.p3], closed: true)
          builder.paint("f")
        }
      case .underline, .strikeOut, .squiggly:
        if opacity < 1 { builder.graphicsState(opacity: opacity, blendMode: "Normal") }
        builder.strokeColor(color)
        if kind == .squiggly { builder.lineJoin(1) }
        for (_, frame) in usable { mark(kind, frame, into: &builder) }
      }
      builder.restore()
    }
    return builder.finish(covering: geometry.rect)
  }

  /// The width of the marks of a quad of `height`: 1/14 of it, at least half a point.
  static func markWidth(height: Double) -> Double { max(0.5, height / 14) }

  /// Strokes one quad's line or zig-zag.
  private static func mark(_ kind: Kind, _ frame: QuadFrame, into builder: inout ContentBuilder) {
    let width = markWidth(height: frame.height)
    builder.lineWidth(width)
    switch kind {
    case .highlight:
      return
    case .underline, .strikeOut:
      let above = kind == .underline ? width : frame.height / 2
      builder.move(to: frame.point(along: 0, above: above))
      builder.line(to: frame.point(along: frame.length, above: above))
    case .squiggly:
      let amplitude = frame.height / 8
      let halfWave = max(0.5, frame.height / 6)
      let count = AppearanceLimits.count(
        frame.length / halfWave, lower: 1, upper: AppearanceLimits.maximumRepeats)
      let step = frame.length / Double(count)
      for index in 0...count {
        let above = width / 2 + (index % 2 == 1 ? amplitude : 0)
        let point = frame.point(along: step * Double(index), above: above)
        if index == 0 { builder.move(to: point) } else { builder.line(to: point) }
      }
    }
    builder.paint("S")
  }
}
