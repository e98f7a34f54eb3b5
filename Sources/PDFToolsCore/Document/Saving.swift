import CQPDF

/// How to write a document.
public struct SaveOptions: Sendable, Equatable {
  /// Full rewrite or appended changes.
  public enum Mode: Int32, Sendable {
    /// Write a complete new file.
    case full = 0
    /// Append the changes to the original bytes (not supported yet).
    case incremental = 1
  }

  /// What to do with object streams.
  public enum ObjectStreams: Int32, Sendable {
    /// Keep them where the original had them.
    case preserve = 0
    /// Write none.
    case disable = 1
    /// Pack objects into object streams.
    case generate = 2
  }

  /// Full or incremental.
  public var mode: Mode = .full
  /// Compress uncompressed streams; when false, streams are written exactly as they are.
  public var compressStreams = true
  /// Object stream handling.
  public var objectStreams: ObjectStreams = .preserve
  /// Write a linearized file.
  public var linearize = false
  /// Write an unencrypted file even when the document is encrypted.
  public var removeEncryption = false

  /// The default options: full save, compressed, object streams kept, encryption kept.
  public init() {}
}

extension Document {
  /// Writes the document with `options` and passes the bytes to `body` while they are valid.
  public func withSavedBytes<T>(
    _ options: SaveOptions, _ body: (UnsafeRawBufferPointer) throws(PDFError) -> T
  ) throws(PDFError) -> T {
    try locked { () throws(PDFError) -> T in
      let bytes = try writeLocked(options)
      return try body(bytes)
    }
  }

  /// Saves the document to `path` atomically (temporary file, flush, rename).
  public func save(to path: String, options: SaveOptions = SaveOptions()) throws(PDFError) {
    guard !path.isEmpty else { throw PDFError(.invalidArgument, "the path is empty") }
    try locked { () throws(PDFError) in
      let bytes = try writeLocked(options)
      try FileIO.writeAtomically(path, bytes)
      savedChangeCount = changeCount
    }
  }

  /// Runs qpdf's writer into memory; the bytes stay valid until the next qpdf call. Call under
  /// the lock.
  func writeLocked(_ options: SaveOptions) throws(PDFError) -> UnsafeRawBufferPointer {
    guard options.mode == .full else {
      throw PDFError(.unsupported, "incremental saving is not supported in this version")
    }
    let data = qpdf.data
    _ = qpdf_init_write_memory(data)
    qpdf_set_compress_streams(data, options.compressStreams ? QPDF_TRUE : QPDF_FALSE)
    if !options.compressStreams { qpdf_set_decode_level(data, qpdf_dl_none) }
    let streams: qpdf_object_stream_e
    switch options.objectStreams {
    case .preserve: streams = qpdf_o_preserve
    case .disable: streams = qpdf_o_disable
    case .generate: streams = qpdf_o_generate
    }
    qpdf_set_object_stream_mode(data, streams)
    qpdf_set_linearization(data, options.linearize ? QPDF_TRUE : QPDF_FALSE)
    qpdf_set_preserve_encryption(data, options.removeEncryption ? QPDF_FALSE : QPDF_TRUE)
    if isNew { qpdf_set_minimum_pdf_version(data, "1.7") }
    _ = qpdf_write(data)
    do {
      try qpdf.check()
    } catch {
      throw PDFError(.internal, "cannot write the document: \(error.text)")
    }
    let length = Int(qpdf_get_buffer_length(data))
    guard let start = qpdf_get_buffer(data) else {
      throw PDFError(.internal, "qpdf produced no output")
    }
    return UnsafeRawBufferPointer(start: start, count: length)
  }
}
