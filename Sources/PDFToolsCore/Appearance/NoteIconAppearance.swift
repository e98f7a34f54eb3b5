// SPDX-License-Identifier: GPL-3.0-or-later
/// Text annotations (sticky notes): an icon in a 20 by 20 point box at the rectangle's top-left
/// corner, filled with the annotation colour (a note yellow, (1, 0.82, 0), when nil) and
/// outlined in a dark grey.
///
/// "Note" (also every unknown name) is a sheet with a folded corner and lines of text;
/// "Comment" a speech bubble with lines; "Key" a key, "Help" a question mark, "Paragraph" a
/// pilcrow, "NewParagraph" a triangle over "NP" and "Insert" a caret, each on a rounded tile.
/// The bounding box is the rectangle together with the icon box (the rectangle alone when it
/// holds the icon, so viewers draw the icon unscaled).
enum NoteIconAppearance {
  /// The fill when the annotation has no colour.
  static let defaultColor = RGBColor(1, 0.82, 0)
  /// Outlines and glyphs.
  static let ink = RGBColor(0.15, 0.15, 0.15)

  /// A Text annotation; nil without a usable rectangle.
  static func text(_ input: AppearanceInput) -> AppearanceStream? {
    guard AppearanceLimits.isUsable(input.rect) else { return nil }
    let icon = IconBox(topLeftOf: input.rect)
    let opacity = input.opacity.isNaN ? 1 : min(max(input.opacity, 0), 1)
    var builder = ContentBuilder()
    builder.save()
    if opacity < 1 { builder.graphicsState(opacity: opacity, blendMode: "Normal") }
    builder.fillColor(input.color ?? defaultColor)
    builder.strokeColor(ink)
    builder.lineWidth(icon.length(1))
    builder.lineJoin(1)
    switch input.iconName {
    case "Comment": comment(icon, into: &builder)
    case "Key": key(icon, into: &builder)
    case "Help": tile(icon, glyph: "?", into: &builder)
    case "Paragraph": tile(icon, glyph: "\u{B6}", into: &builder)
    case "NewParagraph": newParagraph(icon, into: &builder)
    case "Insert": insert(icon, into: &builder)
    default: note(icon, into: &builder)
    }
    builder.restore()
    return builder.finish(covering: input.rect.merged(with: icon.rect))
  }

  /// Strokes horizontal text lines at the given heights, from `x0` to `x1`.
  private static func textLines(
    _ icon: IconBox, _ lines: [(y: Double, x0: Double, x1: Double)],
    into builder: inout ContentBuilder
  ) {
    for line in lines {
      builder.polyline(icon.points([(line.x0, line.y), (line.x1, line.y)]), closed: false)
    }
    builder.paint("S")
  }

  /// A sheet with its top-right corner folded, and lines of text.
  private static func note(_ icon: IconBox, into builder: inout ContentBuilder) {
    builder.polyline(icon.points([(2, 1), (18, 1), (18, 14), (13, 19), (2, 19)]), closed: true)
    builder.paint("B")
    builder.polyline(icon.points([(13, 19), (13, 14), (18, 14)]), closed: false)
    builder.paint("S")
    textLines(icon, [(15, 5, 10), (11, 5, 15), (8, 5, 15), (5, 5, 12)], into: &builder)
  }

  /// A speech bubble with a tail at the bottom left, and lines of text.
  private static func comment(_ icon: IconBox, into builder: inout ContentBuilder) {
    let k = 3 * ContentBuilder.kappa
    builder.move(to: icon.point(5, 6))
    builder.line(to: icon.point(3.5, 1.5))
    builder.line(to: icon.point(9, 6))
    builder.line(to: icon.point(16, 6))
    builder.curve(icon.point(16 + k, 6), icon.point(19, 9 - k), to: icon.point(19, 9))
    builder.line(to: icon.point(19, 16))
    builder.curve(icon.point(19, 16 + k), icon.point(16 + k, 19), to: icon.point(16, 19))
    builder.line(to: icon.point(4, 19))
    builder.curve(icon.point(4 - k, 19), icon.point(1, 16 + k), to: icon.point(1, 16))
    builder.line(to: icon.point(1, 9))
    builder.curve(icon.point(1, 9 - k), icon.point(4 - k, 6), to: icon.point(4, 6))
    builder.close()
    builder.paint("B")
    textLines(icon, [(15.5, 4.5, 15.5), (12.5, 4.5, 15.5), (9.5, 4.5, 12)], into: &builder)
  }

  /// The rounded square most icons sit on.
  private static func background(_ icon: IconBox, into builder: inout ContentBuilder) {
    builder.roundedRectangle(icon.rect(1, 1, 19, 19), radius: icon.length(3))
    builder.paint("B")
  }

  /// A key: a ring, a shaft and two teeth.
  private static func key(_ icon: IconBox, into builder: inout ContentBuilder) {
    background(icon, into: &builder)
    builder.save()
    builder.lineWidth(icon.length(1.5))
    builder.circle(center: icon.point(7, 13), radius: icon.length(3.2))
    builder.polyline(icon.points([(9.3, 10.7), (16, 4)]), closed: false)
    builder.polyline(icon.points([(13.4, 6.6), (15, 8.2)]), closed: false)
    builder.polyline(icon.points([(15.1, 4.9), (16.7, 6.5)]), closed: false)
    builder.paint("S")
    builder.restore()
  }

  /// A tile with a bold character in the middle.
  private static func tile(_ icon: IconBox, glyph: Character, into builder: inout ContentBuilder) {
    background(icon, into: &builder)
    builder.fillColor(ink)
    builder.centeredText(
      WinAnsiEncoding.encode([glyph]), font: StandardFont.named("Helvetica-Bold"), size: icon.length(14),
      center: icon.point(10, 10))
  }

  /// A tile with a triangle over the letters "NP".
  private static func newParagraph(_ icon: IconBox, into builder: inout ContentBuilder) {
    background(icon, into: &builder)
    builder.fillColor(ink)
    builder.polyline(icon.points([(10, 17), (5.5, 11.5), (14.5, 11.5)]), closed: true)
    builder.paint("f")
    builder.centeredText(
      WinAnsiEncoding.encode("NP"), font: StandardFont.named("Helvetica-Bold"), size: icon.length(7),
      center: icon.point(10, 6.5))
  }

  /// A tile with an insertion caret.
  private static func insert(_ icon: IconBox, into builder: inout ContentBuilder) {
    background(icon, into: &builder)
    builder.fillColor(ink)
    builder.polyline(
      icon.points([(4, 4), (10, 16), (16, 4), (13, 4), (10, 10), (7, 4)]), closed: true)
    builder.paint("f")
  }
}
