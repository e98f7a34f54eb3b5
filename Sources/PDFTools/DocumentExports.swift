// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// Opens a PDF file.
@_cdecl("pdftools_document_open")
public func abiDocumentOpen(
  _ path: UnsafePointer<CChar>?, _ password: UnsafePointer<CChar>?,
  _ outDocument: UnsafeMutablePointer<OpaquePointer?>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let out = try require(outDocument, "out_doc")
    let document = try Document.open(
      path: try text(path, "path"), password: try optionalText(password, "password"))
    out.pointee = Registry.add(document)
  }
}

/// Opens a PDF from a copy of memory.
@_cdecl("pdftools_document_open_from_memory")
public func abiDocumentOpenMemory(
  _ data: UnsafeRawPointer?, _ size: UInt, _ password: UnsafePointer<CChar>?,
  _ outDocument: UnsafeMutablePointer<OpaquePointer?>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let out = try require(outDocument, "out_doc")
    guard data != nil || size == 0 else { throw PDFError(.invalidArgument, "data is NULL") }
    guard let count = Int(exactly: size) else {
      throw PDFError(.invalidArgument, "size is too large")
    }
    let document = try Document.open(
      bytes: UnsafeRawBufferPointer(start: data, count: count),
      password: try optionalText(password, "password"))
    out.pointee = Registry.add(document)
  }
}

/// Creates a new, empty document.
@_cdecl("pdftools_document_new")
public func abiDocumentNew(_ outDocument: UnsafeMutablePointer<OpaquePointer?>?) -> pdftools_status {
  call { () throws(PDFError) in
    let out = try require(outDocument, "out_doc")
    out.pointee = Registry.add(try Document.makeNew())
  }
}

/// Closes a document; NULL and closed handles are ignored.
@_cdecl("pdftools_document_close")
public func abiDocumentClose(_ document: OpaquePointer?) {
  Registry.remove(document)
}

/// Waits until everything closed so far has been released.
@_cdecl("pdftools_wait_for_releases")
public func abiWaitForReleases() { Reaper.wait() }

/// The number of pages.
@_cdecl("pdftools_document_get_page_count")
public func abiDocumentPageCount(_ document: OpaquePointer?, _ outCount: UnsafeMutablePointer<Int32>?)
  -> pdftools_status
{
  call { () throws(PDFError) in
    let count = try Registry.document(document).pageCount
    try store(Int32(clamping: count), outCount, "out_count")
  }
}

/// Whether the file was repaired while opening.
@_cdecl("pdftools_document_was_repaired")
public func abiDocumentWasRepaired(
  _ document: OpaquePointer?, _ outRepaired: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    try store(try Registry.document(document).wasRepaired ? 1 : 0, outRepaired, "out_repaired")
  }
}

/// The PDF version in effect.
@_cdecl("pdftools_document_get_pdf_version")
public func abiDocumentPDFVersion(
  _ document: OpaquePointer?, _ outMajor: UnsafeMutablePointer<Int32>?,
  _ outMinor: UnsafeMutablePointer<Int32>?, _ outExtensionLevel: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let version = try Registry.document(document).pdfVersion
    outMajor?.pointee = Int32(clamping: version.major)
    outMinor?.pointee = Int32(clamping: version.minor)
    outExtensionLevel?.pointee = Int32(clamping: version.extensionLevel)
  }
}

/// Whether the file is encrypted.
@_cdecl("pdftools_document_is_encrypted")
public func abiDocumentIsEncrypted(
  _ document: OpaquePointer?, _ outEncrypted: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    try store(try Registry.document(document).isEncrypted ? 1 : 0, outEncrypted, "out_encrypted")
  }
}

/// The permission flags granted.
@_cdecl("pdftools_document_get_permissions")
public func abiDocumentPermissions(
  _ document: OpaquePointer?, _ outFlags: UnsafeMutablePointer<UInt32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    try store(try Registry.document(document).permissions.rawValue, outFlags, "out_flags")
  }
}

/// Whether the document has signature fields.
@_cdecl("pdftools_document_has_signature_fields")
public func abiDocumentHasSignatureFields(
  _ document: OpaquePointer?, _ outHasSignatures: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let value: Int32 = try Registry.document(document).hasSignatureFields ? 1 : 0
    try store(value, outHasSignatures, "out_has_signatures")
  }
}

/// Whether the document changed since it was opened or saved.
@_cdecl("pdftools_document_is_modified")
public func abiDocumentIsModified(
  _ document: OpaquePointer?, _ outModified: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    try store(try Registry.document(document).isModified ? 1 : 0, outModified, "out_modified")
  }
}

/// Sets the memory budget of the text the document keeps.
@_cdecl("pdftools_document_set_cache_limit")
public func abiDocumentSetCacheLimit(_ document: OpaquePointer?, _ bytes: UInt) -> pdftools_status {
  call { () throws(PDFError) in
    try Registry.document(document).setTextCacheLimit(bytes: Int(clamping: bytes))
  }
}
