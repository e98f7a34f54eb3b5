// SPDX-License-Identifier: GPL-3.0-or-later
/// FreeText annotations: background, border, word-wrapped text and an optional callout line.
///
/// - The rectangle is the text box. For a callout, that is /Rect less /RD: the callout line may
///   run outside it, and the bounding box then grows to hold the callout (the caller writes the
///   bounding box as /Rect and the difference as /RD).
/// - The background is the interior colour (a FreeText's /C; none when nil); the border is the
///   stroke colour (a FreeText's text colour, as every viewer draws it) at the border width
///   (none when 0), dashed when the style says so.
/// - The text uses a standard 14 font (see `StandardFont.named`) in WinAnsiEncoding when it
///   can (see `AppearanceText`), and otherwise installed fonts found for each script, shaped
///   and embedded as subsets (see `Typesetter`). It is wrapped (see `TextLayout`, `Typesetter`) to the rectangle less a padding of 2 points (none
///   for a typewriter, whose box is just its text) plus the border width, aligned by /Q (0 left, 1 centred, 2 right; other values left), with a
///   line height of 1.2 times the font size, and clipped to the inside of the border. Lines
///   wholly below the box are not written. A font size that is not a positive finite number
///   becomes 12; sizes are kept within 0.5...1000.
/// - The callout (/CL, 2 or 3 points) is a polyline from the first point (at the annotated
///   spot) to the last (at the box), in the border colour (the text colour without one), at
///   the border width (1 without one), with the start line ending (/LE) at the first point.
enum FreeTextAppearance {
  /// Line height as a multiple of the font size.
  static let lineSpacing = 1.2

  /// A FreeText annotation; nil without a usable rectangle.
  static func freeText(_ input: AppearanceInput) -> AppearanceStream? {
    let rect = input.rect
    guard AppearanceLimits.isUsable(rect) else { return nil }
    let style = PaintStyle(input)
    var builder = ContentBuilder()
    builder.save()
    style.apply(to: &builder)
    if style.fill != nil {
      builder.rectangle(rect)
      builder.paint("f")
    }
    if style.stroke != nil, let border = rect.shrunk(by: style.lineWidth / 2) {
      builder.rectangle(border)
      builder.paint("S")
    }
    drawCallout(input, style: style, into: &builder)
    drawText(input, borderWidth: style.lineWidth, into: &builder)
    builder.restore()
    return builder.finish(covering: rect)
  }

  /// The callout line and its start ending, when /CL has 2 or 3 usable points.
  private static func drawCallout(
    _ input: AppearanceInput, style: PaintStyle, into builder: inout ContentBuilder
  ) {
    let points = PolygonAppearance.usableVertices(Array(input.callout.prefix(3)))
    guard points.count >= 2, let first = points.first, let outward = (first - points[1]).unit
    else { return }
    let color = input.color ?? input.textColor
    var lineStyle = style
    lineStyle.stroke = color
    lineStyle.lineWidth = style.lineWidth > 0 ? style.lineWidth : 1
    lineStyle.dashPattern = nil
    builder.save()
    builder.strokeColor(color)
    builder.lineWidth(lineStyle.lineWidth)
    builder.dash([])
    builder.lineJoin(1)
    var path = points
    let size = LineEndingShapes.size(lineWidth: lineStyle.lineWidth)
    let cut = LineEndingShapes.setback(input.lineEndings.0, size: size)
    if cut < (points[1] - first).length { path[0] = first - outward * cut }
    builder.polyline(path, closed: false)
    builder.paint("S")
    LineEndingShapes.draw(
      input.lineEndings.0, at: first, outward: outward, size: size, style: lineStyle,
      into: &builder)
    builder.restore()
  }

  /// The wrapped, aligned, clipped text.
  private static func drawText(
    _ input: AppearanceInput, borderWidth: Double, into builder: inout ContentBuilder
  ) {
    let rect = input.rect
    let padding = input.isTypewriter ? 0 : 2.0
    guard !input.contents.isEmpty, let box = rect.shrunk(by: padding + borderWidth) else { return }
    let requested = input.fontSize
    let size = requested.isFinite && requested > 0 ? min(max(requested, 0.5), 1000) : 12
    builder.save()
    builder.rectangle(rect.shrunk(by: borderWidth) ?? rect)
    builder.clip()
    builder.write("BT")
    builder.fillColor(input.textColor)
    if AppearanceText.fitsStandardFont(input.contents, fontName: input.fontName) {
      drawStandardText(input, size: size, box: box, into: &builder)
    } else {
      drawTypesetText(input, size: size, box: box, into: &builder)
    }
    builder.write("ET")
    builder.restore()
  }

  /// The left end of a line of `width` in `box` for the alignment /Q.
  private static func lineStart(_ alignment: Int, width: Double, in box: Rect) -> Double {
    switch alignment {
    case 1: return box.x0 + (box.width - width) / 2
    case 2: return box.x0 + box.width - width
    default: return box.x0
    }
  }

  /// The text in a standard font (see `AppearanceText`).
  private static func drawStandardText(
    _ input: AppearanceInput, size: Double, box: Rect, into builder: inout ContentBuilder
  ) {
    let font = StandardFont.named(input.fontName)
    let lines = TextLayout.wrap(input.contents, font: font, size: size, maxWidth: box.width)
    let ascent = font.ascent * size / 1000
    let lineHeight = size * lineSpacing
    builder.font(font.name, size: size)
    var baseline = box.y1 - ascent
    for line in lines {
      guard baseline + ascent > box.y0 else { break }
      if !line.codes.isEmpty {
        builder.textOrigin(Point(lineStart(input.alignment, width: line.width, in: box), baseline))
        builder.write(WinAnsiEncoding.literal(line.codes) + " Tj")
      }
      baseline -= lineHeight
    }
  }

  /// The text typeset in installed fonts and embedded as subsets (see `Typesetter`); the
  /// first baseline sits the tallest font's ascender (at most 0.9 em) below the top.
  private static func drawTypesetText(
    _ input: AppearanceInput, size: Double, box: Rect, into builder: inout ContentBuilder
  ) {
    let text = AppearanceText.typeset(
      input.contents, fontName: input.fontName, size: size, maxWidth: box.width, subtype: "FreeText")
    let fonts = FontSubsetter(text)
    let ascent = min(text.ascent, size * 0.9)
    let lineHeight = size * lineSpacing
    var baseline = box.y1 - ascent
    for line in text.lines {
      guard baseline + ascent > box.y0 else { break }
      builder.typesetLine(
        line, of: text, fonts: fonts,
        origin: Point(lineStart(input.alignment, width: line.width, in: box), baseline), covering: false)
      baseline -= lineHeight
    }
  }
}
