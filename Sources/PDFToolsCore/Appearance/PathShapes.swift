// SPDX-License-Identifier: GPL-3.0-or-later
/// Compound path shapes built from the content builder's primitives.
extension ContentBuilder {
  /// The Bézier constant for quarter circles: control points sit this fraction of the radius
  /// away from the end points.
  static let kappa = 0.5523

  /// A polyline through `points`, closed with `h` when `closed`; nothing for no points.
  mutating func polyline(_ points: [Point], closed: Bool) {
    guard let first = points.first else { return }
    move(to: first)
    for point in points.dropFirst() { line(to: point) }
    if closed { close() }
  }

  /// A closed ellipse with axes parallel to the page's, as four Bézier quarters starting at
  /// the rightmost point and running counter-clockwise.
  mutating func ellipse(center: Point, radiusX rx: Double, radiusY ry: Double) {
    let k = ContentBuilder.kappa
    let (cx, cy) = (center.x, center.y)
    move(to: Point(cx + rx, cy))
    curve(Point(cx + rx, cy + k * ry), Point(cx + k * rx, cy + ry), to: Point(cx, cy + ry))
    curve(Point(cx - k * rx, cy + ry), Point(cx - rx, cy + k * ry), to: Point(cx - rx, cy))
    curve(Point(cx - rx, cy - k * ry), Point(cx - k * rx, cy - ry), to: Point(cx, cy - ry))
    curve(Point(cx + k * rx, cy - ry), Point(cx + rx, cy - k * ry), to: Point(cx + rx, cy))
    close()
  }

  /// A closed circle.
  mutating func circle(center: Point, radius: Double) {
    ellipse(center: center, radiusX: radius, radiusY: radius)
  }

  /// A closed rectangle with corners rounded by `radius` (clamped to half the shorter side).
  mutating func roundedRectangle(_ rect: Rect, radius: Double) {
    let r = max(0, min(radius, rect.width / 2, rect.height / 2))
    let c = r * (1 - ContentBuilder.kappa)
    move(to: Point(rect.x0 + r, rect.y0))
    line(to: Point(rect.x1 - r, rect.y0))
    curve(Point(rect.x1 - c, rect.y0), Point(rect.x1, rect.y0 + c), to: Point(rect.x1, rect.y0 + r))
    line(to: Point(rect.x1, rect.y1 - r))
    curve(Point(rect.x1, rect.y1 - c), Point(rect.x1 - c, rect.y1), to: Point(rect.x1 - r, rect.y1))
    line(to: Point(rect.x0 + r, rect.y1))
    curve(Point(rect.x0 + c, rect.y1), Point(rect.x0, rect.y1 - c), to: Point(rect.x0, rect.y1 - r))
    line(to: Point(rect.x0, rect.y0 + r))
    curve(Point(rect.x0, rect.y0 + c), Point(rect.x0 + c, rect.y0), to: Point(rect.x0 + r, rect.y0))
    close()
  }

  /// A half circle from `start` to `end` (the current point must be `start`) bulging towards
  /// `outward` (a unit vector perpendicular to the chord), as two Bézier quarters.
  mutating func halfCircle(from start: Point, to end: Point, outward: Point) {
    let center = start.midpoint(end)
    let radius = (end - start).length / 2
    guard radius > 0 else { return }
    let back = (start - center) * (1 / radius)
    let top = center + outward * radius
    let k = ContentBuilder.kappa * radius
    curve(start + outward * k, top + back * k, to: top)
    curve(top - back * k, end + outward * k, to: end)
  }
}
