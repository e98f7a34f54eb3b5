// SPDX-License-Identifier: GPL-3.0-or-later
extension ToolManager {
  /// The page's maps and display size; call under the lock.
  func pageContext(_ page: Int) throws(PDFError) -> (transform: PageTransform, size: (width: Double, height: Double)) {
    (try document.transform(ofPage: page), try document.pageSize(page))
  }

  /// Facts about annotation `id`.
  func annotationInfo(_ id: Int64) throws(PDFError) -> AnnotationInfo {
    AnnotationInfo(
      id: id, page: try document.annotationPage(id), subtype: try document.annotationSubtype(id),
      flags: try document.annotationFlags(id))
  }

  /// The display-space frame of annotation `id` (its /Rect mapped).
  func displayFrame(_ id: Int64, _ transform: PageTransform) throws(PDFError) -> Rect {
    transform.toDisplay.apply(try document.annotationRect(id))
  }

  /// The topmost visible annotation of `page` under display point `point`, or nil. Popups and
  /// widgets are skipped; hidden ones too.
  func annotation(at point: Point, page: Int, tolerance: Double) throws(PDFError) -> AnnotationInfo? {
    let transform = try document.transform(ofPage: page)
    for id in try document.annotations(onPage: page).reversed() {
      let info = AnnotationInfo(
        id: id, page: page, subtype: try document.annotationSubtype(id), flags: try document.annotationFlags(id))
      // ReadOnly annotations take no part (links are still followed). Form mode sees widgets
      // and links only; the other modes see everything but widgets.
      guard !info.isHidden, info.subtype != "Popup", !info.isReadOnly || info.subtype == "Link" else { continue }
      if currentMode == .form ? info.subtype != "Widget" && info.subtype != "Link" : info.subtype == "Widget" { continue }
      let frame = transform.toDisplay.apply(try document.annotationRect(id))
      guard frame.grown(by: tolerance).contains(point) else { continue }
      if try hits(info, point, transform: transform, tolerance: tolerance) { return info }
    }
    return nil
  }

  /// The precise hit test of lines, ink and polygons (others: their rectangle).
  private func hits(_ info: AnnotationInfo, _ point: Point, transform: PageTransform, tolerance: Double) throws(PDFError)
    -> Bool
  {
    switch info.subtype {
    case "Line", "Ink", "PolyLine", "Polygon":
      let input = try document.annotationProperties(info.id)
      let reach = tolerance + max(input.borderWidth, 1) / 2
      let display = { (points: [Point]) in points.map(transform.toDisplay.apply) }
      switch info.subtype {
      case "Line":
        guard let line = input.line else { return true }
        return ToolGeometry.distance(point, polyline: display([line.0, line.1])) <= reach
      case "Ink":
        return input.inkStrokes.contains { ToolGeometry.distance(point, polyline: display($0)) <= reach }
      case "PolyLine":
        return ToolGeometry.distance(point, polyline: display(input.vertices)) <= reach
      default:
        let polygon = display(input.vertices)
        return ToolGeometry.contains(polygon, point)
          || ToolGeometry.distance(point, polyline: polygon + polygon.prefix(1)) <= reach
      }
    default:
      return true
    }
  }

  /// True when display point `point` of `page` is on a glyph (within the tolerance).
  func isOnText(_ point: Point, page: Int, tolerance: Double) throws(PDFError) -> Bool {
    let pagePoint = try document.transform(ofPage: page).toPage.apply(point)
    return try document.text(ofPage: page).charIndex(at: pagePoint, tolerance: tolerance, nearest: false) != nil
  }
}

extension Rect {
  /// True when `point` is inside or on the edge.
  func contains(_ point: Point) -> Bool { point.x >= x0 && point.x <= x1 && point.y >= y0 && point.y <= y1 }
}
