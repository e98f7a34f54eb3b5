// SPDX-License-Identifier: GPL-3.0-or-later
extension ToolManager {
  /// What an eraser on `page` can remove: ink strokes and other markup annotations that are
  /// visible, not read-only and not locked; call under the lock.
  func erasable(page: Int, transform: PageTransform) throws(PDFError) -> ErasedSet {
    var set = ErasedSet()
    for id in try document.annotations(onPage: page) {
      let info = AnnotationInfo(
        id: id, page: page, subtype: try document.annotationSubtype(id), flags: try document.annotationFlags(id))
      guard info.isSelectable, !info.isLocked, info.subtype != "Link" else { continue }
      if info.subtype == "Ink" {
        let strokes = try document.annotationProperties(id).inkStrokes.map { $0.map(transform.toDisplay.apply) }
        set.inks.append((id, strokes))
      } else if CreatableSubtype.markup.contains(info.subtype) {
        let frame = transform.toDisplay.apply(try document.annotationRect(id))
        var outline: [Point] = []
        if ["Line", "PolyLine", "Polygon"].contains(info.subtype) {
          let input = try document.annotationProperties(id)
          outline = (input.line.map { [$0.0, $0.1] } ?? input.vertices).map(transform.toDisplay.apply)
        }
        set.others.append((id, frame, outline, info.subtype == "Polygon"))
      }
    }
    return set
  }

  /// Notes what the eraser segment `a`–`b` touches.
  func markErased(_ current: inout Gesture, from a: Point, to b: Point) {
    let radius = max(current.style.width, 1) / 2
    for ink in current.erased.inks {
      var hit = current.erased.strokesHit[ink.id] ?? []
      for (index, stroke) in ink.strokes.enumerated() where !hit.contains(index) {
        if stroke.count == 1, let only = stroke.first {
          if ToolGeometry.distance(only, a, b) <= radius { hit.insert(index) }
          continue
        }
        for segment in 1..<max(stroke.count, 1) where stroke.count > 1 {
          if ToolGeometry.segmentsNear(a, b, stroke[segment - 1], stroke[segment], radius: radius) {
            hit.insert(index)
            break
          }
        }
      }
      if !hit.isEmpty { current.erased.strokesHit[ink.id] = hit }
    }
    for other in current.erased.others where !current.erased.wholeHit.contains(other.id) {
      if other.outline.count >= 2 {
        // Lines and polygons are erased where they are drawn, not anywhere in their box.
        let path = other.closed ? other.outline + other.outline.prefix(1) : other.outline
        var touched = other.closed && (ToolGeometry.contains(other.outline, a) || ToolGeometry.contains(other.outline, b))
        for index in path.indices.dropFirst() where !touched {
          touched = ToolGeometry.segmentsNear(a, b, path[index - 1], path[index], radius: radius)
        }
        if touched { current.erased.wholeHit.append(other.id) }
        continue
      }
      let frame = other.frame.grown(by: radius)
      let corners = [
        Point(frame.x0, frame.y0), Point(frame.x1, frame.y0), Point(frame.x1, frame.y1), Point(frame.x0, frame.y1),
      ]
      var touched = frame.contains(a) || frame.contains(b)
      if !touched {
        for index in 0..<4 where ToolGeometry.segmentsNear(a, b, corners[index], corners[(index + 1) % 4], radius: 0) {
          touched = true
          break
        }
      }
      if touched { current.erased.wholeHit.append(other.id) }
    }
  }

  /// Removes what the eraser touched as one step; call under the lock.
  func commitErase(_ finished: Gesture) throws(PDFError) {
    let erased = finished.erased
    guard !erased.strokesHit.isEmpty || !erased.wholeHit.isEmpty else { return }
    var modified: [Int64] = []
    var removed: [Int64] = []
    try document.performStep("Erase") { () throws(PDFError) in
      for ink in erased.inks {
        guard let hit = erased.strokesHit[ink.id], !hit.isEmpty else { continue }
        let strokes = try document.annotationProperties(ink.id).inkStrokes
        let kept = strokes.enumerated().filter { !hit.contains($0.offset) }.map(\.element)
        if kept.isEmpty {
          try document.deleteAnnotation(ink.id)
          removed.append(ink.id)
        } else {
          try document.updateAnnotation(ink.id, [.ink(kept)])
          modified.append(ink.id)
        }
      }
      for id in erased.wholeHit {
        try document.deleteAnnotation(id)
        removed.append(id)
      }
    }
    if !modified.isEmpty { notify(.annotationsModified, page: finished.page, ids: modified) }
    if !removed.isEmpty {
      notify(.annotationsRemoved, page: finished.page, ids: removed)
      if selectedIDs.contains(where: removed.contains) { setSelection(selectedIDs.filter { !removed.contains($0) }) }
    }
    notify(.undoState)
  }
}
