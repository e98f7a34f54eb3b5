// SPDX-License-Identifier: GPL-3.0-or-later
/// A point in page or display space.
public struct Point: Sendable, Equatable {
  /// Horizontal coordinate.
  public var x: Double
  /// Vertical coordinate.
  public var y: Double

  /// Creates a point.
  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  /// True when both coordinates are finite.
  public var isFinite: Bool { x.isFinite && y.isFinite }

  /// The squared distance to `other`.
  func distanceSquared(to other: Point) -> Double {
    let dx = x - other.x
    let dy = y - other.y
    return dx * dx + dy * dy
  }
}

/// Four corners in the order PDF writers use for /QuadPoints: upper left, upper right, lower
/// left, lower right, where "upper" and "left" follow the text's direction.
public struct Quad: Sendable, Equatable {
  /// Upper left.
  public var p1: Point
  /// Upper right.
  public var p2: Point
  /// Lower left.
  public var p3: Point
  /// Lower right.
  public var p4: Point

  /// Creates a quad from its corners.
  public init(_ p1: Point, _ p2: Point, _ p3: Point, _ p4: Point) {
    self.p1 = p1
    self.p2 = p2
    self.p3 = p3
    self.p4 = p4
  }

  /// The quad of `rect` for text running in `direction` (degrees counter-clockwise in the
  /// space of the rect, with y up: 0 runs towards +x, 90 towards +y).
  public init(_ rect: Rect, direction: Int) {
    let lowerLeft = Point(rect.x0, rect.y0)
    let lowerRight = Point(rect.x1, rect.y0)
    let upperLeft = Point(rect.x0, rect.y1)
    let upperRight = Point(rect.x1, rect.y1)
    switch direction {
    case 90: self.init(lowerLeft, upperLeft, lowerRight, upperRight)
    case 180: self.init(lowerRight, lowerLeft, upperRight, upperLeft)
    case 270: self.init(upperRight, lowerRight, upperLeft, lowerLeft)
    default: self.init(upperLeft, upperRight, lowerLeft, lowerRight)
    }
  }

  /// The corners in order.
  var corners: [Point] { [p1, p2, p3, p4] }
}
