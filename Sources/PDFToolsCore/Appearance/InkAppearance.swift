// SPDX-License-Identifier: GPL-3.0-or-later
/// Ink annotations: each stroke of /InkList as a smooth path with round caps and joins.
///
/// Strokes are smoothed with Catmull-Rom splines, written as cubic Béziers through every input
/// point (the control points, which bound the curve, count towards the bounding box). A stroke
/// of one point is drawn as a dot. Points that are not usable are skipped. The bounding box is
/// the extent of everything drawn (the caller writes it as /Rect).
enum InkAppearance {
  /// An Ink annotation; nil when no stroke has a usable point.
  static func ink(_ input: AppearanceInput) -> AppearanceStream? {
    let strokes = input.inkStrokes
      .map { PolygonAppearance.usableVertices($0) }
      .filter { !$0.isEmpty }
    guard !strokes.isEmpty else { return nil }
    var style = PaintStyle(input)
    style.fill = nil
    var geometry = Extent()
    for stroke in strokes { for point in stroke { geometry.include(point) } }
    var builder = ContentBuilder()
    builder.save()
    style.apply(to: &builder)
    if style.stroke != nil {
      builder.lineCap(1)
      builder.lineJoin(1)
      for stroke in strokes { smoothPath(stroke, into: &builder) }
      builder.paint("S")
    }
    builder.restore()
    return builder.finish(covering: geometry.rect)
  }

  /// Writes one stroke: a dot for one point, else a Catmull-Rom spline through the points.
  static func smoothPath(_ points: [Point], into builder: inout ContentBuilder) {
    guard let first = points.first else { return }
    builder.move(to: first)
    guard points.count > 1 else {
      builder.line(to: first)
      return
    }
    for index in 0..<(points.count - 1) {
      let p0 = points[max(index - 1, 0)]
      let p1 = points[index]
      let p2 = points[index + 1]
      let p3 = points[min(index + 2, points.count - 1)]
      builder.curve(p1 + (p2 - p0) * (1 / 6), p2 - (p3 - p1) * (1 / 6), to: p2)
    }
  }
}
