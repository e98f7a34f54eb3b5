// SPDX-License-Identifier: GPL-3.0-or-later
extension ToolManager {
  /// Ends a gesture at pointer up and writes its result; call under the lock.
  func finish(_ finished: Gesture, _ event: PointerEvent) throws(PDFError) -> Bool {
    guard finished.moved || finished.tool == .eraser else { return try tapAfterPress(finished) }
    let style = finished.style
    let square = finished.modifiers.contains(.shift)
    let box = ToolGeometry.box(finished.start, finished.current, square: square)
    switch finished.kind {
    case .boxSelect:
      try selectInBand(box, page: finished.page, transform: finished.transform)
    case .textRange(_, _, let selection):
      let selection = selection.flatMap { $0.isEmpty ? nil : $0 }
      switch finished.tool {
      case .textSelect: setTextSelection(selection, page: event.page)
      case .link:
        guard let selection else { return true }
        let lines = try document.selectionLines(selection, page: finished.page)
        guard !lines.isEmpty else { return true }
        let quads = lines.map { Quad($0.rect, direction: $0.direction) }
        let frame = lines.dropFirst().reduce(lines[0].rect) { $0.merged(with: $1.rect) }
        try place(
          PendingPlacement(
            tool: .link, page: finished.page, transform: finished.transform,
            box: finished.transform.toDisplay.apply(frame), anchor: nil, quads: quads, style: style,
            need: .linkTarget, editing: nil, fromTap: false))
      default:
        guard let selection else { return true }
        try createMarkups(finished.tool, selection: selection, style: style)
      }
    case .stroke(let points):
      if finished.tool == .eraser {
        try commitErase(finished)
      } else {
        guard points.count >= 2 else { return true }
        try commitStroke(finished, points)
      }
    case .shape:
      switch finished.tool {
      case .rectangle, .oval:
        guard box.width >= 1, box.height >= 1 else { return true }
        try createAnnotation(
          finished.tool, page: finished.page, subtype: finished.tool == .rectangle ? "Square" : "Circle",
          rect: finished.transform.toPage.apply(box), style: style, extra: [])
      case .line, .arrow, .ruler:
        let end = square ? ToolGeometry.snapped(finished.start, finished.current) : finished.current
        guard end.distanceSquared(to: finished.start) >= 4 else { return true }
        try createLine(finished, end: end)
      case .freeText, .stamp, .image, .signature, .link:
        guard box.width >= 1, box.height >= 1 else { return true }
        let need: PendingPlacement.Need
        switch finished.tool {
        case .freeText: need = .text
        case .image: need = .payload("image")
        case .signature: need = .payload("signature")
        case .link: need = .linkTarget
        default: need = .payload("none")
        }
        try place(
          PendingPlacement(
            tool: finished.tool, page: finished.page, transform: finished.transform, box: box, anchor: nil, quads: [],
            style: style, need: need, editing: nil, fromTap: false))
      case .formText, .formCheckbox, .formRadio, .formComboBox, .formListBox, .formPushButton, .formSignature:
        guard box.width >= 4, box.height >= 4 else { return true }
        try createFieldFromTool(finished, box: box)
      case .callout:
        let origin = finished.current
        let size = ToolManager.calloutSize
        var textBox = Rect(origin.x, origin.y, origin.x + size.width, origin.y + size.height)
        if textBox.x1 > finished.size.width { textBox = Rect(origin.x - size.width, origin.y, origin.x, origin.y + size.height) }
        try place(
          PendingPlacement(
            tool: .callout, page: finished.page, transform: finished.transform, box: textBox, anchor: finished.start,
            quads: [], style: style, need: .text, editing: nil, fromTap: false))
      default:
        break
      }
    case .widget:
      break  // a drag that began on a form field fills nothing
    case .tapOnly:
      // Tools that place by tapping also place at the start of a drag; vertex tools take the
      // point where the drag ended.
      if finished.tool.isVertexTool {
        var moved = finished
        moved.start = finished.current
        return try tapAfterPress(moved)
      }
      return try tapAfterPress(finished)
    case .move(let movable):
      try commitMove(finished, ids: movable)
    case .resize(let id, let handle, let frame):
      try commitResize(finished, id: id, handle: handle, frame: frame)
    case .endpoint(let id, let which, let line):
      try commitEndpoint(finished, id: id, which: which, line: line)
    case .vertex(let id, let index, let vertices):
      var moved = vertices
      if index < moved.count { moved[index] = finished.current }
      try commitVertices(finished, id: id, vertices: moved)
    case .markupEnd(let id, _, let selection):
      guard let selection, !selection.isEmpty else { return true }
      try commitMarkupRange(id, selection: selection, page: finished.page)
    }
    return true
  }

  /// What a press that never moved does (a tap); call under the lock.
  func tapAfterPress(_ pressed: Gesture) throws(PDFError) -> Bool {
    let at = pressed.start
    func boxAt(_ width: Double, _ height: Double) -> Rect { Rect(at.x, at.y, at.x + width, at.y + height) }
    func placement(_ box: Rect, _ need: PendingPlacement.Need) -> PendingPlacement {
      PendingPlacement(
        tool: pressed.tool, page: pressed.page, transform: pressed.transform, box: box, anchor: nil, quads: [],
        style: pressed.style, need: need, editing: nil, fromTap: true)
    }
    switch pressed.kind {
    case .tapOnly(let link?):
      try activateLink(link, page: pressed.page)
      return true
    case .widget(let id):
      try activateWidget(id)
      return true
    case .boxSelect:
      clearTextSelection()
      setSelection([])
      return true
    case .textRange:
      if pressed.tool == .textSelect { clearTextSelection() }
      return true
    default:
      break
    }
    switch pressed.tool {
    case .stickyNote: try place(placement(boxAt(24, 24), .text))
    case .fileAttachment: try place(placement(boxAt(24, 24), .payload("file")))
    case .freeText: try place(placement(boxAt(150, 30), .text))
    case .stamp: try place(placement(boxAt(150, 50), .payload("none")))
    case .image: try place(placement(boxAt(150, 150), .payload("image")))
    case .signature: try place(placement(boxAt(150, 60), .payload("signature")))
    case .polyline, .polygon, .cloud, .perimeter, .area: try addVertex(pressed)
    default: return pressed.tool.isEditTool || pressed.tool == .pan
    }
    return true
  }

  /// The size of a callout's text box (display units).
  static let calloutSize = (width: 150.0, height: 30.0)

  /// Selects the annotations of `page` whose frames meet the band; call under the lock.
  private func selectInBand(_ band: Rect, page: Int, transform: PageTransform) throws(PDFError) {
    clearTextSelection()
    var ids: [Int64] = []
    var firstSubtype: String? = nil
    for id in try document.annotations(onPage: page) {
      let info = AnnotationInfo(
        id: id, page: page, subtype: try document.annotationSubtype(id), flags: try document.annotationFlags(id))
      guard selectable(info), info.subtype != "Link" else { continue }
      let frame = transform.toDisplay.apply(try document.annotationRect(id))
      guard frame.x0 <= band.x1, frame.x1 >= band.x0, frame.y0 <= band.y1, frame.y1 >= band.y0 else { continue }
      ids.append(id)
      if firstSubtype == nil { firstSubtype = info.subtype }
    }
    setSelection(ids)
    if let firstSubtype { switchTool(ToolKind.editTool(for: firstSubtype), handedOff: true) }
  }
}
