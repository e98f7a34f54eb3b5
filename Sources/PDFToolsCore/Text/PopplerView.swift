import CPoppler

/// A read-only poppler document over a snapshot of the document's bytes, for text layout (and
/// later rendering). Used only under the owning document's lock.
final class PopplerView {
  /// The poppler document.
  private let document: OpaquePointer
  /// The bytes poppler reads; poppler keeps a reference too.
  private let bytes: OpaquePointer

  /// Opens `data` (copied into a GBytes) with `password`; nil with a message when poppler
  /// cannot read it.
  init(copying data: UnsafeRawBufferPointer, password: String) throws(PDFError) {
    PopplerLog.install()
    guard let base = data.baseAddress, let bytes = g_bytes_new(base, gsize(data.count)) else {
      throw PDFError(.outOfMemory, "cannot copy the document for poppler")
    }
    var error: UnsafeMutablePointer<GError>? = nil
    guard let document = poppler_document_new_from_bytes(bytes, password, &error) else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
      if error != nil { g_error_free(error) }
      g_bytes_unref(bytes)
      throw PDFError(.damaged, "poppler cannot read the document: \(message)")
    }
    self.document = document
    self.bytes = bytes
  }

  /// The few pages opened last: poppler keeps a page's text layout inside its page object, so
  /// reusing it saves a second layout pass (text, then fonts). Only a few are kept, because
  /// each layout holds much memory.
  private var pages: [(index: Int, page: OpaquePointer)] = []
  /// How many pages ``pages`` keeps.
  private static let keptPages = 4

  deinit {
    for entry in pages { g_object_unref(UnsafeMutableRawPointer(entry.page)) }
    g_object_unref(UnsafeMutableRawPointer(document))
    g_bytes_unref(bytes)
  }

  /// The number of pages poppler sees.
  var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

  /// Runs `body` with page `index`; nil when poppler has no such page.
  func withPage<T>(_ index: Int, _ body: (OpaquePointer) -> T) -> T? {
    if let found = pages.first(where: { $0.index == index }) { return body(found.page) }
    guard index >= 0, index < pageCount,
      let page = poppler_document_get_page(document, Int32(index))
    else { return nil }
    pages.append((index, page))
    if pages.count > PopplerView.keptPages {
      g_object_unref(UnsafeMutableRawPointer(pages.removeFirst().page))
    }
    return body(page)
  }
}

/// Sends GLib messages of poppler's log domain to ``Log`` instead of stderr.
enum PopplerLog {
  /// Installs the handler once per process.
  static func install() { _ = installed }

  private static let installed: Bool = {
    let handler: GLogFunc = { domain, level, message, _ in
      let text = message.map { String(cString: $0) } ?? ""
      let severity: LogLevel
      if level.rawValue & (G_LOG_LEVEL_ERROR.rawValue | G_LOG_LEVEL_CRITICAL.rawValue) != 0 {
        severity = .error
      } else if level.rawValue & G_LOG_LEVEL_WARNING.rawValue != 0 {
        severity = .warning
      } else if level.rawValue & (G_LOG_LEVEL_MESSAGE.rawValue | G_LOG_LEVEL_INFO.rawValue) != 0 {
        severity = .info
      } else {
        severity = .debug
      }
      Log.emit(severity, "poppler", text)
    }
    let levels = GLogLevelFlags(
      rawValue: G_LOG_LEVEL_MASK.rawValue | G_LOG_FLAG_FATAL.rawValue | G_LOG_FLAG_RECURSION.rawValue)
    g_log_set_handler("Poppler", levels, handler, nil)
    return true
  }()
}
