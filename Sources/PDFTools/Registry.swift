import PDFToolsCore

/// The live documents, by handle value.
///
/// Handles given to the host are not pointers but serial numbers that are never reused, so a
/// closed, forged or stale handle is always detected, even after its memory would have been
/// reused. Lookups return a strong reference, so a document closed by one thread stays alive
/// until calls already running on it in other threads have finished.
enum Registry {
  private final class Table: @unchecked Sendable {
    let lock = Lock()
    var documents: [UInt: Document] = [:]
    var next: UInt = 0x1000
  }

  private static let table = Table()

  /// Registers `document` and returns its new handle.
  static func add(_ document: Document) -> OpaquePointer? {
    table.lock.withLock {
      table.next &+= 16
      table.documents[table.next] = document
      return OpaquePointer(bitPattern: table.next)
    }
  }

  /// The document of `handle`, or an invalid-handle error.
  static func document(_ handle: OpaquePointer?) throws(PDFError) -> Document {
    guard let handle else { throw PDFError(.invalidHandle, "the document handle is NULL") }
    let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
    let found = table.lock.withLock { table.documents[key] }
    guard let found else {
      throw PDFError(.invalidHandle, "the document handle is closed or was not made by this library")
    }
    return found
  }

  /// Forgets `handle`; the document is freed once no running call uses it.
  static func remove(_ handle: OpaquePointer?) {
    guard let handle else { return }
    let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
    let removed = table.lock.withLock { table.documents.removeValue(forKey: key) }
    _ = removed  // Released here, outside the table lock.
  }
}
