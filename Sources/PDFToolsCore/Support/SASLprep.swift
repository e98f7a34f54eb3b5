// SPDX-License-Identifier: GPL-3.0-or-later
/// A subset of SASLprep (RFC 4013), as PDF 2.0 asks for AES-256 (R6) passwords.
///
/// It maps the characters RFC 3454 B.1 maps to nothing, maps non-ASCII spaces to U+0020, and
/// applies the NFKC compatibility mappings of Latin-1 Supplement and of the full-width ASCII
/// forms. Full NFKC needs Unicode tables the Swift standard library does not expose; passwords
/// outside this subset are still tried as given.
enum SASLprep {
  /// The prepared form of `password`, or nil when it is plain ASCII (nothing to prepare).
  static func prepare(_ password: String) -> String? {
    guard password.unicodeScalars.contains(where: { !$0.isASCII }) else { return nil }
    var result = String.UnicodeScalarView()
    for scalar in password.unicodeScalars {
      let value = scalar.value
      if mappedToNothing(value) { continue }
      if nonASCIISpace(value) {
        result.append(" ")
        continue
      }
      if (0xFF01...0xFF5E).contains(value), let ascii = Unicode.Scalar(value - 0xFEE0) {
        result.append(ascii)
        continue
      }
      if let mapped = latin1Compatibility[value] {
        result.append(contentsOf: mapped.unicodeScalars)
        continue
      }
      result.append(scalar)
    }
    return String(result)
  }

  /// RFC 3454 table B.1.
  private static func mappedToNothing(_ value: UInt32) -> Bool {
    switch value {
    case 0x00AD, 0x034F, 0x1806, 0x180B...0x180D, 0x200B...0x200D, 0x2060, 0xFE00...0xFE0F, 0xFEFF:
      return true
    default:
      return false
    }
  }

  /// RFC 3454 table C.1.2.
  private static func nonASCIISpace(_ value: UInt32) -> Bool {
    switch value {
    case 0x00A0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
    default: return false
    }
  }

  /// NFKC of the Latin-1 Supplement characters that have compatibility decompositions.
  private static let latin1Compatibility: [UInt32: String] = [
    0x00A8: " \u{308}", 0x00AA: "a", 0x00AF: " \u{304}", 0x00B2: "2", 0x00B3: "3",
    0x00B4: " \u{301}", 0x00B5: "\u{3BC}", 0x00B8: " \u{327}", 0x00B9: "1", 0x00BA: "o",
    0x00BC: "1\u{2044}4", 0x00BD: "1\u{2044}2", 0x00BE: "3\u{2044}4",
  ]
}
