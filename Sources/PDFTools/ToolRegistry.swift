// SPDX-License-Identifier: GPL-3.0-or-later
import PDFToolsCore

/// The live tool managers, by handle value, with the document handle each belongs to (see
/// ``HandleTable``). A manager's calls fail with an invalid-handle error once its document
/// handle was closed.
enum ToolRegistry {
  /// A manager and the handle of its document.
  private struct Entry {
    let manager: ToolManager
    let document: OpaquePointer?
  }

  private static let table = HandleTable<Entry>(base: 0x10_0000)

  /// Registers `manager` of the document `handle` and returns its new handle.
  static func add(_ manager: ToolManager, document handle: OpaquePointer?) -> OpaquePointer? {
    table.add(Entry(manager: manager, document: handle))
  }

  /// The manager of `handle`, checking that its document is still open.
  static func manager(_ handle: OpaquePointer?) throws(PDFError) -> ToolManager {
    guard let handle else { throw PDFError(.invalidHandle, "the tool manager handle is NULL") }
    guard let found = table.entry(handle) else {
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
    table.remove(handle)?.manager.discard()
  }
}
