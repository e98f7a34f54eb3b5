// SPDX-License-Identifier: GPL-3.0-or-later
extension ToolManager {
  /// The selection colour of frames and text (0xAARRGGBB).
  static let frameColor: UInt32 = 0xFF00_78D7

  /// The overlay of `page` and the display-space area changed since the last overlay that was
  /// handed over (`consume` true marks this one as handed over).
  public func overlay(page: Int, consume: Bool) throws(PDFError) -> (items: [OverlayItem], dirty: Rect?) {
    let overlay = try overlay(page: page, consumeWithin: consume ? (Int.max, Int.max) : nil)
    return (overlay.items, overlay.dirty)
  }

  /// As ``overlay(page:consume:)``, built once: the overlay counts as handed over when it fits
  /// `limits` (items and points), as a caller's buffers; `consumed` says whether it did.
  public func overlay(page: Int, consumeWithin limits: (items: Int, points: Int)?) throws(PDFError)
    -> (items: [OverlayItem], dirty: Rect?, consumed: Bool)
  {
    try run { () throws(PDFError) -> (items: [OverlayItem], dirty: Rect?, consumed: Bool) in
      let count = document.pageCount
      guard page >= 0, page < count else {
        throw PDFError(.outOfRange, "page index \(page) is out of range (the document has \(count) pages)")
      }
      let items = try overlayItems(page)
      let previous = delivered[page] ?? []
      var dirty: Rect? = nil
      if items != previous {
        var changed = Extent()
        for item in previous + items { if let box = item.bounds { changed.include(box) } }
        dirty = changed.rect
      }
      let points = items.reduce(0) { $0 + $1.points.count }
      let consumed = limits.map { items.count <= $0.items && points <= $0.points } ?? false
      if consumed { delivered[page] = items }
      return (items, dirty, consumed)
    }
  }

  /// Builds the overlay of `page`; call under the lock.
  private func overlayItems(_ page: Int) throws(PDFError) -> [OverlayItem] {
    var items: [OverlayItem] = []
    let transform = try document.transform(ofPage: page)
    if let textSelection, gesture == nil {
      items += try quadItems(textSelection, fill: 0x5500_78D7, page: page, transform: transform)
    }
    if let gesture { items += try gestureItems(gesture, page: page, transform: transform) }
    items += try fieldFocusItems(page: page, transform: transform)
    if let session = vertexSession, session.page == page {
      var points = session.points
      if let hover = session.hover { points.append(hover) }
      let closed = session.tool.closesShape && points.count >= 3
      items.append(
        OverlayItem(
          kind: closed ? .polygon : .path, points: points, stroke: OverlayItem.argb(session.style.color),
          fill: OverlayItem.argb(session.style.fill), width: session.style.width))
      for (index, vertex) in session.points.enumerated() {
        items.append(
          OverlayItem(
            kind: .handle, points: [vertex], stroke: ToolManager.frameColor, fill: 0xFFFF_FFFF, width: 1,
            handleKind: .vertex, handleID: Int32(clamping: index)))
      }
    }
    if let pending, pending.page == page {
      let box = pending.box
      items.append(
        OverlayItem(
          kind: .rect, points: [Point(box.x0, box.y0), Point(box.x1, box.y1)], stroke: ToolManager.frameColor, width: 1,
          dash: 3))
      if let anchor = pending.anchor {
        items.append(
          OverlayItem(
            kind: .path, points: [anchor, Point(box.x0, (box.y0 + box.y1) / 2)],
            stroke: OverlayItem.argb(pending.style.color ?? RGBColor(0, 0, 0)), width: max(pending.style.width, 1)))
      }
      if pending.need == .text {
        let size = pending.style.fontSize
        items.append(
          OverlayItem(
            kind: .caret, points: [Point(box.x0 + 2, box.y0 + 2), Point(box.x0 + 2, box.y0 + 2 + size)],
            stroke: 0xFF00_0000, width: 1))
      }
    }
    if !isMovingSelection {
      for id in selectedIDs where (try? document.annotationPage(id)) == page {
        let frame = try displayFrame(id, transform)
        items.append(
          OverlayItem(
            kind: .rect, points: [Point(frame.x0, frame.y0), Point(frame.x1, frame.y1)], stroke: ToolManager.frameColor,
            width: 1, dash: 3, annotation: id))
        items += try handles(of: id, transform: transform)
      }
    }
    return items
  }

  /// True while a gesture moves or reshapes the selection (its frames follow the gesture).
  private var isMovingSelection: Bool {
    switch gesture?.kind {
    case .move, .resize, .endpoint, .vertex, .markupEnd: return gesture?.moved ?? false
    default: return false
    }
  }

  /// One quad item per line of `selection` on `page`.
  private func quadItems(_ selection: TextSelection, fill: UInt32, page: Int, transform: PageTransform) throws(PDFError)
    -> [OverlayItem]
  {
    guard page >= selection.startPage, page <= selection.endPage, !selection.isEmpty else { return [] }
    return try document.selectionLines(selection, page: page).map { line in
      let quad = transform.toDisplay.apply(Quad(line.rect, direction: line.direction))
      return OverlayItem(kind: .quad, points: quad.corners, fill: fill, width: 0)
    }
  }

  /// The items of a gesture in progress.
  private func gestureItems(_ gesture: Gesture, page: Int, transform: PageTransform) throws(PDFError) -> [OverlayItem] {
    var items: [OverlayItem] = []
    let style = gesture.style
    let stroke = OverlayItem.argb(style.color, alpha: style.opacity)
    let width = max(style.width, 1)
    if case .textRange(_, _, let selection?) = gesture.kind {
      let fill = gesture.tool.markupSubtype != nil ? OverlayItem.argb(style.color, alpha: 0.35) : 0x5500_78D7
      return try quadItems(selection, fill: fill, page: page, transform: transform)
    }
    guard gesture.page == page, gesture.moved || gesture.tool == .eraser || gesture.tool.isFreehand else { return [] }
    let start = gesture.start
    let end = gesture.current
    let square = gesture.modifiers.contains(.shift)
    let box = ToolGeometry.box(start, end, square: square)
    let corners = [Point(box.x0, box.y0), Point(box.x1, box.y1)]
    switch gesture.kind {
    case .widget:
      break  // a press on a form field draws nothing until it fills the field
    case .boxSelect:
      items.append(
        OverlayItem(kind: .rect, points: [start, end], stroke: ToolManager.frameColor, fill: 0x2200_78D7, width: 1, dash: 3))
    case .stroke(let points):
      if gesture.tool == .eraser {
        items.append(OverlayItem(kind: .path, points: points, stroke: 0x8080_8080, width: width))
        for id in gesture.erased.wholeHit {
          if let frame = gesture.erased.others.first(where: { $0.id == id })?.frame {
            items.append(
              OverlayItem(
                kind: .rect, points: [Point(frame.x0, frame.y0), Point(frame.x1, frame.y1)], stroke: 0xFFFF_0000, width: 1,
                dash: 2, annotation: id))
          }
        }
        for ink in gesture.erased.inks {
          for index in (gesture.erased.strokesHit[ink.id] ?? []).sorted() where index < ink.strokes.count {
            items.append(OverlayItem(kind: .path, points: ink.strokes[index], stroke: 0xFFFF_0000, width: 1, dash: 2, annotation: ink.id))
          }
        }
      } else {
        // Strokes written earlier in the session are drawn with this one.
        if let session = inkSession, session.page == page, session.tool == gesture.tool {
          for earlier in session.strokes {
            items.append(
              OverlayItem(kind: .path, points: earlier.map(transform.toDisplay.apply), stroke: stroke, width: width))
          }
        }
        items.append(OverlayItem(kind: .path, points: points, stroke: stroke, width: width))
      }
    case .shape:
      switch gesture.tool {
      case .rectangle, .freeText, .stamp, .image, .signature, .link, .formText, .formCheckbox, .formRadio, .formComboBox,
        .formListBox, .formPushButton, .formSignature:
        items.append(OverlayItem(kind: .rect, points: corners, stroke: stroke == 0 ? ToolManager.frameColor : stroke, fill: OverlayItem.argb(style.fill, alpha: style.opacity), width: width))
      case .oval:
        items.append(OverlayItem(kind: .ellipse, points: corners, stroke: stroke, fill: OverlayItem.argb(style.fill, alpha: style.opacity), width: width))
      case .line, .arrow, .ruler:
        let tip = square ? ToolGeometry.snapped(start, end) : end
        items.append(OverlayItem(kind: .path, points: [start, tip], stroke: stroke, width: width))
      case .callout:
        let size = ToolManager.calloutSize
        items.append(OverlayItem(kind: .path, points: [start, end], stroke: stroke, width: width))
        items.append(
          OverlayItem(
            kind: .rect, points: [end, Point(end.x + size.width, end.y + size.height)], stroke: ToolManager.frameColor,
            width: 1, dash: 3))
      default:
        break
      }
    case .move(let ids):
      let dx = end.x - start.x
      let dy = end.y - start.y
      for id in ids {
        let frame = try displayFrame(id, transform)
        items.append(
          OverlayItem(
            kind: .rect, points: [Point(frame.x0 + dx, frame.y0 + dy), Point(frame.x1 + dx, frame.y1 + dy)],
            stroke: ToolManager.frameColor, width: 1, dash: 3, annotation: id))
      }
    case .resize(let id, let handle, let frame):
      let target = ToolGeometry.resized(frame, handle: handle, to: end, keepAspect: square)
      items.append(
        OverlayItem(
          kind: .rect, points: [Point(target.x0, target.y0), Point(target.x1, target.y1)], stroke: ToolManager.frameColor,
          width: 1, dash: 3, annotation: id))
    case .endpoint(let id, let which, let line):
      let fixed = which == 0 ? line.1 : line.0
      let moved = square ? ToolGeometry.snapped(fixed, end) : end
      items.append(
        OverlayItem(
          kind: .path, points: which == 0 ? [moved, line.1] : [line.0, moved], stroke: ToolManager.frameColor, width: 1,
          dash: 3, annotation: id))
    case .vertex(let id, let index, let vertices):
      var moved = vertices
      if index < moved.count { moved[index] = end }
      let subtype = (try? document.annotationSubtype(id)) ?? "PolyLine"
      items.append(
        OverlayItem(
          kind: subtype == "Polygon" ? .polygon : .path, points: moved, stroke: ToolManager.frameColor, width: 1, dash: 3,
          annotation: id))
    case .markupEnd(let id, _, let selection):
      if let selection {
        let color = (try? document.annotationProperties(id).color) ?? nil
        items += try quadItems(
          selection, fill: OverlayItem.argb(color ?? RGBColor(1, 1, 0), alpha: 0.35), page: page, transform: transform)
      }
    case .tapOnly, .textRange:
      break
    }
    return items
  }
}
