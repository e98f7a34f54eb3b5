// SPDX-License-Identifier: GPL-3.0-or-later
/// Where every object of a file's bytes is, read from the file's own cross-reference sections:
/// tables and streams, newest first, following /XRefStm and /Prev.
///
/// A view section whose cross-reference stream lists every object (``IncrementalWriter/fullIndex``)
/// spares poppler reading the base's sections: with /Prev it parses the whole base table again
/// for every new view, which costs what the document holds, not what changed. Reading gives up
/// (nil) on anything it does not expect, and every in-file offset must point at its object's
/// "n g obj": a file whose sections are wrong is shown through /Prev as before.
struct XRefIndex {
  /// Where one object is.
  enum Entry: Equatable {
    /// No object (free, with the generation its number would next have).
    case free(generation: Int)
    /// At `offset` (from the header) with `generation`.
    case inFile(offset: Int, generation: Int)
    /// The `index`th object of object stream `stream`.
    case inStream(stream: Int, index: Int)
  }

  /// The entries as cross-reference stream rows of ``rowWidth`` bytes (/W [1 4 2]), one per
  /// object number from 0: kept encoded, a view section copies them and changes the rows of
  /// what it writes, so a section costs a copy, not a pass over the entries.
  private(set) var rows: [UInt8] = []

  /// The bytes of a row: the type, a 4-byte offset (or object stream), a 2-byte generation
  /// (or index in the stream).
  static let rowWidth = 7

  /// The number of object numbers the rows cover.
  var count: Int { rows.count / XRefIndex.rowWidth }

  /// The most object numbers read (a larger file is shown through /Prev).
  static let maximumEntries = 4_000_000
  /// The most sections followed.
  static let maximumSections = 512
  /// The largest offset a row holds (4 bytes).
  static let largestOffset = 0xFFFF_FFFF

  /// Records that object `number` is now at `offset` with `generation` (a section written
  /// after the bytes read). False when that does not fit a row (the index is then unusable).
  mutating func record(_ number: Int, generation: Int, offset: Int) -> Bool {
    guard number >= 0, number < XRefIndex.maximumEntries else { return false }
    return set(number, .inFile(offset: offset, generation: generation))
  }

  /// The entry of object `number`, nil where the rows hold none.
  func entry(_ number: Int) -> Entry? {
    guard number >= 0, number < count else { return nil }
    let at = number * XRefIndex.rowWidth
    let second = rows[(at + 1)..<(at + 5)].reduce(0) { $0 << 8 | Int($1) }
    let third = Int(rows[at + 5]) << 8 | Int(rows[at + 6])
    switch rows[at] {
    case 1: return .inFile(offset: second, generation: third)
    case 2: return .inStream(stream: second, index: third)
    default: return .free(generation: third)
    }
  }

  /// Writes the row of `number`, adding free rows up to it. False when a value does not fit.
  private mutating func set(_ number: Int, _ entry: Entry) -> Bool {
    let (kind, second, third): (UInt8, Int, Int)
    switch entry {
    case .free(let generation): (kind, second, third) = (0, 0, generation)
    case .inFile(let offset, let generation): (kind, second, third) = (1, offset, generation)
    case .inStream(let stream, let index): (kind, second, third) = (2, stream, index)
    }
    guard second >= 0, second <= 0xFFFF_FFFF, third >= 0, third <= 0xFFFF else { return false }
    if number >= count { rows.append(contentsOf: repeatElement(0, count: (number + 1 - count) * XRefIndex.rowWidth)) }
    let at = number * XRefIndex.rowWidth
    rows[at] = kind
    rows[at + 1] = UInt8((second >> 24) & 0xFF)
    rows[at + 2] = UInt8((second >> 16) & 0xFF)
    rows[at + 3] = UInt8((second >> 8) & 0xFF)
    rows[at + 4] = UInt8(second & 0xFF)
    rows[at + 5] = UInt8((third >> 8) & 0xFF)
    rows[at + 6] = UInt8(third & 0xFF)
    return true
  }

  /// The index of `bytes`, or nil when its sections cannot be read or do not hold.
  static func read(_ bytes: ByteChain) -> XRefIndex? {
    let tail = bytes.suffix(IncrementalWriter.tailLength)
    guard var next = IncrementalWriter.lastStartXref(tail) else { return nil }
    let shift = IncrementalWriter.headerOffset(bytes.bytes(from: 0, length: 1024))
    var index = XRefIndex()
    // Which numbers a newer section has given already: newer sections come first, and within
    // a section the first row of a number counts.
    var given: [Bool] = []
    var entries = 0
    var visited = Set<Int>()
    var sections = 0
    // The rows all sections may hold together: a file repeating rows gives up, not memory.
    var budget = 2 * maximumEntries
    while true {
      guard visited.insert(next).inserted, sections < maximumSections, next >= 0, next + shift < bytes.count
      else { return nil }
      sections += 1
      guard let section = XRefSection.read(bytes, at: next + shift, budget: &budget) else { return nil }
      // A hybrid file (a table with /XRefStm) is shown through /Prev: poppler 22.12 takes the
      // table's free entries over the stream's, which an index could only mimic.
      guard section.hybridStream == nil else { return nil }
      for (number, entry) in section.entries {
        guard number >= 0, number < maximumEntries else { return nil }
        if number >= given.count { given += repeatElement(false, count: number + 1 - given.count) }
        guard !given[number] else { continue }
        given[number] = true
        entries += 1
        guard index.set(number, entry) else { return nil }
      }
      guard let previous = section.previous else { break }
      next = previous
    }
    guard entries > 0, index.holds(in: bytes, shift: shift) else { return nil }
    if !given[0] { _ = index.set(0, .free(generation: 65_535)) }
    return index
  }

  /// True when every in-file entry points at "number generation obj".
  private func holds(in bytes: ByteChain, shift: Int) -> Bool {
    for number in 0..<count {
      guard case .inFile(let offset, let generation)? = entry(number) else { continue }
      let plain = bytes.withBytes(from: offset + shift, length: 32) { head in
        XRefIndex.startsObject(head, number: number, generation: generation)
      }
      if plain { continue }
      var cursor = PDFCursor(bytes.bytes(from: offset + shift, length: 32))
      guard cursor.integer() == number, cursor.integer() == generation, cursor.keyword("obj") else { return false }
    }
    return true
  }

  /// True when `head` starts with "number generation obj" written plainly (single spaces, no
  /// leading zeros or comments); false also when it may say so less plainly.
  private static func startsObject(_ head: UnsafeRawBufferPointer, number: Int, generation: Int) -> Bool {
    var at = 0
    func digits(_ expected: Int) -> Bool {
      var value = 0
      let start = at
      while at < head.count, at - start < 18, (0x30...0x39).contains(head[at]) {
        value = value * 10 + Int(head[at] - 0x30)
        at += 1
      }
      return at > start && value == expected && (at - start == 1 || head[start] != 0x30)
    }
    guard digits(number), at < head.count, head[at] == 0x20 else { return false }
    at += 1
    guard digits(generation), at + 4 < head.count, head[at] == 0x20,
      head[at + 1] == 0x6F, head[at + 2] == 0x62, head[at + 3] == 0x6A
    else { return false }
    return !PDFCharacterClass.isRegular(head[at + 4])
  }
}

/// One cross-reference section: its entries and where the older ones are.
private struct XRefSection {
  var entries: [(Int, XRefIndex.Entry)] = []
  var previous: Int? = nil
  var hybridStream: Int? = nil

  /// The section at `position` of `bytes` (a table or a stream object), or nil. Its rows are
  /// taken from `budget`; nil when they would exceed it.
  static func read(_ bytes: ByteChain, at position: Int, budget: inout Int) -> XRefSection? {
    // Sections are read from a window that grows until the section fits: a section that does
    // not read is read again from a larger window while the file has more bytes (the window
    // may have ended inside a string or a dictionary).
    var length = 64 << 10
    while true {
      let window = bytes.bytes(from: position, length: length)
      var cursor = PDFCursor(window)
      cursor.budget = budget
      if case .complete(let section) = cursor.section() {
        budget = cursor.budget
        return section
      }
      guard !cursor.overBudget, position + window.count < bytes.count else { return nil }
      length *= 4
    }
  }
}

/// The outcome of reading a section from a window of the bytes.
private enum SectionRead {
  case complete(XRefSection)
  /// The window ended first.
  case truncated
  case invalid
}

/// The reading of cross-reference sections.
extension PDFCursor {
  /// Reads the section at the position: a table with its trailer, or a stream object.
  fileprivate mutating func section() -> SectionRead {
    let read = keyword("xref") ? table() : stream()
    if let read { return .complete(read) }
    return truncated ? .truncated : .invalid
  }

  private mutating func table() -> XRefSection? {
    var section = XRefSection()
    while !keyword("trailer") {
      guard let first = integer(), let count = integer(), first < XRefIndex.maximumEntries, take(count) else {
        return nil
      }
      section.entries.reserveCapacity(section.entries.count + count)
      for number in first..<(first + count) {
        if let (offset, generation, used) = standardRow() {
          section.entries.append((number, used && offset > 0
            ? .inFile(offset: offset, generation: generation) : .free(generation: generation)))
          continue
        }
        guard let offset = integer(), let generation = integer(), offset <= XRefIndex.largestOffset else { return nil }
        if keyword("n") {
          // An offset of 0 is a damaged entry: qpdf reads the object as null, not as an older
          // section has it, so the index lists it as free.
          let entry: XRefIndex.Entry =
            offset > 0 ? .inFile(offset: offset, generation: generation) : .free(generation: generation)
          section.entries.append((number, entry))
        } else if keyword("f") {
          section.entries.append((number, .free(generation: generation)))
        } else {
          return nil
        }
      }
    }
    guard case .dictionary(let trailer)? = value() else { return nil }
    section.previous = trailer["Prev"]?.integer
    section.hybridStream = trailer["XRefStm"]?.integer
    return section
  }

  /// A table row as the standard writes it ("oooooooooo ggggg n" and two end-of-line bytes),
  /// consumed: the offset, the generation and whether it is in use (n); nil, consuming nothing
  /// but white space, when the row is written otherwise or its offset does not fit a row.
  private mutating func standardRow() -> (Int, Int, Bool)? {
    skipSpace()
    let at = position
    guard at + 18 < bytes.count, bytes[at + 10] == 0x20, bytes[at + 16] == 0x20,
      !PDFCharacterClass.isRegular(bytes[at + 18])
    else { return nil }
    var offset = 0
    for index in at..<(at + 10) {
      let digit = bytes[index] &- 0x30
      guard digit < 10 else { return nil }
      offset = offset * 10 + Int(digit)
    }
    var generation = 0
    for index in (at + 11)..<(at + 16) {
      let digit = bytes[index] &- 0x30
      guard digit < 10 else { return nil }
      generation = generation * 10 + Int(digit)
    }
    let used: Bool
    switch bytes[at + 17] {
    case 0x6E where offset <= XRefIndex.largestOffset: used = true
    case 0x66: used = false
    default: return nil
    }
    position = at + 18
    return (offset, generation, used)
  }

  private mutating func stream() -> XRefSection? {
    guard integer() != nil, integer() != nil, keyword("obj"), case .dictionary(let dictionary)? = value(),
      case .name("XRef")? = dictionary["Type"], keyword("stream")
    else { return nil }
    // The data starts after the end of line following the keyword.
    if position < bytes.count, bytes[position] == 0x0D { position += 1 }
    if position < bytes.count, bytes[position] == 0x0A { position += 1 }
    guard let length = dictionary["Length"]?.integer else { return nil }
    guard position + length <= bytes.count else {
      truncated = true
      return nil
    }
    let size = dictionary["Size"]?.integer ?? 0
    var runs: [(Int, Int)] = [(0, size)]
    if case .array(let items)? = dictionary["Index"] {
      let numbers = items.compactMap(\.integer)
      guard numbers.count == items.count, numbers.count % 2 == 0 else { return nil }
      runs = stride(from: 0, to: numbers.count, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
    }
    // The rows are counted before the data is inflated.
    for (first, count) in runs {
      guard first < XRefIndex.maximumEntries, take(count) else { return nil }
    }
    let raw = Array(bytes[position..<(position + length)])
    guard let data = StreamFilters.decode(raw, dictionary), let fields = XRefStreamData.widths(dictionary) else {
      return nil
    }
    let entryWidth = fields.reduce(0, +)
    guard entryWidth > 0 else { return nil }
    var section = XRefSection()
    var at = 0
    for (first, count) in runs {
      guard count >= 0, count <= XRefIndex.maximumEntries else { return nil }
      for number in first..<(first + count) {
        guard at + entryWidth <= data.count else { return nil }
        var values = [0, 0, 0]
        var field = at
        for (slot, width) in fields.enumerated() {
          for _ in 0..<width {
            values[slot] = values[slot] << 8 | Int(data[field])
            field += 1
          }
        }
        if fields[0] == 0 { values[0] = 1 }
        at += entryWidth
        switch values[0] {
        case 0: section.entries.append((number, .free(generation: values[2])))
        case 1 where values[1] > 0:
          guard values[1] <= XRefIndex.largestOffset else { return nil }
          section.entries.append((number, .inFile(offset: values[1], generation: values[2])))
        case 1:
          // Offset 0: damaged, read as null (see the table's rows).
          section.entries.append((number, .free(generation: values[2])))
        case 2: section.entries.append((number, .inStream(stream: values[1], index: values[2])))
        default: continue
        }
      }
    }
    section.previous = dictionary["Prev"]?.integer
    return section
  }
}

/// The data of a cross-reference stream.
private enum XRefStreamData {
  /// The three field widths of /W (each 0...8 bytes).
  static func widths(_ dictionary: [String: PDFValue]) -> [Int]? {
    guard case .array(let items)? = dictionary["W"], items.count == 3 else { return nil }
    let widths = items.compactMap(\.integer)
    guard widths.count == 3, widths.allSatisfy({ $0 <= 8 }) else { return nil }
    return widths
  }
}
