// SPDX-License-Identifier: GPL-3.0-or-later
/// Accumulates a content stream, the resources it names and the extent of what it draws.
///
/// Path coordinates (including Bézier control points, which bound their curve) are collected
/// until the path is painted with `paint(_:)`; then they count towards the extent, grown by
/// half the current line width when the path is stroked. Paths used only to clip add nothing.
/// Text adds its box through `cover(_:)`. So `finish(covering:)` gives a bounding box that
/// holds everything drawn, and no more than that for fills and strokes inside a rectangle.
struct ContentBuilder {
  /// The operators written so far, one per line.
  private(set) var content = ""
  /// The extent of everything painted so far.
  private var extent = Extent()
  /// The extent of the path being built.
  private var pending = Extent()
  /// The current line width (PDF's initial value is 1).
  private var currentLineWidth = 1.0
  /// Line widths saved by `q`, restored by `Q`.
  private var savedLineWidths: [Double] = []
  /// Graphics states by resource name.
  private var graphicsStates: [String: AppearanceStream.GraphicsState] = [:]
  /// Standard fonts by resource name.
  private var fonts: [String: String] = [:]
  /// Embedded (subset) fonts by resource name.
  private var embeddedFonts: [String: EmbeddedFont] = [:]

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
  mutating func save() {
    savedLineWidths.append(currentLineWidth)
    write("q")
  }

  /// Restores the graphics state (`Q`).
  mutating func restore() {
    currentLineWidth = savedLineWidths.popLast() ?? 1
    write("Q")
  }

  /// Begins a subpath at `point` (`m`).
  mutating func move(to point: Point) {
    pending.include(point)
    write([point.x, point.y], "m")
  }

  /// A straight segment to `point` (`l`).
  mutating func line(to point: Point) {
    pending.include(point)
    write([point.x, point.y], "l")
  }

  /// A cubic Bézier segment to `point` with control points `c1` and `c2` (`c`).
  mutating func curve(_ c1: Point, _ c2: Point, to point: Point) {
    pending.include(c1)
    pending.include(c2)
    pending.include(point)
    write([c1.x, c1.y, c2.x, c2.y, point.x, point.y], "c")
  }

  /// Closes the current subpath (`h`).
  mutating func close() { write("h") }

  /// A rectangle subpath (`re`).
  mutating func rectangle(_ rect: Rect) {
    pending.include(rect)
    write([rect.x0, rect.y0, rect.width, rect.height], "re")
  }

  /// Paints the current path with `op` (`S`, `f`, `B`, ...); its extent, grown by half the
  /// line width for stroking operators, joins the drawn extent.
  mutating func paint(_ op: String) {
    let strokes = ["S", "s", "B", "B*", "b", "b*"].contains(op)
    if let path = pending.rect {
      extent.include(strokes ? path.grown(by: currentLineWidth / 2) : path)
    }
    pending = Extent()
    write(op)
  }

  /// Makes the current path the clipping path and ends it unpainted (`W n`).
  mutating func clip() {
    pending = Extent()
    write("W n")
  }

  /// Sets the line width (`w`).
  mutating func lineWidth(_ width: Double) {
    currentLineWidth = width
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

  /// Selects an embedded font at `size` (`/Tn size Tf`, inside `BT`...`ET`), adding it to the
  /// resources (or reusing the same subset).
  mutating func font(_ embedded: EmbeddedFont, size: Double) {
    let name =
      embeddedFonts.first(where: { $0.value == embedded })?.key ?? "T\(embeddedFonts.count)"
    embeddedFonts[name] = embedded
    write("/\(name) \(PDFNumberFormat.format(size)) Tf")
  }

  /// Places the next text line's origin at `point` (`1 0 0 1 x y Tm`).
  mutating func textOrigin(_ point: Point) {
    write([1, 0, 0, 1, point.x, point.y], "Tm")
  }

  /// Records that something (text, say) covers `rect`, for the bounding box.
  mutating func cover(_ rect: Rect) { extent.include(rect) }

  /// The finished stream. Its bounding box holds everything painted and `minimum` when given;
  /// a box less than a point wide or high is widened to 1 point so viewers can map it. Nil when
  /// nothing was drawn and no minimum was given.
  func finish(covering minimum: Rect?) -> AppearanceStream? {
    var box = extent.rect
    if let minimum { box = box?.merged(with: minimum) ?? minimum }
    guard var box else { return nil }
    if box.width < 1 { box = Rect(box.x0 - 0.5, box.y0, box.x1 + 0.5, box.y1) }
    if box.height < 1 { box = Rect(box.x0, box.y0 - 0.5, box.x1, box.y1 + 0.5) }
    var stream = AppearanceStream(bbox: box, content: content)
    stream.graphicsStates = graphicsStates
    stream.fonts = fonts
    stream.embeddedFonts = embeddedFonts
    return stream
  }
}
