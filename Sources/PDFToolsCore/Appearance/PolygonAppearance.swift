// SPDX-License-Identifier: GPL-3.0-or-later
/// Polygon and PolyLine annotations.
///
/// Vertices that are not finite (or absurdly far away) are skipped, and repeated vertices
/// merged. A Polygon is closed and filled with the interior colour (from three vertices on);
/// with a cloudy border (/BE) its edges become outward arcs. A PolyLine is open, never filled,
/// and carries line endings on its first and last segments. Both use round joins. The bounding
/// box is the extent of everything drawn (the caller writes it as /Rect).
enum PolygonAppearance {
  /// A Polygon annotation; nil with fewer than 2 usable vertices.
  static func polygon(_ input: AppearanceInput) -> AppearanceStream? {
    var points = usableVertices(input.vertices)
    if points.count > 2, let first = points.first, let last = points.last,
      first.distanceSquared(to: last) < 1e-12
    {
      points.removeLast()
    }
    guard points.count >= 2 else { return nil }
    let style = PaintStyle(input)
    let fillable = points.count >= 3
    let intensity = CloudyBorder.intensity(input)
    var builder = ContentBuilder()
    builder.save()
    style.apply(to: &builder)
    builder.lineJoin(1)
    if let op = style.paintOperator(fill: fillable) {
      if intensity > 0, fillable {
        let radius = CloudyBorder.bumpRadius(intensity: intensity, lineWidth: style.lineWidth)
        CloudyBorder.path(around: points, radius: radius, into: &builder)
      } else {
        builder.polyline(points, closed: true)
      }
      builder.paint(op)
    }
    builder.restore()
    return builder.finish(covering: extent(of: points))
  }

  /// A PolyLine annotation; nil with fewer than 2 usable vertices.
  static func polyLine(_ input: AppearanceInput) -> AppearanceStream? {
    var points = usableVertices(input.vertices)
    guard points.count >= 2, let first = points.first, let last = points.last else { return nil }
    let style = PaintStyle(input)
    let count = points.count
    guard let startOut = (first - points[1]).unit, let endOut = (last - points[count - 2]).unit
    else { return nil }
    var builder = ContentBuilder()
    builder.save()
    style.apply(to: &builder)
    builder.lineJoin(1)
    if style.stroke != nil {
      let size = LineEndingShapes.size(lineWidth: style.lineWidth)
      let cutStart = LineEndingShapes.setback(input.lineEndings.0, size: size)
      let cutEnd = LineEndingShapes.setback(input.lineEndings.1, size: size)
      // Shorten the end segments only where they are long enough to be shortened.
      if count > 2 || cutStart + cutEnd < (last - first).length {
        if cutStart < (points[1] - first).length { points[0] = first - startOut * cutStart }
        if cutEnd < (last - points[count - 2]).length { points[count - 1] = last - endOut * cutEnd }
      }
      builder.polyline(points, closed: false)
      builder.paint("S")
    }
    LineAppearance.drawEndings(
      input.lineEndings, start: (first, startOut), end: (last, endOut), style: style,
      into: &builder)
    builder.restore()
    return builder.finish(covering: extent(of: [first, last] + points))
  }

  /// The vertices that can be drawn: usable ones, without immediate repeats.
  static func usableVertices(_ vertices: [Point]) -> [Point] {
    var result: [Point] = []
    for point in vertices where AppearanceLimits.isUsable(point) {
      if let previous = result.last, previous.distanceSquared(to: point) < 1e-12 { continue }
      result.append(point)
    }
    return result
  }

  /// The box around `points`.
  static func extent(of points: [Point]) -> Rect? {
    var extent = Extent()
    for point in points { extent.include(point) }
    return extent.rect
  }
}
