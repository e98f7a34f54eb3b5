// SPDX-License-Identifier: GPL-3.0-or-later
/// Writes numbers the way content streams want them: plain decimals, no exponent, at most
/// three fractional digits, no trailing zeros ("12", "0.5", "-3.25").
enum PDFNumberFormat {
  /// The largest magnitude written; coordinates beyond it are clamped. Builders reject such
  /// input before it gets here (see `AppearanceLimits`), so the clamp only guards the format.
  static let maximumMagnitude = 1e9

  /// `value` as a PDF number: its product with 1000 rounded half away from zero, in
  /// thousandths. Non-finite values are written as "0": a content stream must never contain
  /// "nan" or "inf" (builders drop non-finite input before drawing, so this is a guard).
  static func format(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let clamped = min(max(value, -maximumMagnitude), maximumMagnitude)
    // |scaled| <= 1e12, well inside Int64.
    return FixedPoint.text(scaled: Int64((clamped * 1000).rounded()), decimals: 3)
  }
}
