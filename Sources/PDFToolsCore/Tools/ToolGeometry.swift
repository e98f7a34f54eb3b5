// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Plane geometry the tools use, in display space.
enum ToolGeometry {
  /// The distance from `point` to the segment `a`–`b`.
  static func distance(_ point: Point, _ a: Point, _ b: Point) -> Double {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let length = dx * dx + dy * dy
    var t = length > 0 ? ((point.x - a.x) * dx + (point.y - a.y) * dy) / length : 0
    t = min(max(t, 0), 1)
    let closest = Point(a.x + t * dx, a.y + t * dy)
    return closest.distanceSquared(to: point).squareRoot()
  }

  /// The distance from `point` to a polyline.
  static func distance(_ point: Point, polyline: [Point]) -> Double {
    guard let first = polyline.first else { return .infinity }
    guard polyline.count > 1 else { return first.distanceSquared(to: point).squareRoot() }
    var best = Double.infinity
    for index in 1..<polyline.count { best = min(best, distance(point, polyline[index - 1], polyline[index])) }
    return best
  }

  /// True when the segments `a`–`b` and `c`–`d` pass within `radius` of each other.
  static func segmentsNear(_ a: Point, _ b: Point, _ c: Point, _ d: Point, radius: Double) -> Bool {
    if distance(a, c, d) <= radius || distance(b, c, d) <= radius || distance(c, a, b) <= radius
      || distance(d, a, b) <= radius
    {
      return true
    }
    func cross(_ o: Point, _ p: Point, _ q: Point) -> Double { (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x) }
    let d1 = cross(c, d, a)
    let d2 = cross(c, d, b)
    let d3 = cross(a, b, c)
    let d4 = cross(a, b, d)
    return (d1 > 0) != (d2 > 0) && (d3 > 0) != (d4 > 0)
  }

  /// True when `point` is inside the polygon (even-odd rule).
  static func contains(_ polygon: [Point], _ point: Point) -> Bool {
    guard polygon.count >= 3 else { return false }
    var inside = false
    var j = polygon.count - 1
    for i in 0..<polygon.count {
      let a = polygon[i]
      let b = polygon[j]
      if (a.y > point.y) != (b.y > point.y), point.x < (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x {
        inside.toggle()
      }
      j = i
    }
    return inside
  }

  /// `end` moved so that the segment from `start` points in a multiple of 15 degrees, its
  /// length kept.
  static func snapped(_ start: Point, _ end: Point) -> Point {
    let dx = end.x - start.x
    let dy = end.y - start.y
    let length = (dx * dx + dy * dy).squareRoot()
    guard length > 0 else { return end }
    let step = Double.pi / 12
    let angle = (atan2(dy, dx) / step).rounded() * step
    return Point(start.x + length * cos(angle), start.y + length * sin(angle))
  }

  /// The box from `start` to `end`; with `square`, a square of side max(|dx|, |dy|) growing
  /// from `start` towards `end`.
  static func box(_ start: Point, _ end: Point, square: Bool) -> Rect {
    guard square else { return Rect(start.x, start.y, end.x, end.y) }
    let side = max(abs(end.x - start.x), abs(end.y - start.y))
    let x = end.x >= start.x ? start.x + side : start.x - side
    let y = end.y >= start.y ? start.y + side : start.y - side
    return Rect(start.x, start.y, x, y)
  }

  /// `point` clamped into a page of `size`.
  static func clamp(_ point: Point, _ size: (width: Double, height: Double)) -> Point {
    Point(min(max(point.x, 0), size.width), min(max(point.y, 0), size.height))
  }

  /// True when `point` lies on a page of `size`.
  static func isOnPage(_ point: Point, _ size: (width: Double, height: Double)) -> Bool {
    point.x >= 0 && point.y >= 0 && point.x <= size.width && point.y <= size.height
  }

  /// The centres of the 8 box handles of `frame`, clockwise from the top left.
  static func boxHandles(_ frame: Rect) -> [Point] {
    let mx = (frame.x0 + frame.x1) / 2
    let my = (frame.y0 + frame.y1) / 2
    return [
      Point(frame.x0, frame.y0), Point(mx, frame.y0), Point(frame.x1, frame.y0), Point(frame.x1, my),
      Point(frame.x1, frame.y1), Point(mx, frame.y1), Point(frame.x0, frame.y1), Point(frame.x0, my),
    ]
  }

  /// `frame` resized by dragging box handle `handle` to `point`; with `keepAspect` (corner
  /// handles) the aspect ratio stays. Never smaller than 2 units.
  static func resized(_ frame: Rect, handle: Int, to point: Point, keepAspect: Bool) -> Rect {
    var x0 = frame.x0
    var y0 = frame.y0
    var x1 = frame.x1
    var y1 = frame.y1
    let minimum = 2.0
    if [0, 6, 7].contains(handle) { x0 = min(point.x, x1 - minimum) }
    if [2, 3, 4].contains(handle) { x1 = max(point.x, x0 + minimum) }
    if [0, 1, 2].contains(handle) { y0 = min(point.y, y1 - minimum) }
    if [4, 5, 6].contains(handle) { y1 = max(point.y, y0 + minimum) }
    if keepAspect, [0, 2, 4, 6].contains(handle), frame.width > 0, frame.height > 0 {
      let scale = max((x1 - x0) / frame.width, (y1 - y0) / frame.height)
      let width = frame.width * scale
      let height = frame.height * scale
      if handle == 0 || handle == 6 { x0 = x1 - width } else { x1 = x0 + width }
      if handle == 0 || handle == 2 { y0 = y1 - height } else { y1 = y0 + height }
    }
    return Rect(x0, y0, x1, y1)
  }

  /// The map taking rectangle `from` onto `to`.
  static func map(from: Rect, to: Rect) -> AffineTransform {
    let sx = from.width > 0 ? to.width / from.width : 1
    let sy = from.height > 0 ? to.height / from.height : 1
    return AffineTransform(a: sx, b: 0, c: 0, d: sy, e: to.x0 - from.x0 * sx, f: to.y0 - from.y0 * sy)
  }

  /// The product: first `first`, then `second`.
  static func concat(_ first: AffineTransform, _ second: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: first.a * second.a + first.b * second.c, b: first.a * second.b + first.b * second.d,
      c: first.c * second.a + first.d * second.c, d: first.c * second.b + first.d * second.d,
      e: first.e * second.a + first.f * second.c + second.e, f: first.e * second.b + first.f * second.d + second.f)
  }

  /// The changes that move an annotation's geometry (page space) through `map` (page to page).
  static func changes(moving input: AppearanceInput, by map: AffineTransform) -> [AnnotationChange] {
    var changes: [AnnotationChange] = [.rect(map.apply(input.rect))]
    if !input.inkStrokes.isEmpty { changes.append(.ink(input.inkStrokes.map { $0.map(map.apply) })) }
    if input.vertices.count >= 2 { changes.append(.vertices(input.vertices.map(map.apply))) }
    if let line = input.line {
      changes.append(
        .line(
          start: map.apply(line.0), end: map.apply(line.1), startEnding: input.lineEndings.0,
          endEnding: input.lineEndings.1, leaderLength: input.leaderLength, leaderExtension: input.leaderExtension))
    }
    if !input.quads.isEmpty { changes.append(.quads(input.quads.map(map.apply))) }
    if !input.callout.isEmpty { changes.append(.callout(input.callout.map(map.apply))) }
    return changes
  }

  /// "123.45 pt": the length of a path of page-space points, times the user unit.
  static func lengthText(_ points: [Point], unit: Double) -> String {
    var length = 0.0
    for index in points.indices.dropFirst() { length += points[index - 1].distanceSquared(to: points[index]).squareRoot() }
    return measurement(length * unit) + " pt"
  }

  /// "123.45 sq pt": the area of a polygon of page-space points, times the user unit squared.
  static func areaText(_ points: [Point], unit: Double) -> String {
    var twice = 0.0
    for index in points.indices {
      let a = points[index]
      let b = points[(index + 1) % points.count]
      twice += a.x * b.y - b.x * a.y
    }
    return measurement(abs(twice) / 2 * unit * unit) + " sq pt"
  }

  /// "123.45": a measurement with 2 decimals.
  static func measurement(_ value: Double) -> String {
    let hundredths = Int64((min(max(0, value), 1e12) * 100).rounded())
    let fraction = hundredths % 100
    return String(hundredths / 100) + "." + (fraction < 10 ? "0" : "") + String(fraction)
  }
}
