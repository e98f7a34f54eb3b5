// SPDX-License-Identifier: GPL-3.0-or-later
/// Reads a content stream as operands and operators (PDF 7.8.2), for the few operators the
/// library interprets itself. Dictionaries are skipped, inline images (BI ... ID ... EI) are
/// passed over, and nothing unreadable stops the reading: an unknown byte is skipped.
struct ContentTokenizer {
  /// One operand.
  enum Operand: Equatable {
    /// A number.
    case number(Double)
    /// A name, without the slash.
    case name(String)
    /// A string's bytes.
    case string([UInt8])
    /// An array.
    case array([Operand])
    /// Anything else (dictionaries, booleans, null).
    case other
  }

  /// The stream's bytes.
  private let bytes: [UInt8]
  /// The reading position.
  private var position = 0

  /// A tokenizer over `bytes`.
  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The next operator with its operands, or nil at the end.
  mutating func next() -> (op: String, operands: [Operand])? {
    var operands: [Operand] = []
    while let token = nextToken(depth: 0) {
      switch token {
      case .op(let name):
        if name == "BI" { skipInlineImage() }
        return (name, operands)
      case .operand(let operand):
        // Keep at most a few operands: no operator interpreted here takes more.
        if operands.count < 16 { operands.append(operand) }
      case .arrayEnd, .dictionaryEnd: continue
      }
    }
    return nil
  }

  /// A token.
  private enum Token {
    /// An operand.
    case operand(Operand)
    /// An operator (or keyword such as true, false, null handled as operands).
    case op(String)
    /// "]" without an open array.
    case arrayEnd
    /// ">>" without an open dictionary.
    case dictionaryEnd
  }

  /// Reads one token; arrays and dictionaries are read whole (nested at most 32 deep).
  private mutating func nextToken(depth: Int) -> Token? {
    position = PDFCharacterClass.skipSpace(bytes, from: position)
    guard position < bytes.count else { return nil }
    let byte = bytes[position]
    switch byte {
    case 0x2F:
      position += 1
      let start = position
      while position < bytes.count, PDFCharacterClass.isRegular(bytes[position]) {
        position += 1
      }
      return .operand(.name(String(decoding: bytes[start..<position], as: UTF8.self)))
    case 0x28:
      return .operand(.string(literalString()))
    case 0x3C:
      if position + 1 < bytes.count, bytes[position + 1] == 0x3C {
        position += 2
        // Too deeply nested: the rest of the dictionary is read as loose tokens.
        guard depth < 32 else { return .operand(.other) }
        var level = 1
        while level > 0, let token = nextToken(depth: depth + 1) {
          if case .dictionaryEnd = token { level -= 1 }
        }
        return .operand(.other)
      }
      return .operand(.string(hexString()))
    case 0x3E:
      position += position + 1 < bytes.count && bytes[position + 1] == 0x3E ? 2 : 1
      return .dictionaryEnd
    case 0x5B:
      position += 1
      // Too deeply nested: the rest of the array is read as loose tokens.
      guard depth < 32 else { return .operand(.other) }
      var items: [Operand] = []
      while let token = nextToken(depth: depth + 1) {
        if case .arrayEnd = token { break }
        if case .operand(let operand) = token, items.count < 100_000 { items.append(operand) }
      }
      return .operand(.array(items))
    case 0x5D:
      position += 1
      return .arrayEnd
    case 0x7B, 0x7D, 0x29:
      position += 1
      return .operand(.other)
    default:
      let start = position
      while position < bytes.count, PDFCharacterClass.isRegular(bytes[position]) {
        position += 1
      }
      guard position > start else {
        position += 1
        return .operand(.other)
      }
      let word = String(decoding: bytes[start..<position], as: UTF8.self)
      if let first = word.utf8.first, first == 0x2B || first == 0x2D || first == 0x2E || (0x30...0x39).contains(first) {
        return .operand(Double(word).map(Operand.number) ?? .other)
      }
      if word == "true" || word == "false" || word == "null" { return .operand(.other) }
      return .op(word)
    }
  }

  /// A literal string from "(" to its ")" (or the end), escapes resolved.
  private mutating func literalString() -> [UInt8] {
    let read = PDFStrings.literal(bytes, at: position)
    position = read.end
    return read.value
  }

  /// A hexadecimal string from "<" to ">" (or the end).
  private mutating func hexString() -> [UInt8] {
    let read = PDFStrings.hex(bytes, at: position)
    position = read.end
    return read.value
  }

  /// Passes over an inline image: from after BI to the EI that follows ID and its data.
  private mutating func skipInlineImage() {
    // Find "ID" followed by one white-space byte.
    while position + 2 < bytes.count {
      if bytes[position] == 0x49, bytes[position + 1] == 0x44, PDFCharacterClass.isSpace(bytes[position + 2]),
        position == 0 || !PDFCharacterClass.isRegular(bytes[position - 1])
      {
        position += 3
        break
      }
      position += 1
    }
    // The data ends at white space, "EI", and white space or the end.
    while position + 1 < bytes.count {
      if PDFCharacterClass.isSpace(bytes[position]), position + 2 < bytes.count, bytes[position + 1] == 0x45,
        bytes[position + 2] == 0x49, position + 3 >= bytes.count || PDFCharacterClass.isSpace(bytes[position + 3])
      {
        position += 3
        return
      }
      position += 1
    }
    position = bytes.count
  }
}
