// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// Undoes the last step.
@_cdecl("pdftools_undo_undo")
public func abiUndo(_ document: OpaquePointer?, _ outDone: UnsafeMutablePointer<Int32>?) -> pdftools_status {
  call { () throws(PDFError) in
    let done = try Registry.document(document).undo()
    outDone?.pointee = done ? 1 : 0
  }
}

/// Redoes the last undone step.
@_cdecl("pdftools_undo_redo")
public func abiRedo(_ document: OpaquePointer?, _ outDone: UnsafeMutablePointer<Int32>?) -> pdftools_status {
  call { () throws(PDFError) in
    let done = try Registry.document(document).redo()
    outDone?.pointee = done ? 1 : 0
  }
}

/// Whether undo and redo are possible.
@_cdecl("pdftools_undo_get_state")
public func abiUndoState(
  _ document: OpaquePointer?, _ outCanUndo: UnsafeMutablePointer<Int32>?, _ outCanRedo: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let state = try Registry.document(document).undoState
    outCanUndo?.pointee = state.canUndo ? 1 : 0
    outCanRedo?.pointee = state.canRedo ? 1 : 0
  }
}

/// The label of the next undo or redo step (two-call pattern).
@_cdecl("pdftools_undo_get_label")
public func abiUndoLabel(
  _ document: OpaquePointer?, _ redo: Int32, _ buffer: UnsafeMutablePointer<CChar>?, _ bufferSize: UInt,
  _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let state = try Registry.document(document).undoState
    _ = try require(outSize, "out_size")
    guard let label = redo != 0 ? state.redoLabel : state.undoLabel else {
      throw PDFError(.notFound, redo != 0 ? "there is nothing to redo" : "there is nothing to undo")
    }
    try copyOut(label, buffer, bufferSize, outSize)
  }
}

/// Opens a group.
@_cdecl("pdftools_undo_begin_group")
public func abiBeginGroup(_ document: OpaquePointer?, _ label: UnsafePointer<CChar>?) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    try doc.beginGroup(try text(label, "label"))
  }
}

/// Closes a group.
@_cdecl("pdftools_undo_end_group")
public func abiEndGroup(_ document: OpaquePointer?) -> pdftools_status {
  call { () throws(PDFError) in try Registry.document(document).endGroup() }
}

/// Sets the journal's limits.
@_cdecl("pdftools_undo_set_limits")
public func abiSetUndoLimits(_ document: OpaquePointer?, _ steps: Int32, _ bytes: UInt) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    guard let byteLimit = Int(exactly: bytes) else { throw PDFError(.invalidArgument, "bytes is too large") }
    try doc.setUndoLimits(steps: Int(steps), bytes: byteLimit)
  }
}

/// Turns the journal on or off.
@_cdecl("pdftools_undo_set_enabled")
public func abiSetUndoEnabled(_ document: OpaquePointer?, _ enabled: Int32) -> pdftools_status {
  call { () throws(PDFError) in try Registry.document(document).setUndoEnabled(enabled != 0) }
}

/// Clears the journal.
@_cdecl("pdftools_undo_clear")
public func abiClearUndo(_ document: OpaquePointer?) -> pdftools_status {
  call { () throws(PDFError) in try Registry.document(document).clearUndo() }
}

/// The host's callback, its user data and the handle it is told about.
private struct UndoCallback: @unchecked Sendable {
  let function: pdftools_undo_callback
  let handle: OpaquePointer?
  let userData: UnsafeMutableRawPointer?
}

/// Sets the undo callback.
@_cdecl("pdftools_undo_set_callback")
public func abiSetUndoCallback(
  _ document: OpaquePointer?, _ callback: pdftools_undo_callback?, _ userData: UnsafeMutableRawPointer?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    guard let callback else {
      doc.setUndoObserver(nil)
      return
    }
    let target = UndoCallback(function: callback, handle: document, userData: userData)
    doc.setUndoObserver { target.function(target.handle, target.userData) }
  }
}
