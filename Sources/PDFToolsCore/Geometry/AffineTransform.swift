// SPDX-License-Identifier: GPL-3.0-or-later
/// An affine map of the plane: (x, y) -> (a x + c y + e, b x + d y + f), as a PDF matrix.
public struct AffineTransform: Sendable, Equatable {
  /// The matrix entries, named as in PDF's [a b c d e f].
  public var a, b, c, d, e, f: Double

  /// Creates the transform [a b c d e f].
  public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
    (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
  }

  /// Maps a point.
  public func apply(_ point: Point) -> Point {
    Point(a * point.x + c * point.y + e, b * point.x + d * point.y + f)
  }

  /// Maps a rectangle: the normalized rectangle around its mapped corners.
  public func apply(_ rect: Rect) -> Rect {
    let p1 = apply(Point(rect.x0, rect.y0))
    let p2 = apply(Point(rect.x1, rect.y0))
    let p3 = apply(Point(rect.x0, rect.y1))
    let p4 = apply(Point(rect.x1, rect.y1))
    return Rect(
      min(min(p1.x, p2.x), min(p3.x, p4.x)), min(min(p1.y, p2.y), min(p3.y, p4.y)),
      max(max(p1.x, p2.x), max(p3.x, p4.x)), max(max(p1.y, p2.y), max(p3.y, p4.y)))
  }

  /// Maps each corner of a quad (the corner order is kept).
  public func apply(_ quad: Quad) -> Quad {
    Quad(apply(quad.p1), apply(quad.p2), apply(quad.p3), apply(quad.p4))
  }

  /// The inverse map, or nil when the matrix is singular.
  public var inverted: AffineTransform? {
    let determinant = a * d - b * c
    guard determinant != 0, determinant.isFinite else { return nil }
    return AffineTransform(
      a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
      e: (c * f - d * e) / determinant, f: (b * e - a * f) / determinant)
  }
}
