import CPoppler
import CQPDF

extension Document {
  /// The poppler view of the current document, for rendering; call under the lock.
  ///
  /// An unchanged document is shown from the bytes it was opened from; after changes, from
  /// those bytes plus an incremental update of the changed objects (O(changes)), or from a full
  /// write where no update can be appended (new, encrypted or repaired documents).
  func currentPopplerView() throws(PDFError) -> PopplerView {
    if let view = popplerView { return view }
    let view = try makePopplerView(zeroRotation: [])
    popplerView = view
    return view
  }

  /// The poppler view for text: like ``currentPopplerView()``, but with every page's /Rotate
  /// set to 0, so that poppler's reading order and its word gaps do not depend on how a page
  /// is turned (poppler 22.12 reads /Rotate 270 pages bottom line first). Text boxes are mapped
  /// back to page space without rotation. Call under the lock.
  func textPopplerView() throws(PDFError) -> PopplerView {
    if let view = textView { return view }
    var rotated: [Int] = []
    for index in 0..<geometryCache.count where try geometry(index).rotation != 0 {
      rotated.append(index)
    }
    let view = rotated.isEmpty ? try currentPopplerView() : try makePopplerView(zeroRotation: rotated)
    textView = view
    return view
  }

  /// Builds a poppler view of the current document with /Rotate 0 on the pages listed.
  private func makePopplerView(zeroRotation pages: [Int]) throws(PDFError) -> PopplerView {
    if pages.isEmpty, changeCount == 0, origin != .new, let source = qpdf.source,
      let view = try? PopplerView([.shared(source)], password: password),
      view.pageCount == geometryCache.count
    {
      return view
    }
    // The pages are turned upright for the time it takes to write them out.
    let upright = pages.map { qpdf_get_page_n(qpdf.data, $0) }
    return try qpdf.withEntry("/Rotate", 0, in: upright) { () throws(PDFError) -> PopplerView in
      var objects = Set(objectsToAppend())
      for page in upright { if let identity = qpdf.identity(page) { objects.insert(identity) } }
      return try makePopplerView(appending: objects)
    }
  }

  /// Builds a poppler view of the model with `objects` appended to the opened bytes, or of a
  /// full write where that is impossible.
  private func makePopplerView(appending objects: Set<ObjectIdentity>) throws(PDFError) -> PopplerView {
    var view: PopplerView? = nil
    // Documents are shown as the bytes their model was read from plus the changed objects
    // (encrypted like the rest where the document is encrypted).
    if let base = incrementalBase, canEncryptUpdates {
      let update = try appendedUpdate(base, objects: objects.sorted { $0.number < $1.number }).bytes
      view = update.withUnsafeBytes { try? PopplerView([.shared(base), .copied($0)], password: password) }
    }
    // Damaged files may be repaired differently by poppler; page indices must be qpdf's.
    if view?.pageCount != geometryCache.count {
      view = try PopplerView([.copied(try writeLocked(SaveOptions()))], password: password)
    }
    guard let view, view.pageCount == geometryCache.count else {
      throw PDFError(.damaged, "poppler does not see the document's \(geometryCache.count) pages")
    }
    return view
  }

  /// The text page of page `index`, cached; call under the lock.
  func textPage(_ index: Int) throws(PDFError) -> TextPage {
    try checkPageIndex(index)
    if let cached = textCache[index] { return cached }
    let view = try textPopplerView()
    guard let page = view.withPage(index, { TextPage(page: $0, rotation: 0) }) else {
      throw PDFError(.damaged, "poppler cannot read page \(index)")
    }
    textCache[index] = page
    return page
  }

  /// The fonts of page `index`'s characters, cached; call under the lock.
  func textFonts(_ index: Int) throws(PDFError) -> TextFonts {
    if let cached = fontCache[index] { return cached }
    let count = try textPage(index).chars.count
    let view = try textPopplerView()
    guard let fonts = view.withPage(index, { TextFonts(page: $0, count: count) }) else {
      throw PDFError(.damaged, "poppler cannot read page \(index)")
    }
    fontCache[index] = fonts
    return fonts
  }

  /// The text of page `index`, read and cached on first use.
  public func text(ofPage index: Int) throws(PDFError) -> TextPage {
    try locked { () throws(PDFError) -> TextPage in try textPage(index) }
  }

  /// The font name and size of character `charIndex` of page `index` ("" and 0 when unknown).
  public func font(ofPage index: Int, char charIndex: Int) throws(PDFError) -> (name: String, size: Double) {
    try locked { () throws(PDFError) -> (name: String, size: Double) in
      let fonts = try textFonts(index)
      guard charIndex >= 0, charIndex < fonts.perChar.count else {
        throw PDFError(
          .outOfRange, "character \(charIndex) is out of range (page \(index) has \(fonts.perChar.count))")
      }
      let entry = fonts.perChar[charIndex]
      let name = entry.font >= 0 && Int(entry.font) < fonts.names.count ? fonts.names[Int(entry.font)] : ""
      return (name, entry.size)
    }
  }

  /// The font sizes of all characters of page `index`.
  public func fontSizes(ofPage index: Int) throws(PDFError) -> [Double] {
    try locked { () throws(PDFError) -> [Double] in try textFonts(index).perChar.map(\.size) }
  }

  /// The maps between page and display space of page `index`.
  public func transform(ofPage index: Int) throws(PDFError) -> PageTransform {
    try locked { () throws(PDFError) -> PageTransform in try pageTransform(index) }
  }

  /// The page transform of page `index`; call under the lock.
  func pageTransform(_ index: Int) throws(PDFError) -> PageTransform {
    let geometry = try geometry(index)
    return PageTransform(crop: geometry.cropBox, rotation: geometry.rotation, userUnit: geometry.userUnit)
  }
}
