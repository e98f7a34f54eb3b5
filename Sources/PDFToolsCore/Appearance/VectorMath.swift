// SPDX-License-Identifier: GPL-3.0-or-later
/// Plane-vector arithmetic on `Point`, for the appearance builders' geometry.
extension Point {
  /// The component-wise sum.
  static func + (lhs: Point, rhs: Point) -> Point { Point(lhs.x + rhs.x, lhs.y + rhs.y) }

  /// The component-wise difference.
  static func - (lhs: Point, rhs: Point) -> Point { Point(lhs.x - rhs.x, lhs.y - rhs.y) }

  /// The vector scaled by `factor`.
  static func * (lhs: Point, factor: Double) -> Point { Point(lhs.x * factor, lhs.y * factor) }

  /// The vector's length.
  var length: Double { (x * x + y * y).squareRoot() }

  /// The dot product with `other`.
  func dot(_ other: Point) -> Double { x * other.x + y * other.y }

  /// The vector turned 90 degrees counter-clockwise (to the left, with y up).
  var leftNormal: Point { Point(-y, x) }

  /// The vector of length 1 in the same direction, or nil for a (near) zero or non-finite one.
  var unit: Point? {
    let size = length
    guard size.isFinite, size > 1e-9 else { return nil }
    return Point(x / size, y / size)
  }

  /// The vector turned counter-clockwise by an angle given by its cosine and sine.
  func rotated(cos c: Double, sin s: Double) -> Point { Point(x * c - y * s, x * s + y * c) }

  /// The point halfway to `other`.
  func midpoint(_ other: Point) -> Point { Point((x + other.x) / 2, (y + other.y) / 2) }
}
