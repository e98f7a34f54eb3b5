// SPDX-License-Identifier: GPL-3.0-or-later
extension ToolManager {
  /// The handles of selected annotation `id` in display space, as overlay items.
  func handles(of id: Int64, transform: PageTransform) throws(PDFError) -> [OverlayItem] {
    let subtype = try document.annotationSubtype(id)
    let frame = try displayFrame(id, transform)
    func handle(_ point: Point, _ kind: OverlayItem.HandleKind, _ handleID: Int) -> OverlayItem {
      OverlayItem(
        kind: .handle, points: [point], stroke: 0xFF00_78D7, fill: 0xFFFF_FFFF, width: 1, handleKind: kind,
        handleID: Int32(clamping: handleID), annotation: id)
    }
    let boxHandles = ToolGeometry.boxHandles(frame).enumerated().map { handle($0.element, .box, $0.offset) }
    switch subtype {
    case "Line":
      guard let line = try document.annotationProperties(id).line else { return boxHandles }
      return [handle(transform.toDisplay.apply(line.0), .lineStart, 0), handle(transform.toDisplay.apply(line.1), .lineEnd, 1)]
    case "Polygon", "PolyLine":
      let vertices = try document.annotationProperties(id).vertices.map(transform.toDisplay.apply)
      return boxHandles + vertices.enumerated().map { handle($0.element, .vertex, $0.offset) }
    case "Highlight", "Underline", "Squiggly", "StrikeOut":
      let quads = try document.annotationProperties(id).quads.map(transform.toDisplay.apply)
      guard let first = quads.first, let last = quads.last else { return [] }
      let start = Point((first.p1.x + first.p3.x) / 2, (first.p1.y + first.p3.y) / 2)
      let end = Point((last.p2.x + last.p4.x) / 2, (last.p2.y + last.p4.y) / 2)
      return [handle(start, .textStart, 0), handle(end, .textEnd, 1)]
    default:
      return boxHandles
    }
  }

  /// The handle of a selected annotation of `page` under display point `point`: line ends,
  /// vertices and text ends win over box handles (they are drawn over them).
  func handle(at point: Point, page: Int, transform: PageTransform, pointer: PointerKind) throws(PDFError)
    -> (id: Int64, item: OverlayItem)?
  {
    let reach = max(pointer.tolerance, OverlayItem.handleRadius + 1)
    for id in selectedIDs.reversed() where (try? document.annotationPage(id)) == page {
      let candidates = try handles(of: id, transform: transform).sorted {
        ($0.handleKind == .box ? 1 : 0) < ($1.handleKind == .box ? 1 : 0)
      }
      for item in candidates {
        if let center = item.points.first, center.distanceSquared(to: point) <= reach * reach { return (id, item) }
      }
    }
    return nil
  }

  /// Starts dragging handle `item` of annotation `id`; false when the annotation has no such
  /// geometry any more. A Locked annotation's handle starts a press that changes nothing.
  private func beginHandleDrag(
    _ id: Int64, _ item: OverlayItem, _ event: PointerEvent,
    context: (transform: PageTransform, size: (width: Double, height: Double))
  ) throws(PDFError) -> Bool {
    let transform = context.transform
    if try annotationInfo(id).isLocked {
      begin(event, .tapOnly(link: nil), context: context)
      Log.emit(.info, "pdftools", "annotation \(id) is locked; it is not changed")
      return true
    }
    switch item.handleKind {
    case .box:
      begin(event, .resize(id: id, handle: Int(item.handleID), frame: try displayFrame(id, transform)), context: context)
    case .lineStart, .lineEnd:
      guard let line = try document.annotationProperties(id).line else { return false }
      begin(
        event,
        .endpoint(
          id: id, which: item.handleKind == .lineStart ? 0 : 1,
          line: (transform.toDisplay.apply(line.0), transform.toDisplay.apply(line.1))), context: context)
    case .vertex:
      let vertices = try document.annotationProperties(id).vertices.map(transform.toDisplay.apply)
      begin(event, .vertex(id: id, index: Int(item.handleID), vertices: vertices), context: context)
    case .textStart, .textEnd:
      let all = try handles(of: id, transform: transform)
      guard all.count == 2, let other = all[item.handleKind == .textStart ? 1 : 0].points.first else { return false }
      begin(event, .markupEnd(id: id, fixed: transform.toPage.apply(other), selection: nil), context: context)
    }
    return true
  }

  /// A press of an edit tool: on a handle (resize, endpoint, vertex, text range), on an
  /// annotation (select, then move), or on empty space (back to Pan).
  func editDown(_ event: PointerEvent, context: (transform: PageTransform, size: (width: Double, height: Double))) throws(PDFError)
    -> ToolOutcome
  {
    let transform = context.transform
    if let (id, item) = try handle(at: event.point, page: event.page, transform: transform, pointer: event.kind),
      try beginHandleDrag(id, item, event, context: context)
    {
      return .handled
    }
    let hit = try annotation(at: event.point, page: event.page, tolerance: event.kind.tolerance)
    guard let hit, selectable(hit), hit.subtype != "Link" else {
      setSelection([])
      return .handOff(.pan)
    }
    if event.modifiers.contains(.control) || event.modifiers.contains(.meta) {
      toggleSelection(hit.id)
      begin(event, .tapOnly(link: nil), context: context)
      return .handled
    }
    if !selectedIDs.contains(hit.id) { setSelection([hit.id]) }
    let wanted = ToolKind.editTool(for: hit.subtype)
    if wanted != currentTool, selectedIDs.count == 1 { return .handOff(wanted) }
    var movable: [Int64] = []
    for id in selectedIDs {
      let info = try annotationInfo(id)
      if !info.isLocked, !info.isTextMarkup, info.page == event.page { movable.append(id) }
    }
    begin(event, .move(movable: movable), context: context)
    return .handled
  }

  /// The new /Contents of a measuring annotation (a ruler, perimeter or area) whose geometry
  /// becomes `line` or `vertices`; empty for other annotations.
  func remeasured(_ id: Int64, page: Int, line: (Point, Point)?, vertices: [Point]) throws(PDFError) -> [AnnotationChange] {
    guard let intent = try document.annotationRawValue(id, key: "IT") else { return [] }
    let unit = try document.pageUserUnit(page)
    switch intent {
    case "/LineDimension":
      guard let line else { return [] }
      return [.text(key: "Contents", value: ToolGeometry.lengthText([line.0, line.1], unit: unit))]
    case "/PolyLineDimension" where vertices.count >= 2:
      return [.text(key: "Contents", value: ToolGeometry.lengthText(vertices, unit: unit))]
    case "/PolygonDimension" where vertices.count >= 3:
      return [.text(key: "Contents", value: ToolGeometry.areaText(vertices, unit: unit))]
    default:
      return []
    }
  }

  /// The page-to-page map of a display-space map on a page.
  func pageMap(_ display: AffineTransform, _ transform: PageTransform) -> AffineTransform {
    ToolGeometry.concat(ToolGeometry.concat(transform.toDisplay, display), transform.toPage)
  }

  /// Applies a display-space map to annotations as one step labelled `label`.
  func transformAnnotations(
    _ ids: [Int64], page: Int, transform: PageTransform, by display: AffineTransform, label: String,
    key: Journal.CoalescingKey? = nil
  ) throws(PDFError) {
    guard !ids.isEmpty else { return }
    let map = pageMap(display, transform)
    try document.performStep(label, key: key) { () throws(PDFError) in
      for id in ids {
        let input = try document.annotationProperties(id)
        let measured = try remeasured(
          id, page: page, line: input.line.map { (map.apply($0.0), map.apply($0.1)) },
          vertices: input.vertices.map(map.apply))
        try document.updateAnnotation(id, ToolGeometry.changes(moving: input, by: map) + measured)
      }
    }
    notify(.annotationsModified, page: page, ids: ids)
    notify(.undoState)
  }

  /// Writes a move drag.
  func commitMove(_ finished: Gesture, ids: [Int64]) throws(PDFError) {
    let dx = finished.current.x - finished.start.x
    let dy = finished.current.y - finished.start.y
    try transformAnnotations(
      ids, page: finished.page, transform: finished.transform,
      by: AffineTransform(a: 1, b: 0, c: 0, d: 1, e: dx, f: dy),
      label: ids.count == 1 ? "Move Annotation" : "Move Annotations")
  }

  /// Writes a resize drag.
  func commitResize(_ finished: Gesture, id: Int64, handle: Int, frame: Rect) throws(PDFError) {
    let target = ToolGeometry.resized(
      frame, handle: handle, to: finished.current, keepAspect: finished.modifiers.contains(.shift))
    try transformAnnotations(
      [id], page: finished.page, transform: finished.transform, by: ToolGeometry.map(from: frame, to: target),
      label: "Resize Annotation")
  }

  /// Writes a dragged line endpoint.
  func commitEndpoint(_ finished: Gesture, id: Int64, which: Int, line: (Point, Point)) throws(PDFError) {
    let fixed = which == 0 ? line.1 : line.0
    let moved = finished.modifiers.contains(.shift) ? ToolGeometry.snapped(fixed, finished.current) : finished.current
    let start = finished.toPage(which == 0 ? moved : line.0)
    let end = finished.toPage(which == 0 ? line.1 : moved)
    let input = try document.annotationProperties(id)
    let measured = try remeasured(id, page: finished.page, line: (start, end), vertices: [])
    try document.performStep("Move Line End") { () throws(PDFError) in
      try document.updateAnnotation(
        id,
        [
          .line(
            start: start, end: end, startEnding: input.lineEndings.0, endEnding: input.lineEndings.1,
            leaderLength: input.leaderLength, leaderExtension: input.leaderExtension)
        ] + measured)
    }
    notify(.annotationsModified, page: finished.page, ids: [id])
    notify(.undoState)
  }

  /// Writes dragged vertices.
  func commitVertices(_ finished: Gesture, id: Int64, vertices: [Point]) throws(PDFError) {
    let points = vertices.map(finished.toPage)
    let measured = try remeasured(id, page: finished.page, line: nil, vertices: points)
    try document.performStep("Move Vertex") { () throws(PDFError) in
      try document.updateAnnotation(id, [.vertices(points)] + measured)
    }
    notify(.annotationsModified, page: finished.page, ids: [id])
    notify(.undoState)
  }

  /// Writes a text markup's new range.
  func commitMarkupRange(_ id: Int64, selection: TextSelection, page: Int) throws(PDFError) {
    let lines = try document.selectionLines(selection, page: page)
    guard !lines.isEmpty else { return }
    var changes: [AnnotationChange] = [.quads(lines.map { Quad($0.rect, direction: $0.direction) })]
    // LockedContents keeps the text the markup had.
    if !(try annotationInfo(id).contentsLocked) {
      changes.append(.text(key: "Contents", value: try document.selectionText(selection)))
    }
    try document.performStep("Change Text Range") { () throws(PDFError) in
      try document.updateAnnotation(id, changes)
    }
    notify(.annotationsModified, page: page, ids: [id])
    notify(.undoState)
  }

  /// Deletes the selection except Locked annotations; call under the lock.
  func deleteSelected() throws(PDFError) {
    guard editsAnnotations else { throw PDFError(.notPermitted, "deleting annotations needs annotate or form mode") }
    pruneSelection()
    guard !selectedIDs.isEmpty else { return }
    var deletable: [Int64] = []
    var kept: [Int64] = []
    var page = -1
    for id in selectedIDs {
      let info = try annotationInfo(id)
      if info.isLocked { kept.append(id) } else { deletable.append(id) }
      if page < 0 { page = info.page }
    }
    guard !deletable.isEmpty else { throw PDFError(.notPermitted, "the selected annotations are locked") }
    try document.performStep(deletable.count == 1 ? "Delete Annotation" : "Delete Annotations") { () throws(PDFError) in
      for id in deletable { try document.deleteAnnotation(id) }
    }
    notify(.annotationsRemoved, page: page, ids: deletable)
    notify(.undoState)
    setSelection(kept)
  }

  /// Moves the selection by a display-space step; consecutive nudges merge into one step.
  func nudge(dx: Double, dy: Double) throws(PDFError) -> Bool {
    pruneSelection()
    guard !selectedIDs.isEmpty, editsAnnotations else { return false }
    var byPage: [Int: [Int64]] = [:]
    var locked = 0
    for id in selectedIDs {
      let info = try annotationInfo(id)
      if info.isLocked || info.isTextMarkup {
        locked += 1
      } else {
        byPage[info.page, default: []].append(id)
      }
    }
    guard !byPage.isEmpty else {
      throw PDFError(.notPermitted, "the selected annotations are locked or text markups, which stay on their text")
    }
    if nudgeSession == nil {
      sessionCounter += 1
      nudgeSession = sessionCounter
    }
    let key = Journal.CoalescingKey(properties: ["Nudge \(nudgeSession ?? 0)"], targets: Set(selectedIDs))
    let shift = AffineTransform(a: 1, b: 0, c: 0, d: 1, e: dx, f: dy)
    var changed: [Int64] = []
    let label = byPage.values.reduce(0) { $0 + $1.count } == 1 ? "Move Annotation" : "Move Annotations"
    try document.performStep(label, key: key) { () throws(PDFError) in
      for (page, ids) in byPage.sorted(by: { $0.key < $1.key }) {
        let map = pageMap(shift, try document.transform(ofPage: page))
        for id in ids {
          try document.updateAnnotation(id, ToolGeometry.changes(moving: try document.annotationProperties(id), by: map))
          changed.append(id)
        }
      }
    }
    notify(.annotationsModified, page: byPage.keys.min() ?? -1, ids: changed)
    notify(.undoState)
    return true
  }

  /// A key press.
  public func key(_ key: ToolKey, modifiers: Modifiers) throws(PDFError) -> Bool {
    try run { () throws(PDFError) -> Bool in
      lastUpTap = nil
      // A form field being filled takes the keys first (typing, Tab order, Escape).
      if currentMode != .form, let taken = try fieldKey(key, modifiers: modifiers) { return taken }
      let keepsNudging = [.left, .right, .up, .down].contains(key)
      if !keepsNudging { nudgeSession = nil }
      switch key {
      case .tab:
        // Without a focused field, Tab focuses the first (Shift: the last) field to fill.
        guard currentMode != .form else { return false }
        try moveFocus(backwards: modifiers.contains(.shift))
        return fieldFocus != nil
      case .escape:
        if pending != nil {
          pending = nil
          return true
        }
        if gesture != nil {
          gesture = nil
          return true
        }
        if vertexSession != nil {
          vertexSession = nil
          return true
        }
        if inkSession != nil {
          try endInkSession()
          return true
        }
        let had = !selectedIDs.isEmpty || textSelection != nil
        clearTextSelection()
        setSelection([])
        if currentTool.isEditTool || (currentTool == .textSelect && handedOff) { switchTool(.pan, handedOff: false) }
        return had
      case .enter:
        if vertexSession != nil {
          try finishVertices(switching: true)
          return true
        }
        if inkSession != nil {
          try endInkSession()
          return true
        }
        return false
      case .backspace, .delete:
        if key == .backspace, var session = vertexSession {
          session.points.removeLast()
          vertexSession = session.points.isEmpty ? nil : session
          return true
        }
        guard !selectedIDs.isEmpty, editsAnnotations else { return false }
        try deleteSelected()
        return true
      case .left, .right, .up, .down:
        let step = modifiers.contains(.shift) ? 10.0 : 1.0
        let dx = key == .left ? -step : key == .right ? step : 0
        let dy = key == .up ? -step : key == .down ? step : 0
        return try nudge(dx: dx, dy: dy)
      }
    }
  }
}
