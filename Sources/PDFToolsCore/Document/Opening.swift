// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension Document {
  /// Opens the PDF file at `path` with an optional password.
  ///
  /// The file is read into memory once and not kept open.
  public static func open(path: String, password: String? = nil) throws(PDFError) -> Document {
    guard !path.isEmpty else { throw PDFError(.invalidArgument, "the path is empty") }
    let bytes = try FileIO.readFile(path)
    let document = try open(bytes, description: path, password: password)
    if let identity = FileIO.identity(of: path), identity.size == bytes.count {
      document.baseFile = (path, identity)
    }
    return document
  }

  /// Opens a PDF from a copy of `bytes` with an optional password.
  public static func open(bytes: UnsafeRawBufferPointer, password: String? = nil) throws(PDFError)
    -> Document
  {
    guard let copy = OwnedBytes(copying: bytes) else {
      throw PDFError(.outOfMemory, "cannot allocate \(bytes.count) bytes")
    }
    return try open(copy, description: "memory", password: password)
  }

  /// Opens a PDF from a copy of `bytes` with an optional password.
  public static func open(bytes: [UInt8], password: String? = nil) throws(PDFError) -> Document {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(PDFError) -> Document in try open(bytes: buffer, password: password) }
    }
    return try result.get()
  }

  /// Creates a new document without pages.
  public static func makeNew() throws(PDFError) -> Document {
    // The empty document is written and read back, so that it has bytes views can start from.
    let empty = QPDF()
    defer { empty.releaseHandles() }
    do {
      try empty.makeEmpty()
    } catch {
      throw PDFError(.internal, "cannot create an empty document: \(error.text)")
    }
    guard let bytes = OwnedBytes(copying: try empty.write(SaveOptions(), minimumVersion: "1.7")) else {
      throw PDFError(.outOfMemory, "cannot create an empty document")
    }
    let qpdf = QPDF()
    defer { qpdf.releaseHandles() }
    do {
      try qpdf.read(bytes, description: "new document", password: [])
    } catch {
      throw PDFError(.internal, "cannot read the empty document back: \(error.text)")
    }
    guard let pages = PageTree.read(qpdf) else {
      throw PDFError(.internal, "the empty document has no page tree")
    }
    return Document(
      qpdf: qpdf, pages: pages, wasRepaired: false, origin: .new, openedAsOwner: true, password: [])
  }

  /// Opens `bytes` (kept alive by the document) with the password. A password that is not plain
  /// ASCII is tried in each form a file may expect: its UTF-8 bytes as given, its SASLprep form
  /// (AES-256, revisions 5 and 6, use UTF-8) and its PDFDocEncoding bytes (revisions 2 to 4 use
  /// PDFDocEncoding, not UTF-8).
  private static func open(_ bytes: OwnedBytes, description: String, password: String?) throws(
    PDFError
  ) -> Document {
    guard bytes.count > 0 else { throw PDFError(.notPDF, "'\(description)' is empty") }
    guard password?.utf8.contains(0) != true else {
      throw PDFError(.invalidArgument, "the password contains a NUL character")
    }
    let candidates = PasswordForms.candidates(password ?? "")
    var failure = PDFError(.wrongPassword, "the password does not open '\(description)'")
    for candidate in candidates {
      do {
        return try read(bytes, description: description, password: candidate, given: password ?? "")
      } catch {
        guard error.kind == .wrongPassword else { throw error }
        failure = error
      }
    }
    throw failure
  }

  /// One attempt to open `bytes` with the password bytes `password`.
  private static func read(
    _ bytes: OwnedBytes, description: String, password: [UInt8], given: String
  ) throws(PDFError) -> Document {
    let qpdf = QPDF()
    defer { qpdf.releaseHandles() }
    do {
      try qpdf.read(bytes, description: description, password: password)
    } catch {
      throw classify(error, bytes: bytes, description: description, password: given)
    }
    // The pages are found as they are needed; the root of their tree is read now, from the
    // bytes when qpdf found nothing wrong with them so far (qpdf then need not parse it).
    let base = qpdf_more_warnings(qpdf.data) == QPDF_FALSE
      ? qpdf.source.map { BaseObjects(ByteChain($0), encrypted: qpdf_is_encrypted(qpdf.data) != QPDF_FALSE) } : nil
    let pages = PageTree.read(qpdf, bytes: base.map { PageTreeBytes(objects: $0, changed: []) })
    do {
      try qpdf.check()
    } catch {
      throw classify(error, bytes: bytes, description: description, password: given)
    }
    guard let pages else {
      throw PDFError(.damaged, "'\(description)' has no readable page tree")
    }
    let repaired = qpdf.logWarnings()
    if repaired {
      Log.emit(.warning, "pdftools", "'\(description)' is damaged and was repaired while opening")
    }
    if let repair = pages.repair {
      Log.emit(.warning, "pdftools", "'\(description)': \(repair); its pages were found by walking the tree")
    }
    let owner = qpdf_is_encrypted(qpdf.data) != QPDF_FALSE
      && ownerPasswordMatched(qpdf, given: password)
    var model = (qpdf: qpdf, pages: pages, origin: Origin.opened)
    if let reason = rewriteReason(qpdf, repaired: repaired) {
      if let rewritten = rewrite(qpdf, password: password, description: description) {
        model = (rewritten.qpdf, rewritten.pages, .rewritten(reason: reason))
      }
    }
    let document = Document(
      qpdf: model.qpdf, pages: model.pages, wasRepaired: repaired || pages.repair != nil, origin: model.origin,
      openedAsOwner: owner, password: password)
    if model.qpdf === qpdf, let base {
      document.baseObjects = base
      if !document.wasRepaired { qpdf.numberAfterSections(of: base) }
    }
    if model.pages.repair != nil { document.restateWalkedPageTree() }
    return document
  }

  /// Why the model should be read from a rewrite of the file rather than the file itself, or
  /// nil. A repaired file's objects are not where its cross-reference data says, so poppler
  /// would repair it again in its own way; and qpdf cannot number new objects past an object
  /// numbered 2147483647. qpdf's writer renumbers objects from 1.
  ///
  /// A /Size far beyond what the file's bytes can hold is rewritten too: readers size their
  /// cross-reference tables by it (poppler needs 1.7 GB for a 1 KB file declaring 30 million
  /// objects). Every object takes more than 4 bytes, even in an object stream.
  private static func rewriteReason(_ qpdf: QPDF, repaired: Bool) -> String? {
    if repaired { return "it was damaged" }
    let size = qpdf.entry(qpdf.trailer, "/Size").flatMap { qpdf.integer($0) } ?? 0
    if size >= Int(Int32.max) - 1 { return "its object numbers reach the largest possible" }
    if size > max(Limits.sparseObjectNumbers, (qpdf.source?.count ?? 0) / 4) {
      return "its object numbers are far larger than its size needs"
    }
    return nil
  }

  /// The model read again from qpdf's rewrite of `qpdf` (encryption kept), or nil when that
  /// fails (the model as read is used then).
  private static func rewrite(_ qpdf: QPDF, password: [UInt8], description: String) -> (qpdf: QPDF, pages: PageTree)? {
    let rewritten = QPDF()
    defer { rewritten.releaseHandles() }
    do {
      guard let bytes = OwnedBytes(copying: try qpdf.write(SaveOptions())) else { return nil }
      try rewritten.read(bytes, description: description, password: password)
      let pages = PageTree.read(rewritten)
      try rewritten.check()
      rewritten.logWarnings()
      guard let pages else { return nil }
      return (rewritten, pages)
    } catch {
      Log.emit(.warning, "pdftools", "'\(description)' could not be rewritten while opening: \(error)")
      return nil
    }
  }

  /// Maps a qpdf failure while opening to the error the caller sees.
  private static func classify(
    _ failure: QPDFFailure, bytes: OwnedBytes, description: String, password: String
  ) -> PDFError {
    if failure.code == qpdf_e_password {
      return password.isEmpty
        ? PDFError(.passwordRequired, "'\(description)' is encrypted and needs a password")
        : PDFError(.wrongPassword, "the password does not open '\(description)'")
    }
    if !hasPDFHeader(bytes) {
      return PDFError(.notPDF, "'\(description)' is not a PDF file (no %PDF- header): \(failure.text)")
    }
    return PDFError(.damaged, "'\(description)' is damaged beyond repair: \(failure.text)")
  }

  /// True when "%PDF-" occurs within the first 1024 bytes, where readers look for the header.
  static func hasPDFHeader(_ bytes: OwnedBytes) -> Bool {
    IncrementalWriter.headerPosition(bytes.buffer) != nil
  }

  /// Whether `given` opened the document as its owner password.
  ///
  /// qpdf's C API does not say which password matched, but it reports the user password it
  /// used: the given one when that was the user password, otherwise the one it derived (or
  /// none). The corpus tests check this on R2, R3, R4, R5 and R6 files.
  private static func ownerPasswordMatched(_ qpdf: QPDF, given: [UInt8]) -> Bool {
    guard let user = qpdf_get_user_password(qpdf.data) else { return !given.isEmpty }
    return !given.elementsEqual(UnsafeRawBufferPointer(start: user, count: strlen(user)))
  }
}
