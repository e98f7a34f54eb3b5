// SPDX-License-Identifier: GPL-3.0-or-later
/// Reading PDF string syntax (ISO 32000 7.3.4), shared by the object reader (`PDFSyntax`), the
/// content reader (`ContentTokenizer`) and the cross-reference reader (`XRefIndex`).
enum PDFStrings {
  /// The literal string whose "(" is at `start`: its bytes with escapes decoded, the position
  /// after its closing ")" (or the end of `bytes`), and whether it was closed.
  static func literal(_ bytes: [UInt8], at start: Int) -> (value: [UInt8], end: Int, closed: Bool) {
    var position = start + 1
    var result: [UInt8] = []
    var open = 1
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case 0x5C:
        guard position < bytes.count else { return (result, position, false) }
        let escaped = bytes[position]
        position += 1
        switch escaped {
        case 0x6E: result.append(0x0A)
        case 0x72: result.append(0x0D)
        case 0x74: result.append(0x09)
        case 0x62: result.append(0x08)
        case 0x66: result.append(0x0C)
        case 0x0D:
          if position < bytes.count, bytes[position] == 0x0A { position += 1 }
        case 0x0A: break
        case 0x30...0x37:
          var value = Int(escaped - 0x30)
          for _ in 0..<2 where position < bytes.count && (0x30...0x37).contains(bytes[position]) {
            value = value * 8 + Int(bytes[position] - 0x30)
            position += 1
          }
          result.append(UInt8(truncatingIfNeeded: value))
        default: result.append(escaped)
        }
      case 0x28:
        open += 1
        result.append(byte)
      case 0x29:
        open -= 1
        if open == 0 { return (result, position, true) }
        result.append(byte)
      default:
        result.append(byte)
      }
    }
    return (result, position, false)
  }

  /// Where the literal string whose "(" is at `start` ends, as ``literal(_:at:)`` reads it,
  /// without decoding its bytes: the position after its ")" (or the end of `bytes`), and
  /// whether it was closed.
  static func literalEnd(_ bytes: [UInt8], at start: Int) -> (end: Int, closed: Bool) {
    var position = start + 1
    var open = 1
    while position < bytes.count {
      switch bytes[position] {
      // An escape's first byte is never a parenthesis that counts; the octal digits and line
      // break an escape may take after it are never parentheses.
      case 0x5C: position += 1
      case 0x28: open += 1
      case 0x29:
        open -= 1
        if open == 0 { return (position + 1, true) }
      default: break
      }
      position += 1
    }
    return (bytes.count, false)
  }

  /// The hexadecimal string whose "<" is at `start`: its bytes (characters that are not hex
  /// digits skipped, an odd last digit followed by 0), the position after its ">" (or the end
  /// of `bytes`), and whether it was closed.
  static func hex(_ bytes: [UInt8], at start: Int) -> (value: [UInt8], end: Int, closed: Bool) {
    var position = start + 1
    var digits: [UInt8] = []
    while position < bytes.count, bytes[position] != 0x3E {
      if let digit = hexValue(bytes[position]) { digits.append(digit) }
      position += 1
    }
    let closed = position < bytes.count
    if closed { position += 1 }
    if digits.count % 2 == 1 { digits.append(0) }
    let value = stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
    return (value, position, closed)
  }

  /// The value of a hexadecimal digit, or nil.
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte - 0x30
    case 0x41...0x46: return byte - 0x41 + 10
    case 0x61...0x66: return byte - 0x61 + 10
    default: return nil
    }
  }
}
