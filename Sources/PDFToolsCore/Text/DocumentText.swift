// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import CQPDF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Why a page's text is read, which decides what is kept of it.
enum TextReading {
  /// A page the host works with: poppler's layout is kept for the next call (fonts after
  /// text), and the text is cached, pushing out the pages used least recently.
  case inUse
  /// One page of a pass over many (a whole-document search): poppler's layout is let go at
  /// once, and the text is cached only within the pass's share of the budget, so the pass
  /// does not push out the pages in use, and long-lived and passing memory do not interleave.
  case pass
}

/// What was read of a page's characters: its text page, or poppler's plain text alone where
/// that holds the characters in order (see ``TextPage/plainText(page:)``).
enum PageCharacters {
  /// poppler's text, which holds the page's characters in order, one scalar each.
  case plain(String)
  /// The text page.
  case page(TextPage)
}

extension Document {
  /// The text page of page `index`, cached; call under the lock. A `.pass` over many pages
  /// leaves the pages in use where they are (see ``TextReading``).
  func textPage(_ index: Int, _ reading: TextReading = .inUse) throws(PDFError) -> TextPage {
    try checkPageIndex(index)
    if let cached = pageTexts.text(index, reading) { return cached }
    // A page whose plain text alone was read has no turned glyphs and lacks only its boxes.
    let plain = pageTexts.plainTextAlone(index)
    let view = try textPopplerView(for: index)
    guard
      var page = view.withPage(index, keep: reading == .inUse, { poppler in
        plain.map { TextPage(page: poppler, plainText: $0) } ?? TextPage(page: poppler, rotation: 0)
      })
    else {
      throw PDFError(.damaged, "poppler cannot read page \(index)")
    }
    if plain == nil {
      let turned = turnedGlyphs(index)
      if !turned.isEmpty { page = page.regrouped(by: turned) }
    }
    pageTexts.store(page, page: index, reading)
    return page
  }

  /// The characters of page `index`, in the order of its text page, for a pass (see
  /// ``TextReading``): the plain text kept of a page read in use, or the text page, kept
  /// while the pass's share of the cache has room; past it, poppler's plain text where that
  /// holds the characters in order. Call under the lock.
  func passCharacters(_ index: Int) throws(PDFError) -> PageCharacters {
    try checkPageIndex(index)
    if let text = pageTexts.plainTextAlone(index) { return .plain(text) }
    guard pageTexts.text(index, .pass) == nil, !pageTexts.passHasRoom, turnedGlyphs(index).isEmpty else {
      return .page(try textPage(index, .pass))
    }
    return try readCharacters(index, keep: false)
  }

  /// The plain text of page `index` (its text page's text), read in use; call under the lock.
  /// Where the text page is not kept and poppler's plain text holds the page's characters in
  /// order, that text is read and kept instead, and the boxes, words and lines wait until
  /// something needs them.
  func plainText(_ index: Int) throws(PDFError) -> String {
    try checkPageIndex(index)
    if let text = pageTexts.plainText(index) { return text }
    guard turnedGlyphs(index).isEmpty else { return try textPage(index).text }
    switch try readCharacters(index, keep: true) {
    case .plain(let text):
      pageTexts.store(plain: text, page: index)
      return text
    case .page(let page):
      pageTexts.store(page, page: index)
      return page.text
    }
  }

  /// Poppler's plain text of page `index` where it holds the page's characters in order, else
  /// the text page (of a page without turned glyphs); `keep` as for ``PopplerView/withPage``.
  private func readCharacters(_ index: Int, keep: Bool) throws(PDFError) -> PageCharacters {
    let view = try textPopplerView(for: index)
    let read: PageCharacters? = view.withPage(index, keep: keep) { page in
      if let text = TextPage.plainText(page: page) { return .plain(text) }
      return .page(TextPage(page: page, rotation: 0))
    }
    guard let read else { throw PDFError(.damaged, "poppler cannot read page \(index)") }
    return read
  }

  /// The glyphs page `index` draws along turned or mirrored baselines (see `TurnedGlyph`);
  /// empty when a first look at its matrices finds none. Call under the lock.
  func turnedGlyphs(_ index: Int) -> [TurnedGlyph] {
    if let content = contentFromBytes(index), !TurnedTextScanner.mayHaveTurnedText(content) { return [] }
    return turnedGlyphsThroughQPDF(index)
  }

  /// ``turnedGlyphs(_:)`` read through qpdf, the page's resources and form XObjects included.
  func turnedGlyphsThroughQPDF(_ index: Int) -> [TurnedGlyph] {
    guard let page = try? pageObject(index) else { return [] }
    var buffer: UnsafeMutablePointer<UInt8>? = nil
    var length = 0
    _ = qpdf_oh_get_page_content_data(qpdf.data, page, &buffer, &length)
    defer { free(buffer) }
    try? qpdf.check()
    guard let buffer, length > 0 else { return [] }
    let content = Array(UnsafeBufferPointer(start: buffer, count: length))
    var resources: qpdf_oh? = nil
    var node: qpdf_oh? = page
    var depth = 0
    while let current = node, depth < 32, resources == nil {
      resources = qpdf.entry(current, "/Resources")
      node = qpdf.entry(current, "/Parent")
      depth += 1
    }
    let look = TurnedTextScanner(qpdf: qpdf)
    guard look.mayHaveTurnedText(content, resources: resources) else { return [] }
    var scanner = TurnedTextScanner(qpdf: qpdf)
    scanner.scan(content, resources: resources, ctm: TurnedTextScanner.identity)
    return scanner.glyphs
  }

  /// The content of page `index` as the file's bytes hold it, its streams joined as qpdf joins
  /// them, when neither the page nor its content changed since the bytes were read: a first look at
  /// it leaves qpdf's object cache (a few KB a page a whole-document search would keep) alone.
  /// Nil when the bytes do not hold them plainly (see ``BaseObjects``); call under the lock.
  func contentFromBytes(_ index: Int) -> [UInt8]? {
    guard !wasRepaired, let page = pageTree.page(index, qpdf, bytes: pageTreeBytes), !changedObjects.contains(page),
      let base = try? viewBase(), let entries = base.entries(of: page, ["Type", "Kids", "Contents"]),
      entries.count == 3, PageTree.isPlainPage(type: entries[0], kids: entries[1])
    else { return nil }
    let streams: [PDFValue]
    switch entries[2] {
    case nil: return []
    case .reference(let object)?:
      guard !changedObjects.contains(object) else { return nil }
      // One stream, or (rarely) an indirect array of them.
      if let data = base.streamData(of: object, readable: { !self.changedObjects.contains($0) }) { return data }
      guard case .array(let items)? = base.value(of: object) else { return nil }
      streams = items
    case .array(let items)?: streams = items
    default: return nil
    }
    var content: [UInt8] = []
    for item in streams {
      guard case .reference(let stream) = item, !changedObjects.contains(stream),
        let data = base.streamData(of: stream, readable: { !self.changedObjects.contains($0) })
      else { return nil }
      // Joined as qpdf joins them: a line feed where one stream does not end with one.
      if let last = content.last, last != 0x0A { content.append(0x0A) }
      content += data
    }
    return content
  }

  /// The fonts of page `index`'s characters, cached; call under the lock.
  func textFonts(_ index: Int) throws(PDFError) -> TextFonts {
    if let cached = pageTexts.fonts(index) { return cached }
    let text = try textPage(index)
    let view = try textPopplerView(for: index)
    guard let fonts = view.withPage(index, { TextFonts(page: $0, text: text) }) else {
      throw PDFError(.damaged, "poppler cannot read page \(index)")
    }
    pageTexts.store(fonts, page: index)
    return fonts
  }

  /// The text of page `index`, read and cached on first use.
  public func text(ofPage index: Int) throws(PDFError) -> TextPage {
    try locked { () throws(PDFError) -> TextPage in try textPage(index) }
  }

  /// The plain text of page `index`: the `text` of ``text(ofPage:)``, read without the
  /// characters' boxes where poppler's plain text holds them in order (those are read when
  /// first asked for).
  public func plainText(ofPage index: Int) throws(PDFError) -> String {
    try locked { () throws(PDFError) -> String in try plainText(index) }
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
