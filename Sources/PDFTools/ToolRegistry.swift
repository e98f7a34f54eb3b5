import PDFToolsCore

/// The live tool managers, by handle value, with the document handle each belongs to.
///
/// Handles are never-reused serial numbers, like document handles. A manager's calls fail
/// with an invalid-handle error once its document handle was closed.
enum ToolRegistry {
  private final class Table: @unchecked Sendable {
    let lock = Lock()
    var managers: [UInt: (manager: ToolManager, document: OpaquePointer?)] = [:]
    var next: UInt = 0x10_0000
  }

  private static let table = Table()

  /// Registers `manager` of the document `handle` and returns its new handle.
  static func add(_ manager: ToolManager, document handle: OpaquePointer?) -> OpaquePointer? {
    table.lock.withLock {
      table.next &+= 16
      table.managers[table.next] = (manager, handle)
      return OpaquePointer(bitPattern: table.next)
    }
  }

  /// The manager of `handle`, checking that its document is still open.
  static func manager(_ handle: OpaquePointer?) throws(PDFError) -> ToolManager {
    guard let handle else { throw PDFError(.invalidHandle, "the tool manager handle is NULL") }
    let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
    let found = table.lock.withLock { table.managers[key] }
    guard let found else {
      throw PDFError(.invalidHandle, "the tool manager handle was freed or was not made by this library")
    }
    let document: Document
    do {
      document = try Registry.document(found.document)
    } catch {
      throw PDFError(.invalidHandle, "the tool manager's document was closed")
    }
    guard document === found.manager.document else {
      throw PDFError(.invalidHandle, "the tool manager's document was closed")
    }
    return found.manager
  }

  /// Forgets `handle`; unknown handles are ignored.
  static func remove(_ handle: OpaquePointer?) {
    guard let handle else { return }
    let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
    let removed = table.lock.withLock { table.managers.removeValue(forKey: key) }
    removed?.manager.discard()
  }
}
