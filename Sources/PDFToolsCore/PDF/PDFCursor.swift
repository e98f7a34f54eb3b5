// SPDX-License-Identifier: GPL-3.0-or-later
/// A PDF value read straight from a file's bytes by ``PDFCursor``.
indirect enum PDFValue: Equatable {
  /// A non-negative integer (what cross-reference data holds).
  case integer(Int)
  /// Any other number: signed, or with a fraction.
  case real(Double)
  /// A name, without its slash, with #xx escapes decoded.
  case name(String)
  /// An indirect reference "n g R".
  case reference(ObjectIdentity)
  /// An array.
  case array([PDFValue])
  /// A dictionary (of a key given twice, the last value).
  case dictionary([String: PDFValue])
  /// A string's bytes, escapes decoded (as the file holds them: not decrypted).
  case string([UInt8])
  /// The keywords true, false and null (any other bare word is not read: qpdf warns of it).
  case other

  /// The value of a non-negative integer.
  var integer: Int? { if case .integer(let value) = self { value } else { nil } }

  /// The name of an entry that may be absent: "" when `value` is nil, nil when it is not a
  /// name.
  static func name(orEmpty value: PDFValue?) -> String? {
    switch value {
    case nil: ""
    case .name(let name)?: name
    default: nil
    }
  }

  /// The value of any number.
  var number: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .real(let value): value
    default: nil
    }
  }

  /// The values of an array of numbers only; nil for anything else.
  var numbers: [Double]? {
    guard case .array(let items) = self else { return nil }
    let numbers = items.compactMap(\.number)
    return numbers.count == items.count ? numbers : nil
  }

  /// The rectangle of an array of four numbers; nil for anything else.
  var rect: Rect? {
    guard let numbers, numbers.count == 4 else { return nil }
    return Rect(numbers[0], numbers[1], numbers[2], numbers[3])
  }
}

/// Reads PDF syntax (ISO 32000 7.2, 7.3) from a window of bytes: the cross-reference sections
/// of ``XRefIndex`` and the unchanged objects of ``BaseObjects``. It reads what is well formed
/// and gives up (nil) on the rest; callers fall back to qpdf, which repairs.
struct PDFCursor {
  /// The window.
  let bytes: [UInt8]
  /// The next byte to read.
  var position = 0
  /// Set when a read ran into the end of the window.
  var truncated = false
  /// The rows the cross-reference section being read may still hold.
  var budget = 0
  /// Set when the section holds more rows than its budget.
  var overBudget = false

  /// The deepest nesting of arrays and dictionaries read.
  static let maximumDepth = 16
  /// The longest number read.
  private static let maximumNumberLength = 40

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Takes `count` rows from the budget; false when there are not that many left.
  mutating func take(_ count: Int) -> Bool {
    guard count >= 0, count <= budget else {
      overBudget = true
      return false
    }
    budget -= count
    return true
  }

  /// Moves past white space and comments.
  mutating func skipSpace() {
    position = PDFCharacterClass.skipSpace(bytes, from: position)
    if position == bytes.count { truncated = true }
  }

  /// A regular word (keyword or number) at the position, consumed.
  mutating func word() -> ArraySlice<UInt8> {
    skipSpace()
    let start = position
    while position < bytes.count, PDFCharacterClass.isRegular(bytes[position]) {
      position += 1
    }
    if position == bytes.count { truncated = true }
    return bytes[start..<position]
  }

  /// `keyword` at the position, consumed when present.
  mutating func keyword(_ keyword: StaticString) -> Bool {
    let saved = position
    let found = word()
    let expected = UnsafeBufferPointer(start: keyword.utf8Start, count: keyword.utf8CodeUnitCount)
    if found.elementsEqual(expected) { return true }
    position = saved
    return false
  }

  /// A non-negative integer at the position, consumed when present.
  mutating func integer() -> Int? {
    let saved = position
    let digits = word()
    guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ (0x30...0x39).contains($0) }) else {
      position = saved
      return nil
    }
    return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
  }

  /// The characters of the name whose slash is at the position (as the file spells them),
  /// consumed.
  private mutating func nameBytes() -> ArraySlice<UInt8> {
    position += 1
    let start = position
    while position < bytes.count, PDFCharacterClass.isRegular(bytes[position]) {
      position += 1
    }
    return bytes[start..<position]
  }

  /// A value (nested at most ``maximumDepth`` deep); nil at the end of the window or on a
  /// stray delimiter.
  mutating func value(depth: Int = 0) -> PDFValue? {
    guard depth < PDFCursor.maximumDepth else { return nil }
    skipSpace()
    guard position < bytes.count else { return nil }
    switch bytes[position] {
    case 0x2F:
      return PDFCursor.name(nameBytes()).map { .name($0) }
    case 0x3C where position + 1 < bytes.count && bytes[position + 1] == 0x3C:
      position += 2
      var entries: [String: PDFValue] = [:]
      while true {
        skipSpace()
        guard position + 1 < bytes.count else { return nil }
        if bytes[position] == 0x3E, bytes[position + 1] == 0x3E {
          position += 2
          return .dictionary(entries)
        }
        // A key given twice is not read: qpdf warns of it (the file is damaged).
        guard case .name(let key)? = value(depth: depth + 1), entries[key] == nil, let item = value(depth: depth + 1)
        else { return nil }
        entries[key] = item
      }
    case 0x3C:
      let start = position
      let string = PDFStrings.hex(bytes, at: position)
      position = string.end
      // Only hex digits and white space: qpdf reads other characters as a bad token.
      guard string.closed,
        bytes[(start + 1)..<(position - 1)].allSatisfy({ PDFStrings.hexValue($0) != nil || PDFCharacterClass.isSpace($0) })
      else { return nil }
      return .string(string.value)
    case 0x28:
      let string = PDFStrings.literal(bytes, at: position)
      position = string.end
      return string.closed ? .string(string.value) : nil
    case 0x5B:
      position += 1
      var items: [PDFValue] = []
      while true {
        skipSpace()
        guard position < bytes.count else { return nil }
        if bytes[position] == 0x5D {
          position += 1
          return .array(items)
        }
        guard let item = value(depth: depth + 1) else { return nil }
        items.append(item)
      }
    case 0x3E, 0x5D, 0x29, 0x7B, 0x7D:
      return nil
    default:
      if let number = integer() {
        // "n g R" is a reference.
        let saved = position
        if number <= Int(Int32.max), let generation = integer(), generation <= Int(Int32.max), keyword("R") {
          return .reference(ObjectIdentity(number: Int32(number), generation: Int32(generation)))
        }
        position = saved
        return .integer(number)
      }
      let token = word()
      guard !PDFCursor.isIntegerOutOfRange(token) else { return nil }
      if let number = PDFCursor.number(token) { return .real(number) }
      return PDFCursor.isKeyword(token) ? .other : nil
    }
  }

  /// The values of `keys` (names without their slash) in the dictionary at the position, in
  /// the order of `keys` and nil where absent. The other entries are checked and skipped
  /// without being kept. Nil when no well-formed dictionary is there or a key (asked for or
  /// not, here or in a dictionary inside) is given twice: qpdf warns of that.
  mutating func entries(_ keys: [StaticString]) -> [PDFValue?]? {
    skipSpace()
    guard position + 1 < bytes.count, bytes[position] == 0x3C, bytes[position + 1] == 0x3C else { return nil }
    position += 2
    var found = [PDFValue?](repeating: nil, count: keys.count)
    var seen = KeyLog()
    while true {
      skipSpace()
      guard position + 1 < bytes.count else { return nil }
      if bytes[position] == 0x3E, bytes[position + 1] == 0x3E {
        position += 2
        return found
      }
      guard bytes[position] == 0x2F else { return nil }
      let raw = nameBytes()
      guard seen.insert(raw) else { return nil }
      if let slot = PDFCursor.slot(of: raw, in: keys) {
        guard found[slot] == nil, let item = value(depth: 1) else { return nil }
        found[slot] = item
      } else {
        guard skipValue(depth: 1) else { return nil }
      }
    }
  }

  /// Moves past the dictionary or array at the position, checked as ``value(depth:)`` reads
  /// it, and returns its text; nil for any other value, or where ``value(depth:)`` gives nil.
  mutating func containerText() -> ArraySlice<UInt8>? {
    skipSpace()
    let start = position
    guard start < bytes.count, bytes[start] == 0x5B || (bytes[start] == 0x3C && start + 1 < bytes.count && bytes[start + 1] == 0x3C),
      skipValue(depth: 0)
    else { return nil }
    return bytes[start..<position]
  }

  /// Moves past the value at the position as ``value(depth:)`` reads it, without keeping it;
  /// false where ``value(depth:)`` gives nil.
  private mutating func skipValue(depth: Int) -> Bool {
    guard depth < PDFCursor.maximumDepth else { return false }
    skipSpace()
    guard position < bytes.count else { return false }
    switch bytes[position] {
    case 0x2F:
      let raw = nameBytes()
      return !raw.contains(0x23) || PDFCursor.name(raw) != nil
    case 0x3C where position + 1 < bytes.count && bytes[position + 1] == 0x3C:
      position += 2
      var seen = KeyLog()
      while true {
        skipSpace()
        guard position + 1 < bytes.count else { return false }
        if bytes[position] == 0x3E, bytes[position + 1] == 0x3E {
          position += 2
          return true
        }
        guard bytes[position] == 0x2F, seen.insert(nameBytes()), skipValue(depth: depth + 1) else { return false }
      }
    case 0x5B:
      position += 1
      while true {
        skipSpace()
        guard position < bytes.count else { return false }
        if bytes[position] == 0x5D {
          position += 1
          return true
        }
        guard skipValue(depth: depth + 1) else { return false }
      }
    case 0x28:
      let string = PDFStrings.literalEnd(bytes, at: position)
      position = string.end
      return string.closed
    case 0x3C, 0x3E, 0x5D, 0x29, 0x7B, 0x7D:
      return value(depth: depth) != nil
    default:
      if integer() != nil {
        let saved = position
        if integer() != nil, keyword("R") { return true }
        position = saved
        return true
      }
      let token = word()
      return !PDFCursor.isIntegerOutOfRange(token) && (PDFCursor.isNumber(token) || PDFCursor.isKeyword(token))
    }
  }

  /// The keys met in one dictionary, as 64-bit FNV-1a hashes of their names with #xx escapes
  /// decoded (as qpdf compares keys), kept without allocating for the first 16: a hash met
  /// twice reads as a key given twice. Two keys that hash alike make the dictionary read as not
  /// plain, which leaves it to qpdf: a slower read, never a wrong one.
  private struct KeyLog {
    private var first = InlineArray<16, UInt64>(repeating: 0)
    private var count = 0
    private var more: Set<UInt64> = []

    /// Records the key spelt `raw`; false when it was met before or is not a readable name.
    mutating func insert(_ raw: ArraySlice<UInt8>) -> Bool {
      guard let hash = KeyLog.hash(raw) else { return false }
      for index in 0..<min(count, 16) where first[index] == hash { return false }
      defer { count += 1 }
      if count < 16 {
        first[count] = hash
        return true
      }
      return more.insert(hash).inserted
    }

    /// The hash of the name spelt `raw`, or nil when an escape is not read.
    private static func hash(_ raw: ArraySlice<UInt8>) -> UInt64? {
      var value: UInt64 = 0xcbf2_9ce4_8422_2325
      if raw.contains(0x23) {
        guard let decoded = PDFCursor.name(raw) else { return nil }
        for byte in decoded.utf8 { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
      } else {
        for byte in raw { value = (value ^ UInt64(byte)) &* 0x100_0000_01b3 }
      }
      return value
    }
  }

  /// True for the bare words a PDF value may be: true, false and null.
  private static func isKeyword(_ token: ArraySlice<UInt8>) -> Bool {
    token.elementsEqual("true".utf8) || token.elementsEqual("false".utf8) || token.elementsEqual("null".utf8)
  }

  /// The position of the name `raw` (as the file spells it) in `keys`, or nil.
  private static func slot(of raw: ArraySlice<UInt8>, in keys: [StaticString]) -> Int? {
    if raw.contains(0x23) {
      guard let decoded = name(raw) else { return nil }
      return keys.firstIndex { $0.description == decoded }
    }
    return keys.firstIndex { key in
      key.withUTF8Buffer { raw.elementsEqual($0) }
    }
  }

  /// True for an integer (a sign, digits) that a 64-bit integer cannot hold: qpdf does not read
  /// the object that holds one.
  private static func isIntegerOutOfRange(_ token: ArraySlice<UInt8>) -> Bool {
    guard let first = token.first else { return false }
    let digits = first == 0x2B || first == 0x2D ? token.dropFirst() : token
    guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
    // Up to 18 digits always fit.
    return digits.count > 18 && Int64(String(decoding: token, as: UTF8.self)) == nil
  }

  /// True for a number other than a plain non-negative integer: a sign, digits with at most
  /// one period, at least one digit, at most ``maximumNumberLength`` characters (any such
  /// number is finite); false for any other word (such as "1e5" or "--1").
  private static func isNumber(_ token: ArraySlice<UInt8>) -> Bool {
    guard !token.isEmpty, token.count <= maximumNumberLength else { return false }
    var digits = 0
    var periods = 0
    for (offset, byte) in token.enumerated() {
      switch byte {
      case 0x30...0x39: digits += 1
      case 0x2E: periods += 1
      case 0x2B, 0x2D:
        guard offset == 0 else { return false }
      default: return false
      }
    }
    return digits > 0 && periods <= 1
  }

  /// The value of a number ``isNumber(_:)`` accepts; nil for any other word.
  private static func number(_ token: ArraySlice<UInt8>) -> Double? {
    guard isNumber(token), let value = Double(String(decoding: token, as: UTF8.self)), value.isFinite else {
      return nil
    }
    // "-0" is the integer 0, as qpdf reads it.
    return value == 0 && !token.contains(0x2E) ? 0 : value
  }

  /// A name's characters with #xx escapes decoded; nil when an escape is not two hex digits,
  /// or is #00.
  private static func name(_ raw: ArraySlice<UInt8>) -> String? {
    guard raw.contains(0x23) else { return String(decoding: raw, as: UTF8.self) }
    var decoded: [UInt8] = []
    var position = raw.startIndex
    while position < raw.endIndex {
      let byte = raw[position]
      position += 1
      guard byte == 0x23 else {
        decoded.append(byte)
        continue
      }
      guard position + 1 < raw.endIndex, let high = PDFStrings.hexValue(raw[position]),
        let low = PDFStrings.hexValue(raw[position + 1])
      else { return nil }
      // A NUL cannot be part of a name (qpdf reads the name otherwise).
      guard high << 4 | low != 0 else { return nil }
      decoded.append(high << 4 | low)
      position += 2
    }
    return String(decoding: decoded, as: UTF8.self)
  }
}
