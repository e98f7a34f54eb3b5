// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// One qpdf document (`qpdf_data`), with error and warning handling.
///
/// Not thread-safe: the owning ``Document`` serializes all use under its lock. Object handles
/// made through it are released in bulk by ``releaseHandles()`` at the end of each operation.
final class QPDF {
  /// The qpdf C API state.
  let data: qpdf_data

  /// The bytes qpdf reads from; qpdf does not copy them, so they live as long as this object.
  private(set) var source: OwnedBytes?

  /// Who numbers the objects made next (see ``ObjectNumbering``).
  var numbering = ObjectNumbering.qpdf

  /// The description of the bytes read, NUL-terminated: qpdf keeps the pointer (its JSON
  /// update names its input by it), so it lives as long as this object.
  private var description: UnsafeMutableBufferPointer<CChar>? = nil

  /// Creates a qpdf state with errors silenced, warnings collected and output routed to the log.
  init() {
    data = qpdf_init()
    qpdf_silence_errors(data)
    qpdf_set_suppress_warnings(data, QPDF_TRUE)
    qpdf_set_logger(data, QPDFLog.logger)
  }

  deinit {
    var state: qpdf_data? = data
    qpdf_cleanup(&state)
    description?.deallocate()
  }

  /// Parses `bytes` as a PDF with the password bytes `password` (may be empty; no NUL). The
  /// bytes are kept alive.
  func read(_ bytes: OwnedBytes, description: String, password: [UInt8]) throws(QPDFFailure) {
    source = bytes
    let name = Array(description.utf8CString)
    let kept = UnsafeMutableBufferPointer<CChar>.allocate(capacity: name.count)
    _ = kept.initialize(from: name)
    self.description?.deallocate()
    self.description = kept
    let terminated = password.map { CChar(bitPattern: $0) } + [0]
    _ = terminated.withUnsafeBufferPointer { text in
      qpdf_read_memory(
        data, kept.baseAddress, bytes.base.assumingMemoryBound(to: CChar.self), UInt64(bytes.count),
        text.baseAddress)
    }
    try check()
  }

  /// Starts an empty document with no pages.
  func makeEmpty() throws(QPDFFailure) {
    _ = qpdf_empty_pdf(data)
    try check()
  }

  /// Throws the pending qpdf error, if any, and clears it.
  func check() throws(QPDFFailure) {
    guard qpdf_has_error(data) != QPDF_FALSE, let error = qpdf_get_error(data) else { return }
    let code = qpdf_get_error_code(data, error)
    let text = qpdf_get_error_full_text(data, error).map { String(cString: $0) } ?? "unknown qpdf error"
    throw QPDFFailure(code: code, text: text)
  }

  /// Clears a pending qpdf error without reporting it, logging it as a warning instead.
  func discardError() {
    do { try check() } catch { Log.emit(.warning, "qpdf", error.text) }
  }

  /// Removes and returns qpdf's pending warnings as (code, text) pairs.
  func drainWarnings() -> [(code: qpdf_error_code_e, text: String)] {
    var result: [(code: qpdf_error_code_e, text: String)] = []
    while qpdf_more_warnings(data) != QPDF_FALSE {
      guard let warning = qpdf_next_warning(data) else { break }
      let code = qpdf_get_error_code(data, warning)
      let text = qpdf_get_error_full_text(data, warning).map { String(cString: $0) } ?? ""
      result.append((code, text))
    }
    return result
  }

  /// Sends pending warnings to the log and reports whether any said the file was damaged.
  @discardableResult
  func logWarnings() -> Bool {
    var damaged = false
    for warning in drainWarnings() {
      if warning.code == qpdf_e_damaged_pdf { damaged = true }
      Log.emit(.warning, "qpdf", warning.text)
    }
    return damaged
  }

  /// Takes an object number for an object qpdf does not hold (an incremental update's own
  /// cross-reference stream), or to learn where qpdf's numbering stands: qpdf makes a null
  /// object with it (nothing refers to it, and no writer keeps it), so it never gives the
  /// number out again. Looking up unknown numbers instead would make placeholder objects.
  /// Throws when qpdf's numbering is exhausted (an object numbered 2147483647 exists).
  func reserveObjectNumber() throws(PDFError) -> Int32 {
    if let number = freeNumber() {
      // qpdf holds it as a null object now (``freeNumber()`` looked it up).
      return number
    }
    let object = qpdf_make_indirect_object(data, qpdf_oh_new_null(data))
    do {
      try check()
    } catch {
      throw PDFError(.unsupported, "cannot add an object to the document: \(error.text)")
    }
    let number = qpdf_oh_get_object_id(data, object)
    guard number > 0 else { throw PDFError(.internal, "qpdf gave no object number") }
    return number
  }

  /// Runs qpdf's writer into memory with `options`; the bytes stay valid until the next qpdf
  /// call.
  func write(
    _ options: SaveOptions, minimumVersion: String? = nil, reporter: ProgressReporter? = nil
  ) throws(PDFError) -> UnsafeRawBufferPointer {
    // A second write forgets the description qpdf's JSON update reads; and having written
    // every object, qpdf numbers new ones cheaply.
    leaveNumberingToQPDF()
    _ = qpdf_init_write_memory(data)
    // qpdf reports percentages and cannot be stopped part-way: a stop asked for is honoured
    // when it returns (the bytes are dropped, nothing is saved).
    let progress = WriteProgress(reporter)
    let context = Unmanaged.passRetained(progress)
    defer { context.release() }
    if reporter?.handler != nil {
      qpdf_register_progress_reporter(data, { percent, context in
        guard let context else { return }
        Unmanaged<WriteProgress>.fromOpaque(context).takeUnretainedValue().report(Int(percent))
      }, context.toOpaque())
    }
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
    if let minimumVersion { qpdf_set_minimum_pdf_version(data, minimumVersion) }
    _ = qpdf_write(data)
    do {
      try check()
    } catch {
      throw PDFError(.internal, "cannot write the document: \(error.text)")
    }
    if let stop = progress.stop { throw stop }
    let length = Int(qpdf_get_buffer_length(data))
    guard let start = qpdf_get_buffer(data) else {
      throw PDFError(.internal, "qpdf produced no output")
    }
    return UnsafeRawBufferPointer(start: start, count: length)
  }

  /// Releases every object handle made since the last release.
  func releaseHandles() { qpdf_oh_release_all(data) }

  /// Makes qpdf read its own list of pages again (its page functions and writer use it). qpdf
  /// may restate the page tree on the way (pages made indirect, shared pages copied), as it
  /// does whenever it lists pages.
  func refreshPageList() {
    qpdf_update_all_pages_cache(data)
    discardError()
  }
}

/// A qpdf error: its code and its full text.
struct QPDFFailure: Error {
  /// qpdf's error category.
  let code: qpdf_error_code_e
  /// qpdf's message, including file and offset where known.
  let text: String
}

/// The process-wide qpdf logger that sends qpdf's output to ``Log`` instead of stdout/stderr.
enum QPDFLog {
  /// The shared logger handle; created once, never released.
  nonisolated(unsafe) static let logger: qpdflogger_handle? = {
    let handle = qpdflogger_create()
    let forward: qpdf_log_fn_t = { text, length, _ in
      guard let text, length > 0 else { return 0 }
      let bytes = UnsafeRawBufferPointer(start: text, count: length)
      var line = String(decoding: bytes, as: UTF8.self)
      while line.last == "\n" { line.removeLast() }
      if !line.isEmpty { Log.emit(.debug, "qpdf", line) }
      return 0
    }
    qpdflogger_set_info(handle, qpdf_log_dest_custom, forward, nil)
    qpdflogger_set_warn(handle, qpdf_log_dest_custom, forward, nil)
    qpdflogger_set_error(handle, qpdf_log_dest_custom, forward, nil)
    qpdflogger_set_save(handle, qpdf_log_dest_discard, nil, nil, QPDF_FALSE)
    return handle
  }()
}

/// Hands qpdf's write percentages to a progress reporter and keeps its wish to stop.
final class WriteProgress {
  /// The reporter.
  private let reporter: ProgressReporter?
  /// Set when the reporter asked to stop.
  private(set) var stop: PDFError? = nil

  init(_ reporter: ProgressReporter?) { self.reporter = reporter }

  /// Reports `percent`; after a stop, nothing more.
  func report(_ percent: Int) {
    guard stop == nil, let reporter else { return }
    do {
      try reporter.report(percent, of: 100)
    } catch {
      stop = error
    }
  }
}
