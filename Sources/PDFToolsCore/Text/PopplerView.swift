// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler

/// A read-only poppler document over the document's bytes, for text layout and rendering. Used
/// only under the owning document's lock.
///
/// poppler reads the bytes through a memory stream made of the parts given, so bytes the
/// document already holds (the file as opened) are shared, not copied.
final class PopplerView {
  /// One part of the bytes poppler reads, in order.
  enum Part {
    /// Bytes kept alive by the view for as long as poppler may read them; not copied.
    case shared(OwnedBytes)
    /// Bytes copied now (they may change or go away after the call).
    case copied(UnsafeRawBufferPointer)
  }

  /// The poppler document.
  private let document: OpaquePointer
  /// The stream poppler reads; poppler keeps a reference too.
  private let stream: UnsafeMutablePointer<GInputStream>

  /// The longest password poppler is given: AES-256 uses at most 127 bytes, and poppler 22.12
  /// overflows a buffer on longer revision 6 passwords.
  private static let maximumPasswordBytes = 127

  /// Opens the concatenation of `parts` with the password bytes `password`; throws with a
  /// message when poppler cannot read it.
  convenience init(_ parts: [Part], password: [UInt8]) throws(PDFError) {
    Reaper.preparePoppler()
    try self.init(unprepared: parts, password: password)
  }

  /// Opens as ``init(_:password:)`` does, without preparing the reaper for poppler (which
  /// opens one this way).
  init(unprepared parts: [Part], password: [UInt8]) throws(PDFError) {
    PopplerLog.install()
    guard let memory = g_memory_input_stream_new() else {
      throw PDFError(.outOfMemory, "cannot make a stream for poppler")
    }
    let stream = UnsafeMutableRawPointer(memory).assumingMemoryBound(to: GInputStream.self)
    let memoryStream = UnsafeMutableRawPointer(memory).assumingMemoryBound(to: GMemoryInputStream.self)
    var length = 0
    for part in parts {
      guard let bytes = PopplerView.bytes(part) else {
        g_object_unref(UnsafeMutableRawPointer(memory))
        throw PDFError(.outOfMemory, "cannot hand the document to poppler")
      }
      length += Int(g_bytes_get_size(bytes))
      g_memory_input_stream_add_bytes(memoryStream, bytes)
      g_bytes_unref(bytes)
    }
    // poppler-glib converts the password from UTF-8 to ISO 8859-1, so each byte goes as the
    // character of the same value. Opening from a stream (not from bytes) also avoids
    // poppler-glib 22.12's crash when a first attempt with a password fails.
    let text = PasswordForms.popplerForm(Array(password.prefix(PopplerView.maximumPasswordBytes)))
    var error: UnsafeMutablePointer<GError>? = nil
    guard let document = poppler_document_new_from_stream(stream, goffset(length), text, nil, &error) else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
      if error != nil { g_error_free(error) }
      g_object_unref(UnsafeMutableRawPointer(memory))
      throw PDFError(.damaged, "poppler cannot read the document: \(message)")
    }
    self.document = document
    self.stream = stream
  }

  /// A GBytes holding `part`; nil when memory runs out.
  private static func bytes(_ part: Part) -> OpaquePointer? {
    switch part {
    case .shared(let owner):
      let retained = Unmanaged.passRetained(owner).toOpaque()
      return g_bytes_new_with_free_func(owner.base, gsize(owner.count), { context in
        if let context { Unmanaged<OwnedBytes>.fromOpaque(context).release() }
      }, retained)
    case .copied(let buffer):
      return g_bytes_new(buffer.baseAddress, gsize(buffer.count))
    }
  }

  /// The pages opened last: poppler keeps a page's text layout inside its page object, so
  /// reusing it saves a second layout pass (text, then fonts; text, then render; or a render
  /// drawn again, which otherwise lays the text out anew, a third of the render's time).
  private var pages: [(index: Int, page: OpaquePointer)] = []
  /// How many pages ``pages`` keeps: two, a spread or the page being left and the page being
  /// entered. A layout holds much memory (1.8 MB for a page of 7,700 characters), and a
  /// viewer's next page would pay for it again either way.
  private static let keptPages = 2

  deinit {
    for entry in pages { g_object_unref(UnsafeMutableRawPointer(entry.page)) }
    g_object_unref(UnsafeMutableRawPointer(document))
    g_object_unref(UnsafeMutableRawPointer(stream))
  }

  /// The number of pages poppler sees.
  var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

  /// Runs `body` with page `index`; nil when poppler has no such page. A page opened with
  /// `keep` false is let go at once (a pass over many pages, which would only push the pages
  /// in use out).
  func withPage<T>(_ index: Int, keep: Bool = true, _ body: (OpaquePointer) -> T) -> T? {
    if let found = pages.first(where: { $0.index == index }) { return body(found.page) }
    guard index >= 0, index < pageCount,
      let page = poppler_document_get_page(document, Int32(index))
    else { return nil }
    guard keep else {
      defer { g_object_unref(UnsafeMutableRawPointer(page)) }
      return body(page)
    }
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
