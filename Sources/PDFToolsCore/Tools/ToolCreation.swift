// SPDX-License-Identifier: GPL-3.0-or-later
extension ToolManager {
  /// Creates one annotation with `style` and `extra` changes as one undo step, then runs
  /// `after` inside the same step; reports it and applies the one-shot rule. Call under the lock.
  @discardableResult
  func createAnnotation(
    _ tool: ToolKind, page: Int, subtype: String, rect: Rect, style: ToolStyle, extra: [AnnotationChange],
    oneShot: Bool = true, after: (Int64) throws(PDFError) -> Void = { _ in }
  ) throws(PDFError) -> Int64 {
    let id = try document.performStep("Add \(subtype)") { () throws(PDFError) -> Int64 in
      let id = try document.createAnnotation(page: page, subtype: subtype, rect: rect)
      try document.updateAnnotation(id, style.changes(for: subtype, current: nil) + extra)
      try after(id)
      return id
    }
    finishCreation([id], page: page, tool: tool, oneShot: oneShot)
    return id
  }

  /// Reports new annotations; a one-shot tool then returns to Pan with them selected.
  func finishCreation(_ ids: [Int64], page: Int, tool: ToolKind, oneShot: Bool = true) {
    notify(.annotationsAdded, page: page, ids: ids, tool: tool)
    notify(.undoState, tool: tool)
    guard oneShot, !isSticky else { return }
    switchTool(.pan, handedOff: false)
    setSelection(ids)
  }

  /// The /Measure dictionary of measuring annotations on a page with `userUnit`.
  private func measureSyntax(_ userUnit: Double) -> String {
    let factor = JSON.format(userUnit)
    func format(_ unit: String) -> String { "[<< /Type /NumberFormat /U (\(unit)) /C \(factor) /D 100 >>]" }
    return "<< /Type /Measure /Subtype /RL /R (1 pt = \(factor) pt) /X \(format("pt")) /D \(format("pt")) /A \(format("sq pt")) >>"
  }

  /// Creates a line, arrow or ruler from the gesture to `end` (display space).
  func createLine(_ finished: Gesture, end: Point) throws(PDFError) {
    let style = finished.style
    let a = finished.toPage(finished.start)
    let b = finished.toPage(end)
    let rect = Rect(a.x, a.y, b.x, b.y).grown(by: max(style.width, 1) * 2)
    var extra: [AnnotationChange] = [
      .line(start: a, end: b, startEnding: style.lineStart, endEnding: style.lineEnd, leaderLength: 0, leaderExtension: 0)
    ]
    var measure: String? = nil
    if finished.tool == .ruler {
      let unit = try document.pageUserUnit(finished.page)
      extra.append(.text(key: "Contents", value: ToolGeometry.lengthText([a, b], unit: unit)))
      extra.append(.caption(true))
      measure = measureSyntax(unit)
    }
    try createAnnotation(finished.tool, page: finished.page, subtype: "Line", rect: rect, style: style, extra: extra) {
      (id: Int64) throws(PDFError) in
      guard let measure else { return }
      try document.setAnnotationRawValue(id, key: "IT", syntax: "/LineDimension")
      try document.setAnnotationRawValue(id, key: "Measure", syntax: measure)
    }
  }

  /// Creates one text markup per page of `selection`, quads per line, as one step.
  func createMarkups(_ tool: ToolKind, selection: TextSelection, style: ToolStyle) throws(PDFError) {
    guard let subtype = tool.markupSubtype else { return }
    var made: [(page: Int, id: Int64)] = []
    try document.performStep("Add \(subtype)") { () throws(PDFError) in
      for page in selection.startPage...selection.endPage {
        let lines = try document.selectionLines(selection, page: page)
        guard let first = lines.first else { continue }
        let frame = lines.dropFirst().reduce(first.rect) { $0.merged(with: $1.rect) }
        let part = TextSelection(
          startPage: page, startChar: page == selection.startPage ? selection.startChar : 0, endPage: page,
          endChar: page == selection.endPage ? selection.endChar : Int(Int32.max))
        let text = try document.selectionText(part)
        let id = try document.createAnnotation(page: page, subtype: subtype, rect: frame)
        try document.updateAnnotation(
          id,
          style.changes(for: subtype, current: nil) + [
            .quads(lines.map { Quad($0.rect, direction: $0.direction) }), .text(key: "Contents", value: text),
          ])
        made.append((page, id))
      }
    }
    guard !made.isEmpty else { return }
    // One added event per page touched, then the one-shot rule for all of them.
    for page in Set(made.map(\.page)).sorted() {
      notify(.annotationsAdded, page: page, ids: made.filter { $0.page == page }.map(\.id), tool: tool)
    }
    notify(.undoState, tool: tool)
    guard !isSticky else { return }
    switchTool(.pan, handedOff: false)
    setSelection(made.map(\.id))
  }

  /// Writes a freehand stroke: a new Ink annotation, or one more stroke of the session's.
  func commitStroke(_ finished: Gesture, _ points: [Point]) throws(PDFError) {
    let stroke = points.map(finished.toPage)
    if var session = inkSession, session.page == finished.page, session.tool == finished.tool,
      (try? document.annotationPage(session.id)) != nil
    {
      session.strokes.append(stroke)
      let strokes = session.strokes
      try document.performStep("Add Ink", key: session.key) { () throws(PDFError) in
        try document.updateAnnotation(session.id, [.ink(strokes)])
      }
      inkSession = session
      notify(.annotationsModified, page: finished.page, ids: [session.id])
      notify(.undoState)
      return
    }
    sessionCounter += 1
    let key = Journal.CoalescingKey(properties: ["Ink session \(sessionCounter)"], targets: [-sessionCounter])
    guard let bounds = Extent(stroke).rect else { return }
    let rect = bounds.grown(by: max(finished.style.width, 1))
    let style = finished.style
    let id = try document.performStep("Add Ink", key: key) { () throws(PDFError) -> Int64 in
      let id = try document.createAnnotation(page: finished.page, subtype: "Ink", rect: rect)
      try document.updateAnnotation(id, style.changes(for: "Ink", current: nil) + [.ink([stroke])])
      return id
    }
    inkSession = InkSession(tool: finished.tool, page: finished.page, id: id, strokes: [stroke], key: key)
    finishCreation([id], page: finished.page, tool: finished.tool, oneShot: false)
  }

  /// Ends the freehand session: a one-shot tool returns to Pan with the ink selected.
  func endInkSession() throws(PDFError) {
    guard let session = inkSession else { return }
    inkSession = nil
    guard !isSticky, currentTool.isFreehand else { return }
    switchTool(.pan, handedOff: false)
    if (try? document.annotationPage(session.id)) != nil { setSelection([session.id]) }
  }

  /// Adds a clicked vertex (a tap near the first vertex closes a polygon).
  func addVertex(_ pressed: Gesture) throws(PDFError) {
    let point = pressed.start
    if var session = vertexSession, session.page == pressed.page, session.tool == pressed.tool {
      if pressed.tool.closesShape, session.points.count >= 3, let first = session.points.first,
        first.distanceSquared(to: point) <= 36
      {
        try finishVertices(switching: true)
        return
      }
      if let last = session.points.last, last.distanceSquared(to: point) < 4 { return }
      var next = point
      if pressed.modifiers.contains(.shift), let last = session.points.last { next = ToolGeometry.snapped(last, point) }
      session.points.append(next)
      session.hover = nil
      vertexSession = session
      return
    }
    vertexSession = VertexSession(
      tool: pressed.tool, page: pressed.page, transform: pressed.transform, points: [point], hover: nil,
      style: pressed.style)
  }

  /// Writes the clicked shape when it has enough vertices and ends the session; `switching`
  /// false keeps the tool (the host is changing it anyway).
  func finishVertices(switching: Bool) throws(PDFError) {
    guard let session = vertexSession else { return }
    vertexSession = nil
    let closes = session.tool.closesShape
    guard session.points.count >= (closes ? 3 : 2) else { return }
    let vertices = session.points.map(session.transform.toPage.apply)
    guard let bounds = Extent(vertices).rect else { return }
    let subtype = closes ? "Polygon" : "PolyLine"
    var extra: [AnnotationChange] = [.vertices(vertices)]
    var intent: String? = nil
    let unit = try document.pageUserUnit(session.page)
    switch session.tool {
    case .perimeter:
      intent = "/PolyLineDimension"
      extra.append(.text(key: "Contents", value: ToolGeometry.lengthText(vertices, unit: unit)))
    case .area:
      intent = "/PolygonDimension"
      extra.append(.text(key: "Contents", value: ToolGeometry.areaText(vertices, unit: unit)))
    default:
      break
    }
    let measure = measureSyntax(unit)
    try createAnnotation(
      session.tool, page: session.page, subtype: subtype, rect: bounds.grown(by: max(session.style.width, 1)),
      style: session.style, extra: extra, oneShot: switching
    ) { (id: Int64) throws(PDFError) in
      guard let intent else { return }
      try document.setAnnotationRawValue(id, key: "IT", syntax: intent)
      try document.setAnnotationRawValue(id, key: "Measure", syntax: measure)
    }
  }
}
