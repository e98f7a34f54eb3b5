// SPDX-License-Identifier: GPL-3.0-or-later
/// Decimal numbers with a fixed count of fractional digits, written as PDF syntax wants them:
/// no exponent, no trailing zeros, no "-0". Content streams and object arrays both use it.
enum FixedPoint {
  /// `value` × 10^`decimals` rounded to the nearest integer as the exact binary value of
  /// `value` rounds (an exact tie goes to the even neighbour, as C's `printf` does), or nil
  /// when `value` is not finite or the product reaches 2^52, where halves stop being exact.
  /// `decimals` must be within 0...15.
  static func scaled(_ value: Double, decimals: Int) -> Int64? {
    guard value.isFinite, (0...15).contains(decimals) else { return nil }
    var power = 1.0
    for _ in 0..<decimals { power *= 10 }
    let product = value * power
    guard product.magnitude < 0x1p52 else { return nil }
    // The product is rounded once; `error` is what that rounding lost, exactly (a fused
    // multiply-add). A half in the rounded product is only a tie when nothing was lost.
    let error = (-product).addingProduct(value, power)
    var rounded = product.rounded(.toNearestOrEven)
    if (product - product.rounded(.towardZero)).magnitude == 0.5, error != 0 {
      rounded = error > 0 ? product.rounded(.up) : product.rounded(.down)
    }
    return Int64(rounded)
  }

  /// The decimal text of `scaled` / 10^`decimals`: "12", "0.5", "-3.25", "0" for zero.
  /// `decimals` must be within 0...15.
  static func text(scaled: Int64, decimals: Int) -> String {
    if scaled == 0 { return "0" }
    var unit: UInt64 = 1
    for _ in 0..<min(max(decimals, 0), 15) { unit *= 10 }
    // Written byte by byte (appearance streams write hundreds of numbers each): a sign, at most
    // 19 integer digits, a point and the fraction fit in 21 + 15 bytes.
    return String(unsafeUninitializedCapacity: 36) { out in
      var position = 0
      if scaled < 0 {
        out[position] = UInt8(ascii: "-")
        position += 1
      }
      let whole = scaled.magnitude / unit
      var fraction = scaled.magnitude % unit
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
      var place = unit / 10
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
