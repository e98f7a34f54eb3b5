// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// Reads a metadata entry (two-call pattern).
@_cdecl("pdftools_document_get_metadata")
public func abiDocumentGetMetadata(
  _ document: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ buffer: UnsafeMutablePointer<CChar>?,
  _ bufferSize: UInt, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let name = try text(key, "key")
    _ = try require(outSize, "out_size")
    guard let value = try doc.metadata(name) else {
      throw PDFError(.notFound, "the document has no metadata entry '\(name)'")
    }
    try copyOut(value, buffer, bufferSize, outSize)
  }
}

/// Sets or removes a metadata entry.
@_cdecl("pdftools_document_set_metadata")
public func abiDocumentSetMetadata(
  _ document: OpaquePointer?, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    try doc.setMetadata(try text(key, "key"), try optionalText(value, "value"))
  }
}

/// The number of text entries in the information dictionary.
@_cdecl("pdftools_document_get_metadata_count")
public func abiDocumentMetadataCount(
  _ document: OpaquePointer?, _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outCount, "out_count")
    out.pointee = Int32(clamping: try doc.metadataKeys().count)
  }
}

/// The name of the index-th metadata entry (two-call pattern).
@_cdecl("pdftools_document_get_metadata_key")
public func abiDocumentMetadataKey(
  _ document: OpaquePointer?, _ index: Int32, _ buffer: UnsafeMutablePointer<CChar>?,
  _ bufferSize: UInt, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outSize, "out_size")
    let keys = try doc.metadataKeys()
    guard index >= 0, Int(index) < keys.count else {
      throw PDFError(.outOfRange, "metadata index \(index) is out of range (\(keys.count) entries)")
    }
    try copyOut(keys[Int(index)], buffer, bufferSize, outSize)
  }
}
