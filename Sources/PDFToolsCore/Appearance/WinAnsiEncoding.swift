// SPDX-License-Identifier: GPL-3.0-or-later
/// WinAnsiEncoding (Windows code page 1252), the encoding our standard-14 fonts are used with,
/// and PDF literal strings of its bytes.
///
/// Text shown in an appearance stream can only contain characters WinAnsiEncoding has. Every
/// other character (Greek, Cyrillic, CJK, emoji, ...) is shown as "?" in the appearance; the
/// annotation's /Contents keeps the real text, which is the caller's to write.
enum WinAnsiEncoding {
  /// The byte shown for characters outside the encoding: "?".
  static let replacement: UInt8 = 0x3F

  /// Unicode scalars of the codes 0x80...0x9F (where cp1252 departs from Latin-1); the
  /// undefined codes 0x81, 0x8D, 0x8F, 0x90 and 0x9D are absent.
  private static let highCodes: [UInt32: UInt8] = [
    0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86,
    0x2021: 0x87, 0x02C6: 0x88, 0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C,
    0x017D: 0x8E, 0x2018: 0x91, 0x2019: 0x92, 0x201C: 0x93, 0x201D: 0x94, 0x2022: 0x95,
    0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98, 0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B,
    0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
  ]

  /// Every encodable character by code, for characters made of several scalars (a letter and a
  /// combining accent): Swift compares characters by canonical equivalence, so "e" followed by
  /// U+0301 finds "é" here.
  private static let composedCodes: [Character: UInt8] = {
    var table: [Character: UInt8] = [:]
    for value in UInt32(0xA0)...0xFF {
      if let scalar = Unicode.Scalar(value) { table[Character(scalar)] = UInt8(value) }
    }
    for (value, code) in highCodes {
      if let scalar = Unicode.Scalar(value) { table[Character(scalar)] = code }
    }
    return table
  }()

  /// The code of `character`, or nil when WinAnsiEncoding cannot show it (control characters
  /// included).
  static func code(for character: Character) -> UInt8? {
    let scalars = character.unicodeScalars
    if scalars.count == 1, let value = scalars.first?.value {
      switch value {
      case 0x20...0x7E, 0xA0...0xFF: return UInt8(value)
      default: return highCodes[value]
      }
    }
    return composedCodes[character]
  }

  /// `text` in WinAnsiEncoding; characters it cannot show become "?".
  static func encode<S: Sequence<Character>>(_ text: S) -> [UInt8] {
    text.map { code(for: $0) ?? replacement }
  }

  /// A PDF literal string of `bytes`: `(`, `)` and `\` are escaped with a backslash, bytes below
  /// 0x20 and from 0x7F on are written as three-digit octal escapes.
  static func literal(_ bytes: [UInt8]) -> String {
    var text = "("
    for byte in bytes {
      switch byte {
      case 0x28, 0x29, 0x5C:
        text += "\\" + String(UnicodeScalar(byte))
      case 0x20...0x7E:
        text.unicodeScalars.append(UnicodeScalar(byte))
      default:
        var octal = String(byte, radix: 8)
        while octal.count < 3 { octal = "0" + octal }
        text += "\\" + octal
      }
    }
    return text + ")"
  }
}
