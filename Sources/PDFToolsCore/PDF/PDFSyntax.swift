// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// Rebuilds qpdf objects from PDF syntax as qpdf writes it (``QPDF/unparsed(_:)``), with
/// indirect references resolved against the document: the journal's way back from its text
/// snapshots, since qpdf's C API parser refuses references.
struct PDFSyntax {
  /// The document the objects belong to.
  let qpdf: QPDF
  /// The text.
  let bytes: [UInt8]
  /// The read position.
  private var position = 0

  /// Prepares to read `bytes`.
  init(qpdf: QPDF, bytes: [UInt8]) {
    self.qpdf = qpdf
    self.bytes = bytes
  }

  /// Parses one object; nil when the text is malformed.
  mutating func parse() -> qpdf_oh? {
    skipSpace()
    return value(depth: 0)
  }

  private mutating func skipSpace() { position = PDFCharacterClass.skipSpace(bytes, from: position) }

  /// True for bytes that end a token: delimiters and white space.
  private static func isDelimiter(_ byte: UInt8) -> Bool {
    PDFCharacterClass.isDelimiter(byte) || PDFCharacterClass.isSpace(byte)
  }

  private mutating func token() -> [UInt8] {
    let start = position
    while position < bytes.count, !PDFSyntax.isDelimiter(bytes[position]) { position += 1 }
    return Array(bytes[start..<position])
  }

  private mutating func value(depth: Int) -> qpdf_oh? {
    guard depth < 100, position < bytes.count else { return nil }
    let data = qpdf.data
    switch bytes[position] {
    case 0x2F:  // /Name
      position += 1
      guard let name = decodedName(token()) else { return nil }
      return ("/" + name).withCString { qpdf_oh_new_name(data, $0) }
    case 0x28:
      guard let string = literalString() else { return nil }
      return binaryString(string)
    case 0x3C:
      if position + 1 < bytes.count, bytes[position + 1] == 0x3C {
        position += 2
        let dictionary = qpdf_oh_new_dictionary(data)
        while true {
          skipSpace()
          guard position < bytes.count else { return nil }
          if bytes[position] == 0x3E {
            guard position + 1 < bytes.count, bytes[position + 1] == 0x3E else { return nil }
            position += 2
            return dictionary
          }
          guard bytes[position] == 0x2F else { return nil }
          position += 1
          guard let key = decodedName(token()) else { return nil }
          skipSpace()
          guard let item = value(depth: depth + 1) else { return nil }
          ("/" + key).withCString { qpdf_oh_replace_key(data, dictionary, $0, item) }
        }
      }
      guard let string = hexString() else { return nil }
      return binaryString(string)
    case 0x5B:
      position += 1
      let array = qpdf_oh_new_array(data)
      while true {
        skipSpace()
        guard position < bytes.count else { return nil }
        if bytes[position] == 0x5D {
          position += 1
          return array
        }
        guard let item = value(depth: depth + 1) else { return nil }
        qpdf_oh_append_item(data, array, item)
      }
    default:
      let word = token()
      guard !word.isEmpty else { return nil }
      let text = String(decoding: word, as: UTF8.self)
      switch text {
      case "null": return qpdf_oh_new_null(data)
      case "true": return qpdf_oh_new_bool(data, QPDF_TRUE)
      case "false": return qpdf_oh_new_bool(data, QPDF_FALSE)
      default: break
      }
      if let integer = Int64(text) {
        // "n g R" is an indirect reference.
        let saved = position
        skipSpace()
        let generation = token()
        skipSpace()
        if let generationValue = Int32(String(decoding: generation, as: UTF8.self)),
          position < bytes.count, bytes[position] == 0x52, let number = Int32(exactly: integer)
        {
          position += 1
          return qpdf_get_object_by_id(data, number, generationValue)
        }
        position = saved
        return qpdf_oh_new_integer(data, integer)
      }
      guard Double(text) != nil else { return nil }
      return text.withCString { qpdf_oh_new_real_from_string(data, $0) }
    }
  }

  /// A string object holding exactly `content`.
  private func binaryString(_ content: [UInt8]) -> qpdf_oh {
    // One extra byte keeps the pointer valid for empty strings.
    let padded = content + [0]
    return padded.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        guard let base = chars.baseAddress else { return qpdf_oh_new_string(qpdf.data, "") }
        return qpdf_oh_new_binary_string(qpdf.data, base, content.count)
      }
    }
  }

  /// A name with its #xx escapes decoded.
  private func decodedName(_ raw: [UInt8]) -> String? {
    var result: [UInt8] = []
    var index = 0
    while index < raw.count {
      if raw[index] == 0x23, index + 2 < raw.count,
        let value = UInt8(String(decoding: raw[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
      {
        result.append(value)
        index += 3
      } else {
        result.append(raw[index])
        index += 1
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// A literal string's bytes, escapes decoded; nil when it is not closed.
  private mutating func literalString() -> [UInt8]? {
    let read = PDFStrings.literal(bytes, at: position)
    position = read.end
    return read.closed ? read.value : nil
  }

  /// A hex string's bytes; nil when it is not closed.
  private mutating func hexString() -> [UInt8]? {
    let read = PDFStrings.hex(bytes, at: position)
    position = read.end
    return read.closed ? read.value : nil
  }
}
