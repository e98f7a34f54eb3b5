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
    let qpdf = QPDF()
    do {
      try qpdf.makeEmpty()
    } catch {
      throw PDFError(.internal, "cannot create an empty document: \(error.text)")
    }
    qpdf.releaseHandles()
    return Document(
      qpdf: qpdf, pageCount: 0, wasRepaired: false, isNew: true, openedAsOwner: true, password: [])
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
    // Walking the page tree now makes damage there show while opening, not later.
    let count = qpdf_get_num_pages(qpdf.data)
    do {
      try qpdf.check()
    } catch {
      throw classify(error, bytes: bytes, description: description, password: given)
    }
    guard count >= 0 else {
      throw PDFError(.damaged, "'\(description)' has no readable page tree")
    }
    let repaired = qpdf.logWarnings()
    if repaired {
      Log.emit(.warning, "pdftools", "'\(description)' is damaged and was repaired while opening")
    }
    let owner = qpdf_is_encrypted(qpdf.data) != QPDF_FALSE
      && ownerPasswordMatched(qpdf, given: password)
    return Document(
      qpdf: qpdf, pageCount: Int(count), wasRepaired: repaired, isNew: false, openedAsOwner: owner,
      password: password)
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
