// SPDX-License-Identifier: GPL-3.0-or-later
/// Growing, shrinking and merging rectangles, for the appearance builders.
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
