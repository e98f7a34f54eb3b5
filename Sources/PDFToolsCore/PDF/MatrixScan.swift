// SPDX-License-Identifier: GPL-3.0-or-later
/// A fast pass over a content stream that finds only the matrices of `cm` and `Tm` and the
/// names drawn with `Do`: numbers are parsed without allocating; strings, arrays (numbers in
/// them are not operands), dictionaries and inline images are passed over. Used to decide cheaply whether a page
/// needs a closer reading.
enum MatrixScan {
  /// What the scan found.
  enum Found {
    /// A `cm` or `Tm` operator with its six numbers.
    case matrix(AffineTransform)
    /// A `Do` operator with the name before it.
    case draw(String)
  }

  /// Calls `visit` for each `cm`, `Tm` (with six numbers) and `Do` (with a name) of `bytes`
  /// until it returns true; true when it did.
  static func scan(_ bytes: [UInt8], _ visit: (Found) -> Bool) -> Bool {
    bytes.withUnsafeBufferPointer { buffer -> Bool in
      let count = buffer.count
      var numbers = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
      var held = 0
      var arrayDepth = 0
      var lastName: Range<Int>? = nil
      var index = 0
      func push(_ value: Double) {
        numbers = (numbers.1, numbers.2, numbers.3, numbers.4, numbers.5, value)
        held = min(held + 1, 6)
      }
      while index < count {
        let byte = buffer[index]
        switch byte {
        case 0x5B:
          arrayDepth += 1
          index += 1
        case 0x5D:
          arrayDepth = max(0, arrayDepth - 1)
          held = 0
          index += 1
        case 0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00, 0x7B, 0x7D, 0x3E:
          index += 1
        case 0x25:
          while index < count, buffer[index] != 0x0A, buffer[index] != 0x0D { index += 1 }
        case 0x28:
          // A literal string (its nesting and escapes), an operand: the matrix run breaks.
          held = 0
          var level = 0
          while index < count {
            let current = buffer[index]
            index += 1
            if current == 0x5C {
              index += 1
            } else if current == 0x28 {
              level += 1
            } else if current == 0x29 {
              level -= 1
              if level == 0 { break }
            }
          }
        case 0x3C:
          held = 0
          if index + 1 < count, buffer[index + 1] == 0x3C {
            index += 2
          } else {
            while index < count, buffer[index] != 0x3E { index += 1 }
            index += 1
          }
        case 0x2F:
          held = 0
          index += 1
          let start = index
          while index < count, !isEnd(buffer[index]) { index += 1 }
          lastName = start..<index
        case 0x2B, 0x2D, 0x2E, 0x30...0x39:
          var sign = 1.0
          var mantissa = 0.0
          var fraction = -1
          var digits = 0
          while index < count {
            let current = buffer[index]
            if current == 0x2D {
              sign = -sign
            } else if current == 0x2E {
              if fraction < 0 { fraction = 0 }
            } else if current >= 0x30 && current <= 0x39 {
              digits += 1
              if fraction >= 0 { fraction += 1 }
              mantissa = mantissa * 10 + Double(current - 0x30)
            } else if current != 0x2B {
              break
            }
            index += 1
          }
          var divisor = 1.0
          for _ in 0..<max(0, min(fraction, 30)) { divisor *= 10 }
          if digits > 0, arrayDepth == 0 { push(sign * mantissa / divisor) } else if arrayDepth == 0 { held = 0 }
        default:
          let start = index
          while index < count, !isEnd(buffer[index]) { index += 1 }
          if index == start { index += 1 }
          let length = index - start
          if length == 2 {
            let first = buffer[start]
            let second = buffer[start + 1]
            if (first == 0x63 && second == 0x6D) || (first == 0x54 && second == 0x6D), held == 6 {
              let (a, b, c, d, e, f) = numbers
              if visit(.matrix(AffineTransform(a: a, b: b, c: c, d: d, e: e, f: f))) { return true }
            } else if first == 0x44 && second == 0x6F, let name = lastName {
              if visit(.draw(String(decoding: UnsafeBufferPointer(rebasing: buffer[name]), as: UTF8.self))) {
                return true
              }
            } else if first == 0x42 && second == 0x49 {
              index = endOfInlineImage(buffer, from: index)
            }
          }
          held = 0
          lastName = nil
        }
      }
      return false
    }
  }

  /// Whether `byte` ends a name, number or operator (white space or a delimiter).
  private static func isEnd(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00, 0x28, 0x29, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D, 0x2F, 0x25: return true
    default: return false
    }
  }

  /// The position after the `EI` that ends an inline image whose `BI` ends at `start`.
  private static func endOfInlineImage(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    let count = buffer.count
    while index + 2 < count {
      if buffer[index] == 0x49, buffer[index + 1] == 0x44, isEnd(buffer[index + 2]), isEnd(buffer[index - 1]) {
        index += 3
        break
      }
      index += 1
    }
    while index + 3 < count {
      if isEnd(buffer[index]), buffer[index + 1] == 0x45, buffer[index + 2] == 0x49, isEnd(buffer[index + 3]) {
        return index + 3
      }
      index += 1
    }
    return count
  }
}
