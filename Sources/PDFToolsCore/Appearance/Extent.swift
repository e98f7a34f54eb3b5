// SPDX-License-Identifier: GPL-3.0-or-later
/// The smallest axis-aligned box around a growing set of points.
struct Extent {
  /// Lowest x so far.
  private var minX = Double.infinity
  /// Lowest y so far.
  private var minY = Double.infinity
  /// Highest x so far.
  private var maxX = -Double.infinity
  /// Highest y so far.
  private var maxY = -Double.infinity

  /// An empty extent.
  init() {}

  /// The extent of `points`.
  init(_ points: some Sequence<Point>) {
    for point in points { include(point) }
  }

  /// Grows the box to hold `point`; non-finite points are ignored.
  mutating func include(_ point: Point) {
    guard point.isFinite else { return }
    minX = min(minX, point.x)
    minY = min(minY, point.y)
    maxX = max(maxX, point.x)
    maxY = max(maxY, point.y)
  }

  /// Grows the box to hold `rect`.
  mutating func include(_ rect: Rect) {
    include(Point(rect.x0, rect.y0))
    include(Point(rect.x1, rect.y1))
  }

  /// The box, or nil when nothing was included.
  var rect: Rect? {
    guard minX <= maxX, minY <= maxY else { return nil }
    return Rect(minX, minY, maxX, maxY)
  }
}
