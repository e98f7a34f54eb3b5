// SPDX-License-Identifier: GPL-3.0-or-later
/// An axis-aligned rectangle given by two corners, kept normalized (`x0 <= x1`, `y0 <= y1`).
public struct Rect: Sendable, Equatable, CustomStringConvertible {
  /// Left edge.
  public var x0: Double
  /// Lower edge in page space.
  public var y0: Double
  /// Right edge.
  public var x1: Double
  /// Upper edge in page space.
  public var y1: Double

  /// Creates the rectangle spanned by the corners (x0, y0) and (x1, y1), in any order.
  public init(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
    self.x0 = min(x0, x1)
    self.y0 = min(y0, y1)
    self.x1 = max(x0, x1)
    self.y1 = max(y0, y1)
  }

  /// Horizontal extent.
  public var width: Double { x1 - x0 }
  /// Vertical extent.
  public var height: Double { y1 - y0 }
  /// True when the rectangle has no area.
  public var isEmpty: Bool { !(width > 0 && height > 0) }

  /// The overlap of two rectangles, or nil when they do not overlap with a positive area.
  public func intersection(_ other: Rect) -> Rect? {
    let result = Rect(max(x0, other.x0), max(y0, other.y0), min(x1, other.x1), min(y1, other.y1))
    guard max(x0, other.x0) < min(x1, other.x1), max(y0, other.y0) < min(y1, other.y1) else {
      return nil
    }
    return result
  }

  /// "[x0 y0 x1 y1]", as in PDF.
  public var description: String { "[\(x0) \(y0) \(x1) \(y1)]" }
}
