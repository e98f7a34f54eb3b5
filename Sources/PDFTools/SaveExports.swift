// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Converts the C options (NULL means defaults) to the core's, rejecting unknown values; the
/// progress callback comes back separately.
private func saveOptions(_ pointer: UnsafePointer<pdftools_save_options>?) throws(PDFError)
  -> (options: SaveOptions, progress: ProgressHandler?)
{
  var options = SaveOptions()
  guard let pointer else { return (options, nil) }
  let c = try StructVersions.saveOptions.read(pointer)
  guard let mode = SaveOptions.Mode(rawValue: Int32(bitPattern: c.mode.rawValue)) else {
    throw PDFError(.invalidArgument, "\(c.mode.rawValue) is not a pdftools_save_mode value")
  }
  guard let streams = SaveOptions.ObjectStreams(rawValue: Int32(bitPattern: c.object_streams.rawValue)) else {
    throw PDFError(.invalidArgument, "\(c.object_streams.rawValue) is not a pdftools_object_streams value")
  }
  guard c.encryption == PDFTOOLS_ENCRYPTION_KEEP || c.encryption == PDFTOOLS_ENCRYPTION_REMOVE else {
    throw PDFError(.invalidArgument, "\(c.encryption.rawValue) is not a pdftools_encryption value")
  }
  options.mode = mode
  options.compressStreams = c.compress_streams != 0
  options.objectStreams = streams
  options.linearize = c.linearize != 0
  options.removeEncryption = c.encryption == PDFTOOLS_ENCRYPTION_REMOVE
  options.overwriteReadOnly = c.overwrite_readonly != 0
  return (options, progressHandler(c.progress, c.progress_user_data))
}

/// Saves to a path atomically.
@_cdecl("pdftools_document_save")
public func abiDocumentSave(
  _ document: OpaquePointer?, _ path: UnsafePointer<CChar>?,
  _ options: UnsafePointer<pdftools_save_options>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let target = try text(path, "path")
    let parsed = try saveOptions(options)
    try doc.save(to: target, options: parsed.options, progress: parsed.progress)
  }
}

/// Saves into a new memory block released with pdftools_free.
@_cdecl("pdftools_document_save_to_memory")
public func abiDocumentSaveToMemory(
  _ document: OpaquePointer?, _ options: UnsafePointer<pdftools_save_options>?,
  _ outData: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let dataOut = try require(outData, "out_data")
    let sizeOut = try require(outSize, "out_size")
    let parsed = try saveOptions(options)
    let copy = try doc.withSavedBytes(parsed.options, progress: parsed.progress) {
      (bytes) throws(PDFError) -> (UnsafeMutableRawPointer, Int) in
      guard let memory = malloc(max(bytes.count, 1)) else {
        throw PDFError(.outOfMemory, "cannot allocate \(bytes.count) bytes")
      }
      if let base = bytes.baseAddress { memory.copyMemory(from: base, byteCount: bytes.count) }
      return (memory, bytes.count)
    }
    dataOut.pointee = copy.0
    sizeOut.pointee = UInt(copy.1)
  }
}
