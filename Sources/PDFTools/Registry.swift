// SPDX-License-Identifier: GPL-3.0-or-later
import PDFToolsCore

/// The live documents, by handle value (see ``HandleTable``).
enum Registry {
  private static let table = HandleTable<Document>(base: 0x1000)

  /// Registers `document` and returns its new handle.
  static func add(_ document: Document) -> OpaquePointer? { table.add(document) }

  /// The document of `handle`, or an invalid-handle error.
  static func document(_ handle: OpaquePointer?) throws(PDFError) -> Document {
    guard let handle else { throw PDFError(.invalidHandle, "the document handle is NULL") }
    guard let found = table.entry(handle) else {
      throw PDFError(.invalidHandle, "the document handle is closed or was not made by this library")
    }
    try found.refuseCallsFromProgressHandler()
    return found
  }

  /// Forgets `handle`; the document is freed on the reaper thread once no running call uses
  /// it, so closing returns at once however large the document is.
  static func remove(_ handle: OpaquePointer?) {
    guard let document = table.take(handle) else { return }
    Reaper.release(document)
  }
}
