// SPDX-License-Identifier: GPL-3.0-or-later
/// The bytes a document's views start from (the file as read, or as last saved incrementally)
/// and where their objects are, read once and shared by the views and by readers that take
/// unchanged objects straight from the bytes.
///
/// qpdf parses an object at about 3,000 instructions a token, so looking up a page's size
/// through qpdf costs some 90,000; reading the same dictionary here costs a tenth of that. The
/// reads are strict: an object that is not plainly "n g obj << ... >> endobj" at the offset
/// the cross-reference data gives (or plainly in its object stream, Flate-compressed or not,
/// where the stream lists it where the cross-reference data says), or that holds what qpdf
/// warns of (a key given twice in any dictionary, a bare word other than true, false or null),
/// reads as nil and the caller asks qpdf, which repairs. Object streams of encrypted documents
/// are left to qpdf.
final class BaseObjects {
  /// The bytes.
  let bytes: ByteChain

  /// What is known of where the objects are.
  private enum Placement {
    /// Not read yet.
    case unread
    /// Read and checked.
    case indexed(XRefIndex)
    /// The cross-reference sections cannot be read, or do not hold.
    case unreadable
  }

  private var placement = Placement.unread
  /// Where the header starts (offsets count from there).
  private let shift: Int

  /// The largest object read (a larger one reads as nil).
  static let maximumObjectLength = 16 << 20
  /// The bytes first looked at for an object; the window grows fourfold while it is too small.
  private static let firstWindow = 2 << 10

  /// True when the document is encrypted: its object streams are then not read, and its
  /// strings are read as the file holds them, encrypted.
  let encrypted: Bool

  /// The objects of `bytes`, of an encrypted document when `encrypted`.
  init(_ bytes: ByteChain, encrypted: Bool) {
    self.bytes = bytes
    self.encrypted = encrypted
    shift = IncrementalWriter.headerOffset(bytes.bytes(from: 0, length: 1024))
  }

  /// Where every object is (see ``XRefIndex``), read on first use; nil when the sections
  /// cannot be read.
  var index: XRefIndex? {
    if case .unread = placement {
      placement = XRefIndex.read(bytes).map { .indexed($0) } ?? .unreadable
    }
    guard case .indexed(let index) = placement else { return nil }
    return index
  }

  /// The values of `keys` (names without their slash) in dictionary object `identity` as the
  /// bytes hold it, in the order of `keys` and nil where absent; nil when the bytes do not
  /// hold the object plainly (see the type's description).
  func entries(of identity: ObjectIdentity, _ keys: [StaticString]) -> [PDFValue?]? {
    read(identity) { cursor in cursor.entries(keys) }
  }

  /// ``entries(of:_:)``, with the dictionary's text as the bytes hold it (nil for an
  /// encrypted document, whose bytes hold its strings encrypted).
  func entriesAndText(of identity: ObjectIdentity, _ keys: [StaticString]) -> (entries: [PDFValue?], text: [UInt8])? {
    guard !encrypted else { return nil }
    return read(identity) { cursor in
      cursor.skipSpace()
      let start = cursor.position
      return cursor.entries(keys).map { ($0, Array(cursor.bytes[start..<cursor.position])) }
    }
  }

  /// The values of `keys` in the dictionary of stream object `identity` (one the file holds
  /// outside object streams, as streams are), as for ``entries(of:_:)``; nil when the bytes
  /// do not hold a stream there plainly.
  func streamEntries(of identity: ObjectIdentity, _ keys: [StaticString]) -> [PDFValue?]? {
    guard case .inFile(let offset, let generation)? = index?.entry(Int(identity.number)),
      generation == Int(identity.generation)
    else { return nil }
    return readInFile(identity, at: offset) { cursor in
      guard let result = cursor.entries(keys), cursor.keyword("stream") else { return nil }
      return result
    }
  }

  /// The data of stream object `identity` (one the file holds outside object streams) as the
  /// bytes hold it, its filter undone as ``StreamFilters`` undoes it; nil when the document is
  /// encrypted, the bytes do not hold the stream plainly (see ``stream(_:at:readable:)``), or
  /// its filter is another.
  func streamData(of identity: ObjectIdentity, readable: (ObjectIdentity) -> Bool) -> [UInt8]? {
    guard !encrypted, case .inFile(let offset, let generation)? = index?.entry(Int(identity.number)),
      generation == Int(identity.generation)
    else { return nil }
    return stream(identity, at: offset, readable: readable)?.data
  }

  /// The value of object `identity` as the bytes hold it (a stream's dictionary reads as nil);
  /// nil when the bytes do not hold the object plainly.
  func value(of identity: ObjectIdentity) -> PDFValue? {
    read(identity) { cursor in cursor.value() }
  }

  /// The text of dictionary or array object `identity` as the bytes hold it, what qpdf reads
  /// of it; nil when the document is encrypted (the bytes hold its strings encrypted), the
  /// object is anything else (a stream among them) or the bytes do not hold it plainly.
  func containerText(of identity: ObjectIdentity) -> [UInt8]? {
    guard !encrypted else { return nil }
    return read(identity) { cursor in cursor.containerText().map { Array($0) } }
  }

  /// What `body` reads of object `identity`: after "n g obj" when "endobj" follows, or from
  /// its object stream when nothing but white space follows before the next object; nil when
  /// the object is free or not held plainly.
  private func read<T>(_ identity: ObjectIdentity, _ body: (inout PDFCursor) -> T?) -> T? {
    switch index?.entry(Int(identity.number)) {
    case .inFile(let offset, let generation)? where generation == Int(identity.generation):
      return readInFile(identity, at: offset) { cursor in
        guard let result = body(&cursor), cursor.keyword("endobj") else { return nil }
        return result
      }
    case .inStream(let stream, let position)? where identity.generation == 0:
      guard let contents = objectStream(stream), let range = contents.range(of: Int(identity.number), at: position)
      else { return nil }
      var cursor = PDFCursor(Array(contents.data[range]))
      guard let result = body(&cursor) else { return nil }
      cursor.skipSpace()
      return cursor.position == cursor.bytes.count ? result : nil
    default:
      return nil
    }
  }

  /// What `body` reads after "n g obj" of object `identity` at `offset`, the window growing
  /// while it is too small.
  private func readInFile<T>(_ identity: ObjectIdentity, at offset: Int, _ body: (inout PDFCursor) -> T?) -> T? {
    var length = BaseObjects.firstWindow
    while true {
      var cursor = PDFCursor(bytes.bytes(from: offset + shift, length: length))
      guard cursor.integer() == Int(identity.number), cursor.integer() == Int(identity.generation),
        cursor.keyword("obj")
      else { return nil }
      if let result = body(&cursor) { return result }
      guard cursor.truncated, length < BaseObjects.maximumObjectLength, offset + shift + length < bytes.count else {
        return nil
      }
      length *= 4
    }
  }

  /// The objects of one object stream, decoded.
  private struct ObjectStream {
    /// The decoded data.
    let data: [UInt8]
    /// Each object's number and where it starts in ``data``, in the stream's order.
    let objects: [(number: Int, start: Int)]
    /// The numbers listed more than once (qpdf may take another of them).
    let repeated: Set<Int>

    /// Where object `number`, listed at `position`, lies in ``data``; nil when it is not
    /// listed there (or listed twice).
    func range(of number: Int, at position: Int) -> Range<Int>? {
      guard position >= 0, position < objects.count, objects[position].number == number, !repeated.contains(number)
      else { return nil }
      let end = position + 1 < objects.count ? objects[position + 1].start : data.count
      return objects[position].start..<end
    }
  }

  /// The object streams decoded last (the next pages' objects usually share one).
  private var objectStreams: [(number: Int, stream: ObjectStream)] = []
  /// How many decoded object streams are kept.
  private static let keptObjectStreams = 2
  /// The most objects one object stream may list.
  private static let maximumStreamObjects = 1 << 20

  /// Object stream `number`, decoded now or kept from before; nil in an encrypted document
  /// (its streams are encrypted) or when it is not read plainly.
  private func objectStream(_ number: Int) -> ObjectStream? {
    if let kept = objectStreams.first(where: { $0.number == number }) { return kept.stream }
    guard !encrypted, number > 0, number <= Int(Int32.max), case .inFile(let offset, let generation)? = index?.entry(number)
    else { return nil }
    let identity = ObjectIdentity(number: Int32(number), generation: Int32(generation))
    // Its /Length only from the file itself: one in an object stream could lead from stream
    // to stream without end (``stream(_:at:readable:)`` reads lengths from the file alone).
    guard let read = self.stream(identity, at: offset, readable: { _ in true }), let stream = decodeObjectStream(read)
    else { return nil }
    objectStreams.insert((number, stream), at: 0)
    if objectStreams.count > BaseObjects.keptObjectStreams { objectStreams.removeLast() }
    return stream
  }

  /// The dictionary and data of stream object `identity` at `offset`, its filter undone as
  /// ``StreamFilters`` undoes it. The data starts after "stream" and the end of line that
  /// follows (CR LF, LF or CR, as qpdf reads it) and runs for /Length bytes, a number or a
  /// reference `readable` accepts to a number the file itself holds; "endstream" must follow.
  /// Nil otherwise, and for a filter ``StreamFilters`` does not undo.
  private func stream(_ identity: ObjectIdentity, at offset: Int, readable: (ObjectIdentity) -> Bool)
    -> (dictionary: [String: PDFValue], data: [UInt8])?
  {
    let head = readInFile(identity, at: offset) { cursor -> (dictionary: [String: PDFValue], start: Int)? in
      guard case .dictionary(let dictionary)? = cursor.value(), cursor.keyword("stream") else { return nil }
      guard cursor.position + 2 <= cursor.bytes.count else {
        cursor.truncated = true
        return nil
      }
      if cursor.bytes[cursor.position] == 0x0D { cursor.position += 1 }
      if cursor.bytes[cursor.position] == 0x0A { cursor.position += 1 }
      return (dictionary, cursor.position)
    }
    guard let head else { return nil }
    let length: Int
    switch head.dictionary["Length"] {
    case .integer(let value)?: length = value
    case .reference(let target)? where readable(target):
      guard case .inFile(let offset, let generation)? = index?.entry(Int(target.number)),
        generation == Int(target.generation),
        case .integer(let value)? = readInFile(target, at: offset, { cursor in
          cursor.value().flatMap { cursor.keyword("endobj") ? $0 : nil }
        })
      else { return nil }
      length = value
    default: return nil
    }
    guard length >= 0, length <= BaseObjects.maximumObjectLength else { return nil }
    let start = offset + shift + head.start
    let raw = bytes.bytes(from: start, length: length)
    var tail = PDFCursor(bytes.bytes(from: start + length, length: 64))
    guard raw.count == length, tail.keyword("endstream"), let data = StreamFilters.decode(raw, head.dictionary) else {
      return nil
    }
    return (head.dictionary, data)
  }

  /// The objects of an object stream read by ``stream(_:at:readable:)``.
  private func decodeObjectStream(_ read: (dictionary: [String: PDFValue], data: [UInt8])) -> ObjectStream? {
    let (dictionary, data) = read
    guard case .name("ObjStm")? = dictionary["Type"], let count = dictionary["N"]?.integer,
      count <= BaseObjects.maximumStreamObjects, let first = dictionary["First"]?.integer, first <= data.count
    else { return nil }
    // The list is read from the whole data and must end before /First (qpdf reads its
    // numbers on past /First).
    var header = PDFCursor(data)
    var objects: [(number: Int, start: Int)] = []
    var seen = Set<Int>()
    var repeated = Set<Int>()
    objects.reserveCapacity(min(count, first))
    for _ in 0..<count {
      guard let number = header.integer(), let offset = header.integer(), first + offset <= data.count,
        offset >= (objects.last.map { $0.start - first } ?? 0)
      else { return nil }
      if !seen.insert(number).inserted { repeated.insert(number) }
      objects.append((number, first + offset))
    }
    guard header.position <= first else { return nil }
    return ObjectStream(data: data, objects: objects, repeated: repeated)
  }
}
