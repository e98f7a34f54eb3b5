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

extension Rect {
  /// The rectangle shrunk by `amount` on every side, or nil when that leaves no area.
  func shrunk(by amount: Double) -> Rect? {
    let result = Rect(x0 + amount, y0 + amount, x1 - amount, y1 - amount)
    guard x0 + amount < x1 - amount, y0 + amount < y1 - amount else { return nil }
    return result
  }

  /// The rectangle grown by `amount` on every side.
  func grown(by amount: Double) -> Rect {
    Rect(x0 - amount, y0 - amount, x1 + amount, y1 + amount)
  }

  /// The smallest rectangle holding both.
  func merged(with other: Rect) -> Rect {
    Rect(min(x0, other.x0), min(y0, other.y0), max(x1, other.x1), max(y1, other.y1))
  }
}
