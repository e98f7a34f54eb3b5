// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// The entries that hold page-space points, as x y pairs, of any annotation subtype.
  private static let pointEntries: [StaticString] = ["/QuadPoints", "/Vertices", "/L", "/CL"]

  /// Moves annotation `id` by (`dx`, `dy`) page-space units with all its geometry: /Rect,
  /// /QuadPoints, /InkList, /Vertices, /L, /CL and the /Rect of its pop-up. The appearance is
  /// kept as it is, whoever made it: viewers fit it to the moved /Rect, so it moves unchanged.
  /// One undo step; /M is updated.
  public func translateAnnotation(_ id: Int64, dx: Double, dy: Double) throws(PDFError) {
    try Limits.checkCoordinates([Point(dx, dy)], "the offsets")
    try locked(flushingAppearances: false) { () throws(PDFError) in
      try requirePermission(.annotate, "move annotations")
      let object = try annotationObject(id).object
      guard let rect = qpdf.entry(object, "/Rect").flatMap({ qpdf.rect($0) }) else {
        throw PDFError(.damaged, "annotation \(id) has no readable /Rect")
      }
      let moved = Rect(rect.x0 + dx, rect.y0 + dy, rect.x1 + dx, rect.y1 + dy)
      try Limits.checkCoordinates([Point(moved.x0, moved.y0), Point(moved.x1, moved.y1)], "the moved rectangle")
      let write = writer
      try write.set("/Rect", qpdf.numberArray([moved.x0, moved.y0, moved.x1, moved.y1]), in: object)
      for key in Document.pointEntries {
        let points = qpdf.points(qpdf.entry(object, key))
        guard !points.isEmpty else { continue }
        try write.set("\(key)", qpdf.pointArray(points.map { Point($0.x + dx, $0.y + dy) }), in: object)
      }
      if let strokes = qpdf.entry(object, "/InkList").flatMap({ qpdf.items($0) }) {
        let moved = strokes.map { stroke in qpdf.points(stroke).map { Point($0.x + dx, $0.y + dy) } }
        try write.set("/InkList", qpdf.makeArray(moved.map { qpdf.pointArray($0) }), in: object)
      }
      if let popup = qpdf.entry(object, "/Popup"), qpdf.isDictionary(popup),
        let popupRect = qpdf.entry(popup, "/Rect").flatMap({ qpdf.rect($0) })
      {
        let target = Rect(popupRect.x0 + dx, popupRect.y0 + dy, popupRect.x1 + dx, popupRect.y1 + dy)
        if Limits.isCoordinate(Point(target.x0, target.y0)) && Limits.isCoordinate(Point(target.x1, target.y1)) {
          try write.set(
            "/Rect", qpdf.numberArray([target.x0, target.y0, target.x1, target.y1]), in: popup,
            owner: qpdf.identity(popup) == nil ? object : nil)
        }
      }
      try touchModified(object)
      try commitChange("move annotation \(id)", label: "Move Annotation")
    }
  }
}
