// SPDX-License-Identifier: GPL-3.0-or-later
/// Caret annotations: the caret glyph filling the rectangle, in the annotation colour (black
/// when nil): two curves rising from the bottom corners to a point at the top middle.
enum CaretAppearance {
  /// A Caret annotation; nil without a usable rectangle.
  static func caret(_ input: AppearanceInput) -> AppearanceStream? {
    let rect = input.rect
    guard AppearanceLimits.isUsable(rect) else { return nil }
    let opacity = input.opacity.isNaN ? 1 : min(max(input.opacity, 0), 1)
    let midX = (rect.x0 + rect.x1) / 2
    let midY = (rect.y0 + rect.y1) / 2
    var builder = ContentBuilder()
    builder.save()
    if opacity < 1 { builder.graphicsState(opacity: opacity, blendMode: "Normal") }
    builder.fillColor(input.color ?? RGBColor(0, 0, 0))
    builder.move(to: Point(rect.x0, rect.y0))
    builder.curve(Point(midX, rect.y0), Point(midX, midY), to: Point(midX, rect.y1))
    builder.curve(Point(midX, midY), Point(midX, rect.y0), to: Point(rect.x1, rect.y0))
    builder.close()
    builder.paint("f")
    builder.restore()
    return builder.finish(covering: rect)
  }
}
