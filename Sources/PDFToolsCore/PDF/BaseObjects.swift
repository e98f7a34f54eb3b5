// SPDX-License-Identifier: GPL-3.0-or-later
/// The bytes a document's views start from (the file as read, or as last saved incrementally)
/// and where their objects are, read once and shared by the views and by readers that take
/// unchanged objects straight from the bytes.
///
/// qpdf parses an object at about 3,000 instructions a token, so looking up a page's size
/// through qpdf costs some 90,000; reading the same dictionary here costs a tenth of that. The
/// reads are strict: an object that is not plainly "n g obj << ... >> endobj" at the offset
/// the cross-reference data gives, or that repeats a key, reads as nil and the caller asks
/// qpdf, which repairs. Objects in object streams read as nil too.
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
  static let maximumObjectLength = 1 << 20
  /// The bytes first looked at for an object; the window grows fourfold while it is too small.
  private static let firstWindow = 2 << 10

  /// The objects of `bytes`.
  init(_ bytes: ByteChain) {
    self.bytes = bytes
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

  /// The value of object `identity` as the bytes hold it (a stream's dictionary reads as nil);
  /// nil when the bytes do not hold the object plainly.
  func value(of identity: ObjectIdentity) -> PDFValue? {
    read(identity) { cursor in cursor.value() }
  }

  /// What `body` reads after "n g obj" of object `identity`, when "endobj" follows; nil when
  /// the object is not in the file's bytes (in an object stream, or free), or not plainly.
  private func read<T>(_ identity: ObjectIdentity, _ body: (inout PDFCursor) -> T?) -> T? {
    guard let index, case .inFile(let offset, let generation)? = index.entry(Int(identity.number)),
      generation == Int(identity.generation)
    else { return nil }
    var length = BaseObjects.firstWindow
    while true {
      var cursor = PDFCursor(bytes.bytes(from: offset + shift, length: length))
      guard cursor.integer() == Int(identity.number), cursor.integer() == generation, cursor.keyword("obj") else {
        return nil
      }
      if let result = body(&cursor), cursor.keyword("endobj") { return result }
      guard cursor.truncated, length < BaseObjects.maximumObjectLength, offset + shift + length < bytes.count else {
        return nil
      }
      length *= 4
    }
  }
}
