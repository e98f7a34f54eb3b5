// SPDX-License-Identifier: GPL-3.0-or-later
/// Bounds on the input the builders accept, so that every number they write is finite and every
/// loop they run is short, whatever a file or a host hands them.
enum AppearanceLimits {
  /// Coordinates beyond this magnitude (in points) are treated like non-finite ones.
  static let maximumCoordinate = 1e8
  /// The widest border or line accepted, in points; wider ones are clamped.
  static let maximumLineWidth = 1000.0
  /// The most path elements one repeated pattern (cloud bumps, squiggles) may emit.
  static let maximumRepeats = 2000

  /// True when `value` is finite and within `maximumCoordinate`.
  static func isUsable(_ value: Double) -> Bool {
    value.isFinite && abs(value) <= maximumCoordinate
  }

  /// True when both coordinates of `point` are usable.
  static func isUsable(_ point: Point) -> Bool {
    isUsable(point.x) && isUsable(point.y)
  }

  /// True when all four edges of `rect` are usable.
  static func isUsable(_ rect: Rect) -> Bool {
    isUsable(rect.x0) && isUsable(rect.y0) && isUsable(rect.x1) && isUsable(rect.y1)
  }

  /// True when all four corners of `quad` are usable.
  static func isUsable(_ quad: Quad) -> Bool {
    isUsable(quad.p1) && isUsable(quad.p2) && isUsable(quad.p3) && isUsable(quad.p4)
  }

  /// `value` rounded up to a whole count within `lower...upper`; NaN gives `lower`. (Converting
  /// a NaN or huge Double to Int traps, so every count derived from geometry goes through here.)
  static func count(_ value: Double, lower: Int, upper: Int) -> Int {
    guard value.isFinite else { return value == .infinity ? upper : lower }
    let rounded = value.rounded(.up)
    if rounded <= Double(lower) { return lower }
    if rounded >= Double(upper) { return upper }
    return Int(rounded)
  }
}
