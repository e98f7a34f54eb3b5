// SPDX-License-Identifier: GPL-3.0-or-later
/// Line annotations: the line, its two endings, and leader lines.
///
/// With a leader line length /LL, the line is drawn offset by LL perpendicular to the segment
/// between the /L points (positive LL to the left when going from the first point to the
/// second, as Acrobat and PDFBox draw it), and leader lines run from the /L points to the
/// offset line and /LLE beyond it. Endings sit at the ends of the drawn (offset) line. Lines
/// and endings use round joins so arrow tips stay within the bounding box (stroke reach). The
/// bounding box is the extent of everything drawn (the caller writes it as /Rect).
enum LineAppearance {
  /// A Line annotation; nil without two usable, distinct end points.
  static func line(_ input: AppearanceInput) -> AppearanceStream? {
    guard let (a, b) = input.line, AppearanceLimits.isUsable(a), AppearanceLimits.isUsable(b),
      let direction = (b - a).unit
    else { return nil }
    let style = PaintStyle(input)
    let leader = AppearanceLimits.isUsable(input.leaderLength) ? input.leaderLength : 0
    let overshoot =
      AppearanceLimits.isUsable(input.leaderExtension) ? max(input.leaderExtension, 0) : 0
    let normal = direction.leftNormal
    let start = a + normal * leader
    let end = b + normal * leader
    var builder = ContentBuilder()
    builder.save()
    style.apply(to: &builder)
    builder.lineJoin(1)
    if style.stroke != nil {
      if leader != 0 {
        let reach = normal * (leader + (leader > 0 ? overshoot : -overshoot))
        builder.polyline([a, a + reach], closed: false)
        builder.polyline([b, b + reach], closed: false)
      }
      let size = LineEndingShapes.size(lineWidth: style.lineWidth)
      let cutStart = LineEndingShapes.setback(input.lineEndings.0, size: size)
      let cutEnd = LineEndingShapes.setback(input.lineEndings.1, size: size)
      let length = (end - start).length
      let cut = cutStart + cutEnd < length
      builder.polyline(
        [start + direction * (cut ? cutStart : 0), end - direction * (cut ? cutEnd : 0)],
        closed: false)
      builder.paint("S")
    }
    drawEndings(
      input.lineEndings, start: (start, direction * -1), end: (end, direction), style: style,
      into: &builder)
    builder.restore()
    if input.caption, !input.contents.isEmpty {
      caption(input.contents, from: start, to: end, style: style, into: &builder)
    }
    var geometry = Extent()
    for point in [a, b, start, end] { geometry.include(point) }
    return builder.finish(covering: geometry.rect)
  }

  /// The line's caption (/Cap with /CP /Top): one line of Helvetica (or of installed fonts
  /// for text Helvetica cannot show, see `AppearanceText`) centred above the middle of the
  /// drawn line, along it and upright (never upside down).
  static func caption(_ text: String, from start: Point, to end: Point, style: PaintStyle, into builder: inout ContentBuilder) {
    guard var direction = (end - start).unit else { return }
    if direction.x < 0 || (direction.x == 0 && direction.y < 0) { direction = direction * -1 }
    let size = max(8, min(24, style.lineWidth * 4 + 6))
    let up = direction.leftNormal
    let middle = Point((start.x + end.x) / 2, (start.y + end.y) / 2)
    let shown = String(text.prefix(200))
    builder.save()
    builder.fillColor(style.stroke ?? RGBColor(0, 0, 0))
    builder.write("BT")
    if AppearanceText.fitsStandardFont(shown, fontName: "Helvetica") {
      let font = StandardFont.named("Helvetica")
      let codes = WinAnsiEncoding.encode(shown.map { $0.isNewline || $0 == "\t" ? " " : $0 })
      let width = font.width(of: codes, size: size)
      let gap = style.lineWidth / 2 + size * 0.3 - font.descent * size / 1000
      let origin = middle + up * gap - direction * (width / 2)
      builder.font(font.name, size: size)
      builder.write(
        [direction.x, direction.y, up.x, up.y, origin.x, origin.y].map(PDFNumberFormat.format).joined(separator: " ") + " Tm")
      builder.write(WinAnsiEncoding.literal(codes) + " Tj")
      // The text's box, corner by corner.
      let ascent = font.ascent * size / 1000
      let descent = font.descent * size / 1000
      for (along, across) in [(0.0, descent), (width, descent), (0.0, ascent), (width, ascent)] {
        let corner = origin + direction * along + up * across
        builder.cover(Rect(corner.x, corner.y, corner.x, corner.y))
      }
    } else {
      let typeset = AppearanceText.typeset(shown, fontName: "Helvetica", size: size, maxWidth: nil, subtype: "Line")
      let fonts = FontSubsetter(typeset)
      let gap = style.lineWidth / 2 + size * 0.3 - typeset.descent
      for line in typeset.lines {
        let origin = middle + up * gap - direction * (line.width / 2)
        builder.typesetLine(line, of: typeset, fonts: fonts, origin: origin, direction: direction, up: up)
      }
    }
    builder.write("ET")
    builder.restore()
  }

  /// Draws both endings, solid even on a dashed line. Each end is given as its point and the
  /// unit vector pointing out of the line there.
  static func drawEndings(
    _ endings: (LineEnding, LineEnding), start: (Point, Point), end: (Point, Point),
    style: PaintStyle, into builder: inout ContentBuilder
  ) {
    guard endings.0 != .none || endings.1 != .none else { return }
    if style.dashPattern != nil, style.stroke != nil { builder.dash([]) }
    let size = LineEndingShapes.size(lineWidth: style.lineWidth)
    LineEndingShapes.draw(
      endings.0, at: start.0, outward: start.1, size: size, style: style, into: &builder)
    LineEndingShapes.draw(
      endings.1, at: end.0, outward: end.1, size: size, style: style, into: &builder)
  }
}
