// SPDX-License-Identifier: GPL-3.0-or-later
/// The classes of bytes in PDF syntax (ISO 32000 7.2.3), shared by the readers of objects
/// (`PDFSyntax`), content streams (`ContentTokenizer`) and cross-reference sections (`XRefIndex`).
enum PDFCharacterClass {
  /// White space: space, line feed, carriage return, tab, form feed and NUL.
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
  }

  /// A delimiter: ( ) < > [ ] { } / %.
  static func isDelimiter(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x28, 0x29, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D, 0x2F, 0x25: true
    default: false
    }
  }

  /// A regular byte: part of a name, number or keyword.
  static func isRegular(_ byte: UInt8) -> Bool { !isSpace(byte) && !isDelimiter(byte) }

  /// The position of the first byte at or after `start` that is neither white space nor part
  /// of a comment (a comment runs from % to the end of its line); `bytes.count` when none is.
  static func skipSpace(_ bytes: [UInt8], from start: Int) -> Int {
    var position = start
    while position < bytes.count {
      let byte = bytes[position]
      if isSpace(byte) {
        position += 1
      } else if byte == 0x25 {
        while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
      } else {
        break
      }
    }
    return position
  }
}
