// SPDX-License-Identifier: GPL-3.0-or-later
/// Writes numbers the way content streams want them: plain decimals, no exponent, at most
/// three fractional digits, no trailing zeros ("12", "0.5", "-3.25").
enum PDFNumberFormat {
  /// The largest magnitude written; coordinates beyond it are clamped. Builders reject such
  /// input before it gets here (see `AppearanceLimits`), so the clamp only guards the format.
  static let maximumMagnitude = 1e9

  /// `value` as a PDF number. Non-finite values are written as "0": a content stream must never
  /// contain "nan" or "inf" (builders drop non-finite input before drawing, so this is a guard).
  static func format(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let clamped = min(max(value, -maximumMagnitude), maximumMagnitude)
    // |scaled| <= 1e12, well inside Int64.
    let scaled = Int64((clamped * 1000).rounded())
    if scaled == 0 { return "0" }
    // Written byte by byte (appearance streams write hundreds of numbers each): the longest,
    // "-1000000000.999", takes 15 bytes.
    return String(unsafeUninitializedCapacity: 16) { out in
      var position = 0
      if scaled < 0 {
        out[position] = UInt8(ascii: "-")
        position += 1
      }
      let whole = scaled.magnitude / 1000
      var fraction = scaled.magnitude % 1000
      var divisor: UInt64 = 1
      while divisor <= whole / 10 { divisor *= 10 }
      var rest = whole
      repeat {
        out[position] = UInt8(ascii: "0") + UInt8(rest / divisor)
        position += 1
        rest %= divisor
        divisor /= 10
      } while divisor > 0
      guard fraction != 0 else { return position }
      out[position] = UInt8(ascii: ".")
      position += 1
      var place: UInt64 = 100
      while fraction != 0 {
        out[position] = UInt8(ascii: "0") + UInt8(fraction / place)
        position += 1
        fraction %= place
        place /= 10
      }
      return position
    }
  }
}
