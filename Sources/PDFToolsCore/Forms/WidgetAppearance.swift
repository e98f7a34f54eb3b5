// SPDX-License-Identifier: GPL-3.0-or-later

/// How a widget looks around its content: its box in its own frame, colours, border and text
/// style (from /MK, /BS and /DA).
struct WidgetLook {
  /// Width and height in the widget's own frame (after /MK /R).
  var width: Double
  /// Height in the widget's own frame.
  var height: Double
  /// /MK /BG, nil: transparent.
  var background: RGBColor? = nil
  /// /MK /BC, nil: no border.
  var border: RGBColor? = nil
  /// /BS /W (1 when not given).
  var borderWidth = 1.0
  /// /BS /S: S solid, D dashed, B beveled, I inset, U underline.
  var borderStyle = "S"
  /// /BS /D.
  var dashes: [Double] = [3]
  /// The font asked for by /DA (a /BaseFont or a standard short name).
  var fontName = "Helvetica"
  /// The size, 0: fit the box.
  var fontSize = 0.0
  /// The text colour.
  var textColor = RGBColor(0, 0, 0)
  /// /Q: 0 left, 1 centred, 2 right.
  var alignment = 0

  /// The width of the border drawn (0 without a border colour).
  var drawnBorder: Double { border == nil ? 0 : max(borderWidth, 0) }

  /// The box inside the border: beveled and inset borders take twice their width.
  var inner: Rect {
    let inset = drawnBorder * (borderStyle == "B" || borderStyle == "I" ? 2 : 1)
    return Rect(0, 0, width, height).shrunk(by: inset) ?? Rect(0, 0, width, height)
  }
}

/// What a widget shows.
enum WidgetContent {
  /// A text field's (or combo box's) text: wrapped when `multiline`, one character per cell
  /// when `combCells` is given, asterisks when `password`.
  case text(String, multiline: Bool, combCells: Int?, password: Bool)
  /// A list box: its option texts, the selected indices and the first option shown.
  case list([String], selected: Set<Int>, top: Int)
  /// A push button's caption (centred), or an empty signature field ("").
  case caption(String)
  /// A check box or radio button: the ZapfDingbats character of /MK /CA, on or off.
  case check(symbol: Character, on: Bool, round: Bool)
}

/// Appearance streams of form widgets, drawn in the widget's own frame (origin bottom-left,
/// the /BBox [0 0 width height]; the writer adds the /Matrix of /MK /R).
///
/// - Frame: the background fills the box; the border (when it has a colour) is stroked at its
///   width inside the box, dashed for D, as a bottom line for U; beveled and inset borders are
///   drawn solid (their 3D shading is not).
/// - Text sits 2 points inside the border, aligned by /Q, in the /DA font when it can show the
///   text (see `AppearanceText`) and in installed fonts otherwise. A single line is centred
///   vertically; several lines (multiline fields) start at the top with a line height of 1.15
///   times the size. Size 0 fits the box: for one line the height (the size is the inner height
///   divided by 1.35), shrunk until the text fits the width (not below 4); for several lines,
///   12 shrunk until the lines fit (not below 4). Combs put each character centred in its cell.
/// - List boxes draw their options from the top index, the selected ones on a light blue band.
/// - Check boxes and radio buttons draw their symbol as a path, centred (size 0: 80% of the
///   inner box),
///   radio buttons in a round frame.
enum WidgetAppearance {
  /// Line height of multiline text and list boxes, as a multiple of the size.
  static let lineSpacing = 1.15
  /// Space between the border and text.
  static let padding = 2.0
  /// The band behind selected list box options.
  static let selectionColor = RGBColor(0.6, 0.757, 0.855)

  /// The appearance of `content` in `look`.
  static func build(_ content: WidgetContent, look: WidgetLook) -> AppearanceStream {
    var builder = ContentBuilder()
    let box = Rect(0, 0, max(look.width, 0), max(look.height, 0))
    if case .check(_, _, let round) = content, round {
      drawRoundFrame(look, into: &builder)
    } else {
      drawFrame(look, into: &builder)
    }
    switch content {
    case .text(let text, let multiline, let comb, let password):
      let shown = password ? String(repeating: "*", count: text.count) : text
      builder.write("/Tx BMC")
      if let comb, comb > 0, !multiline {
        drawComb(shown, cells: comb, look: look, into: &builder)
      } else if multiline {
        drawLines(shown, look: look, into: &builder)
      } else {
        drawSingleLine(shown, look: look, into: &builder)
      }
      builder.write("EMC")
    case .list(let options, let selected, let top):
      builder.write("/Tx BMC")
      drawList(options, selected: selected, top: top, look: look, into: &builder)
      builder.write("EMC")
    case .caption(let text):
      var centred = look
      centred.alignment = 1
      drawSingleLine(text, look: centred, into: &builder)
    case .check(let symbol, let on, _):
      if on { drawSymbol(symbol, look: look, into: &builder) }
    }
    var stream = builder.finish(covering: box) ?? AppearanceStream(bbox: box, content: "")
    stream.bbox = box
    return stream
  }

  /// Background and border.
  private static func drawFrame(_ look: WidgetLook, into builder: inout ContentBuilder) {
    let box = Rect(0, 0, look.width, look.height)
    if let background = look.background {
      builder.fillColor(background)
      builder.rectangle(box)
      builder.paint("f")
    }
    let width = look.drawnBorder
    guard let border = look.border, width > 0 else { return }
    builder.save()
    builder.strokeColor(border)
    builder.lineWidth(width)
    if look.borderStyle == "D" { builder.dash(look.dashes.isEmpty ? [3] : look.dashes) }
    if look.borderStyle == "U" {
      builder.move(to: Point(0, width / 2))
      builder.line(to: Point(look.width, width / 2))
      builder.paint("S")
    } else if let inside = box.shrunk(by: width / 2) {
      builder.rectangle(inside)
      builder.paint("S")
    }
    builder.restore()
  }

  /// A round background and border (radio buttons).
  private static func drawRoundFrame(_ look: WidgetLook, into builder: inout ContentBuilder) {
    let radius = min(look.width, look.height) / 2
    let center = Point(look.width / 2, look.height / 2)
    if let background = look.background {
      builder.fillColor(background)
      circle(center, radius, into: &builder)
      builder.paint("f")
    }
    let width = look.drawnBorder
    guard let border = look.border, width > 0, radius > width / 2 else { return }
    builder.save()
    builder.strokeColor(border)
    builder.lineWidth(width)
    if look.borderStyle == "D" { builder.dash(look.dashes.isEmpty ? [3] : look.dashes) }
    circle(center, radius - width / 2, into: &builder)
    builder.paint("S")
    builder.restore()
  }

  /// A circle of four Bézier arcs.
  private static func circle(_ center: Point, _ radius: Double, into builder: inout ContentBuilder) {
    let k = 0.5523 * radius
    let (x, y, r) = (center.x, center.y, radius)
    builder.move(to: Point(x + r, y))
    builder.curve(Point(x + r, y + k), Point(x + k, y + r), to: Point(x, y + r))
    builder.curve(Point(x - k, y + r), Point(x - r, y + k), to: Point(x - r, y))
    builder.curve(Point(x - r, y - k), Point(x - k, y - r), to: Point(x, y - r))
    builder.curve(Point(x + k, y - r), Point(x + r, y - k), to: Point(x + r, y))
    builder.close()
  }

  /// The text area: the inner box less the padding.
  static func textArea(_ look: WidgetLook) -> Rect {
    look.inner.shrunk(by: padding) ?? look.inner
  }

  /// Starts clipped text: `q`, the clip to the inner box, `BT`, the colour.
  private static func beginText(_ look: WidgetLook, into builder: inout ContentBuilder) {
    builder.save()
    builder.rectangle(look.inner)
    builder.clip()
    builder.write("BT")
    builder.fillColor(look.textColor)
  }

  /// Ends what `beginText` started.
  private static func endText(into builder: inout ContentBuilder) {
    builder.write("ET")
    builder.restore()
  }

  /// The left end of a line of `width` in `area` for `alignment`.
  static func lineStart(_ alignment: Int, width: Double, in area: Rect) -> Double {
    switch alignment {
    case 1: return area.x0 + (area.width - width) / 2
    case 2: return area.x1 - width
    default: return area.x0
    }
  }

  /// One line of text, centred vertically.
  private static func drawSingleLine(_ text: String, look: WidgetLook, into builder: inout ContentBuilder) {
    guard !text.isEmpty else { return }
    let line = text.filter { !$0.isNewline }
    let measure = MeasuredText(line, fontName: look.fontName)
    let (size, origin) = singleLine(measure, look: look)
    beginText(look, into: &builder)
    measure.draw(at: origin, size: size, into: &builder)
    endText(into: &builder)
  }

  /// The size and baseline origin of one line of text in `look` (size 0 fits the box: the
  /// inner height divided by 1.35, shrunk to fit the width but not below 4).
  static func singleLine(_ measure: MeasuredText, look: WidgetLook) -> (size: Double, origin: Point) {
    let area = textArea(look)
    var size = look.fontSize
    if size <= 0 {
      size = max(area.height / 1.35, 1)
      let width = measure.width(size: size)
      if width > area.width, width > 0 { size = max(size * area.width / width, 4) }
    }
    let (ascent, descent) = measure.extent(size: size)
    let baseline = (look.height - (ascent - descent)) / 2 - descent
    return (size, Point(lineStart(look.alignment, width: measure.width(size: size), in: area), baseline))
  }

  /// The size of multiline text in `look` (size 0: 12 shrunk until the lines fit, not below 4)
  /// and the first baseline.
  static func multiline(_ text: String, look: WidgetLook) -> (size: Double, firstBaseline: Double) {
    let area = textArea(look)
    var size = look.fontSize > 0 ? look.fontSize : 12
    if look.fontSize <= 0 {
      var lines = MeasuredText.wrap(text, fontName: look.fontName, size: size, width: area.width)
      while size > 4, Double(lines.count) * size * lineSpacing > area.height {
        size = max(size - 1, 4)
        lines = MeasuredText.wrap(text, fontName: look.fontName, size: size, width: area.width)
      }
    }
    return (size, area.y1 - size * 0.9)
  }

  /// Several lines from the top, wrapped to the width.
  private static func drawLines(_ text: String, look: WidgetLook, into builder: inout ContentBuilder) {
    guard !text.isEmpty else { return }
    let area = textArea(look)
    let (size, first) = multiline(text, look: look)
    let lines = MeasuredText.wrap(text, fontName: look.fontName, size: size, width: area.width)
    beginText(look, into: &builder)
    var baseline = first
    for line in lines {
      guard baseline + size > look.inner.y0 else { break }
      line.draw(
        at: Point(lineStart(look.alignment, width: line.width(size: size), in: area), baseline), size: size,
        into: &builder)
      baseline -= size * lineSpacing
    }
    endText(into: &builder)
  }

  /// One character per cell.
  private static func drawComb(_ text: String, cells: Int, look: WidgetLook, into builder: inout ContentBuilder) {
    guard !text.isEmpty else { return }
    let cell = look.width / Double(cells)
    var size = look.fontSize
    if size <= 0 { size = max(min(textArea(look).height / 1.35, cell * 0.9), 1) }
    beginText(look, into: &builder)
    for (index, character) in text.prefix(cells).enumerated() {
      let measure = MeasuredText(String(character), fontName: look.fontName)
      let (ascent, descent) = measure.extent(size: size)
      let baseline = (look.height - (ascent - descent)) / 2 - descent
      let x = Double(index) * cell + (cell - measure.width(size: size)) / 2
      measure.draw(at: Point(x, baseline), size: size, into: &builder)
    }
    endText(into: &builder)
  }

  /// A list box's options.
  private static func drawList(
    _ options: [String], selected: Set<Int>, top: Int, look: WidgetLook, into builder: inout ContentBuilder
  ) {
    let area = textArea(look)
    let size = look.fontSize > 0 ? look.fontSize : 12
    let lineHeight = size * lineSpacing
    var y = look.inner.y1
    let first = min(max(top, 0), max(options.count - 1, 0))
    builder.save()
    builder.rectangle(look.inner)
    builder.clip()
    for index in options.indices.dropFirst(first) {
      guard y > look.inner.y0 else { break }
      if selected.contains(index) {
        builder.fillColor(selectionColor)
        builder.rectangle(Rect(look.inner.x0, y - lineHeight, look.inner.x1, y))
        builder.paint("f")
      }
      y -= lineHeight
    }
    builder.write("BT")
    builder.fillColor(look.textColor)
    y = look.inner.y1
    for index in options.indices.dropFirst(first) {
      guard y > look.inner.y0 else { break }
      let measure = MeasuredText(options[index].filter { !$0.isNewline }, fontName: look.fontName)
      let baseline = y - lineHeight + (lineHeight - size) / 2 + size * 0.2
      measure.draw(at: Point(lineStart(look.alignment, width: measure.width(size: size), in: area), baseline), size: size, into: &builder)
      y -= lineHeight
    }
    builder.write("ET")
    builder.restore()
  }

  /// A check box's or radio button's symbol, centred, drawn as a path (no font needed): the
  /// ZapfDingbats characters of /MK /CA that Acrobat offers (4 check, l circle, 8 cross,
  /// n square, u diamond, H star); any other is drawn as a check.
  private static func drawSymbol(_ symbol: Character, look: WidgetLook, into builder: inout ContentBuilder) {
    let inner = look.inner
    let room = min(inner.width, inner.height)
    let side = look.fontSize > 0 ? min(look.fontSize, room) : room * 0.8
    guard side > 0 else { return }
    let center = Point(look.width / 2, look.height / 2)
    func at(_ x: Double, _ y: Double) -> Point { Point(center.x + (x - 0.5) * side, center.y + (y - 0.5) * side) }
    builder.save()
    builder.fillColor(look.textColor)
    switch symbol {
    case "l":
      circle(center, side * 0.3, into: &builder)
      builder.paint("f")
    case "8":
      builder.strokeColor(look.textColor)
      builder.lineWidth(side * 0.14)
      builder.move(to: at(0.15, 0.15))
      builder.line(to: at(0.85, 0.85))
      builder.move(to: at(0.15, 0.85))
      builder.line(to: at(0.85, 0.15))
      builder.paint("S")
    case "n":
      builder.rectangle(Rect(at(0.2, 0.2).x, at(0.2, 0.2).y, at(0.8, 0.8).x, at(0.8, 0.8).y))
      builder.paint("f")
    case "u":
      builder.polyline([at(0.5, 0.05), at(0.95, 0.5), at(0.5, 0.95), at(0.05, 0.5)], closed: true)
      builder.paint("f")
    case "H":
      // Unit directions every 36 degrees from straight up: outer and inner corners in turn.
      let directions: [(Double, Double)] = [
        (0, 1), (-0.5878, 0.809), (-0.9511, 0.309), (-0.9511, -0.309), (-0.5878, -0.809),
        (0, -1), (0.5878, -0.809), (0.9511, -0.309), (0.9511, 0.309), (0.5878, 0.809),
      ]
      let points = directions.enumerated().map { index, direction in
        let radius = index % 2 == 0 ? 0.48 : 0.2
        return at(0.5 + radius * direction.0, 0.48 + radius * direction.1)
      }
      builder.polyline(points, closed: true)
      builder.paint("f")
    default:
      builder.polyline(
        [at(0.0, 0.52), at(0.14, 0.66), at(0.38, 0.42), at(0.86, 0.94), at(1.0, 0.8), at(0.38, 0.14)], closed: true)
      builder.paint("f")
    }
    builder.restore()
  }
}
