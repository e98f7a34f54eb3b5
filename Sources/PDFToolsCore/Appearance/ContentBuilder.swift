/// Accumulates a content stream, the resources it names and the extent of what it draws.
///
/// Every coordinate written through the path methods (including Bézier control points, which
/// bound their curve) is recorded, and every line width set widens the reach of strokes, so
/// `finish(covering:)` can give a bounding box that holds everything drawn.
struct ContentBuilder {
  /// The operators written so far, one per line.
  private(set) var content = ""
  /// The extent of every coordinate written.
  private var extent = Extent()
  /// Half the widest line width set: how far strokes reach beyond their path.
  private var strokeReach = 0.0
  /// Graphics states by resource name.
  private var graphicsStates: [String: AppearanceStream.GraphicsState] = [:]
  /// Standard fonts by resource name.
  private var fonts: [String: String] = [:]

  /// An empty builder.
  init() {}

  /// Appends one line of operators.
  mutating func write(_ line: String) {
    content += line
    content += "\n"
  }

  /// Writes numbers separated by spaces, then `op`.
  private mutating func write(_ numbers: [Double], _ op: String) {
    var line = ""
    for number in numbers {
      line += PDFNumberFormat.format(number)
      line += " "
    }
    write(line + op)
  }

  /// Saves the graphics state (`q`).
  mutating func save() { write("q") }

  /// Restores the graphics state (`Q`).
  mutating func restore() { write("Q") }

  /// Begins a subpath at `point` (`m`).
  mutating func move(to point: Point) {
    extent.include(point)
    write([point.x, point.y], "m")
  }

  /// A straight segment to `point` (`l`).
  mutating func line(to point: Point) {
    extent.include(point)
    write([point.x, point.y], "l")
  }

  /// A cubic Bézier segment to `point` with control points `c1` and `c2` (`c`).
  mutating func curve(_ c1: Point, _ c2: Point, to point: Point) {
    extent.include(c1)
    extent.include(c2)
    extent.include(point)
    write([c1.x, c1.y, c2.x, c2.y, point.x, point.y], "c")
  }

  /// Closes the current subpath (`h`).
  mutating func close() { write("h") }

  /// A rectangle subpath (`re`).
  mutating func rectangle(_ rect: Rect) {
    extent.include(rect)
    write([rect.x0, rect.y0, rect.width, rect.height], "re")
  }

  /// Sets the line width (`w`); strokes from now on may reach half of it beyond their path.
  mutating func lineWidth(_ width: Double) {
    strokeReach = max(strokeReach, width / 2)
    write([width], "w")
  }

  /// Sets the line cap style (`J`): 0 butt, 1 round, 2 projecting square.
  mutating func lineCap(_ style: Int) { write("\(style) J") }

  /// Sets the line join style (`j`): 0 miter, 1 round, 2 bevel.
  mutating func lineJoin(_ style: Int) { write("\(style) j") }

  /// Sets the dash pattern (`d`); an empty pattern means a solid line.
  mutating func dash(_ pattern: [Double]) {
    let items = pattern.map(PDFNumberFormat.format).joined(separator: " ")
    write("[\(items)] 0 d")
  }

  /// Sets the stroke colour (`RG`).
  mutating func strokeColor(_ color: RGBColor) { write([color.r, color.g, color.b], "RG") }

  /// Sets the fill colour (`rg`).
  mutating func fillColor(_ color: RGBColor) { write([color.r, color.g, color.b], "rg") }

  /// Selects a graphics state with this opacity and blend mode (`/GSn gs`), adding it to the
  /// resources (or reusing an equal one).
  mutating func graphicsState(opacity: Double, blendMode: String) {
    let state = AppearanceStream.GraphicsState(opacity: opacity, blendMode: blendMode)
    let name =
      graphicsStates.first(where: { $0.value == state })?.key ?? "GS\(graphicsStates.count)"
    graphicsStates[name] = state
    write("/\(name) gs")
  }

  /// Selects a standard font at `size` (`/Fn size Tf`, inside `BT`...`ET`), adding it to the
  /// resources (or reusing the same font).
  mutating func font(_ baseFont: String, size: Double) {
    let name = fonts.first(where: { $0.value == baseFont })?.key ?? "F\(fonts.count)"
    fonts[name] = baseFont
    write("/\(name) \(PDFNumberFormat.format(size)) Tf")
  }

  /// Places the next text line's origin at `point` (`1 0 0 1 x y Tm`).
  mutating func textOrigin(_ point: Point) {
    write([1, 0, 0, 1, point.x, point.y], "Tm")
  }

  /// Records that something (text, say) covers `rect`, for the bounding box.
  mutating func cover(_ rect: Rect) { extent.include(rect) }

  /// The finished stream. Its bounding box holds every coordinate written, grown by the stroke
  /// reach, and `minimum` when given; a box with no width or height is widened to 1 point so
  /// viewers can map it. Nil when nothing was drawn and no minimum was given.
  func finish(covering minimum: Rect?) -> AppearanceStream? {
    var box = extent.rect?.grown(by: strokeReach)
    if let minimum { box = box?.merged(with: minimum) ?? minimum }
    guard var box else { return nil }
    if box.width < 1 { box = Rect(box.x0 - 0.5, box.y0, box.x1 + 0.5, box.y1) }
    if box.height < 1 { box = Rect(box.x0, box.y0 - 0.5, box.x1, box.y1 + 0.5) }
    var stream = AppearanceStream(bbox: box, content: content)
    stream.graphicsStates = graphicsStates
    stream.fonts = fonts
    return stream
  }
}
