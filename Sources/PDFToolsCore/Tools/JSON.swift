// SPDX-License-Identifier: GPL-3.0-or-later
/// A JSON value, with a strict parser and a compact writer (enough for style files).
indirect enum JSON: Equatable {
  /// null.
  case null
  /// true or false.
  case bool(Bool)
  /// A number.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSON])
  /// An object; keys keep their order.
  case object([(String, JSON)])

  static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: return false
    }
  }

  /// The value of `key` in an object.
  subscript(key: String) -> JSON? {
    guard case .object(let members) = self else { return nil }
    return members.first(where: { $0.0 == key })?.1
  }

  /// Parses a whole document; throws `.invalidArgument` with the byte offset of the problem.
  static func parse(_ text: String) throws(PDFError) -> JSON {
    var parser = JSONParser(bytes: Array(text.utf8))
    let value = try parser.value(depth: 0)
    parser.skipSpace()
    guard parser.position == parser.bytes.count else { throw parser.failure("unexpected text after the value") }
    return value
  }

  /// Compact JSON text.
  var text: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let value): return JSON.format(value)
    case .string(let value): return JSON.quote(value)
    case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
    case .object(let members):
      return "{" + members.map { JSON.quote($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
    }
  }

  /// A number as JSON: integers without a fraction, others in their shortest exact form.
  static func format(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  /// A quoted, escaped JSON string.
  static func quote(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}

/// The recursive-descent reader behind ``JSON/parse(_:)``.
private struct JSONParser {
  let bytes: [UInt8]
  var position = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  func failure(_ what: String) -> PDFError { PDFError(.invalidArgument, "invalid JSON at byte \(position): \(what)") }

  mutating func skipSpace() {
    while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
  }

  mutating func value(depth: Int) throws(PDFError) -> JSON {
    guard depth < 64 else { throw failure("nested too deeply") }
    skipSpace()
    guard position < bytes.count else { throw failure("a value is missing") }
    switch bytes[position] {
    case UInt8(ascii: "{"):
      position += 1
      var members: [(String, JSON)] = []
      skipSpace()
      if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
        position += 1
        return .object(members)
      }
      while true {
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("a key is expected") }
        let key = try string()
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("':' is expected") }
        position += 1
        members.append((key, try value(depth: depth + 1)))
        skipSpace()
        guard position < bytes.count else { throw failure("the object is not closed") }
        if bytes[position] == UInt8(ascii: ",") {
          position += 1
        } else if bytes[position] == UInt8(ascii: "}") {
          position += 1
          return .object(members)
        } else {
          throw failure("',' or '}' is expected")
        }
      }
    case UInt8(ascii: "["):
      position += 1
      var items: [JSON] = []
      skipSpace()
      if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
        position += 1
        return .array(items)
      }
      while true {
        items.append(try value(depth: depth + 1))
        skipSpace()
        guard position < bytes.count else { throw failure("the array is not closed") }
        if bytes[position] == UInt8(ascii: ",") {
          position += 1
        } else if bytes[position] == UInt8(ascii: "]") {
          position += 1
          return .array(items)
        } else {
          throw failure("',' or ']' is expected")
        }
      }
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    default: return .number(try number())
    }
  }

  mutating func literal(_ word: String, _ result: JSON) throws(PDFError) -> JSON {
    let utf8 = Array(word.utf8)
    guard position + utf8.count <= bytes.count, Array(bytes[position..<position + utf8.count]) == utf8 else {
      throw failure("unknown literal")
    }
    position += utf8.count
    return result
  }

  mutating func number() throws(PDFError) -> Double {
    let start = position
    let allowed = Set("+-0123456789.eE".utf8)
    while position < bytes.count, allowed.contains(bytes[position]) { position += 1 }
    guard position > start, let text = String(validating: bytes[start..<position], as: UTF8.self),
      let value = Double(text), value.isFinite
    else { throw failure("a number is expected") }
    return value
  }

  mutating func hex4() throws(PDFError) -> UInt32 {
    guard position + 4 <= bytes.count,
      let text = String(validating: bytes[position..<position + 4], as: UTF8.self),
      let value = UInt32(text, radix: 16)
    else { throw failure("bad \\u escape") }
    position += 4
    return value
  }

  /// Moves collected UTF-8 bytes into `scalars`.
  static func flush(_ raw: inout [UInt8], into scalars: inout String.UnicodeScalarView) throws(PDFError) {
    guard !raw.isEmpty else { return }
    guard let text = String(validating: raw, as: UTF8.self) else {
      throw PDFError(.invalidArgument, "invalid JSON: a string is not valid UTF-8")
    }
    scalars.append(contentsOf: text.unicodeScalars)
    raw.removeAll()
  }

  mutating func string() throws(PDFError) -> String {
    position += 1
    var scalars = String.UnicodeScalarView()
    var raw: [UInt8] = []
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        try JSONParser.flush(&raw, into: &scalars)
        return String(scalars)
      case UInt8(ascii: "\\"):
        try JSONParser.flush(&raw, into: &scalars)
        guard position < bytes.count else { throw failure("the string is not closed") }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "\""): scalars.append(Unicode.Scalar(escape))
        case UInt8(ascii: "u"):
          var value = try hex4()
          if (0xD800..<0xDC00).contains(value), position + 6 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
            bytes[position + 1] == UInt8(ascii: "u")
          {
            position += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw failure("bad surrogate pair") }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(value) else { throw failure("bad \\u escape") }
          scalars.append(scalar)
        default: throw failure("unknown escape")
        }
      default:
        guard byte >= 0x20 else { throw failure("a control character in a string") }
        raw.append(byte)
      }
    }
    throw failure("the string is not closed")
  }
}
