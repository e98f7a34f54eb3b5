// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// The text read of pages stays within its budget and gives the same answers at any budget.
@Suite struct TextCacheTests {
  @Test func theBudgetBoundsTheCacheAndKeepsTheAnswers() throws {
    let bytes = ProgressTests.pages(60)
    let reference = try Document.open(bytes: bytes).search("gamma", options: SearchOptions())
    #expect(reference.count == 60)
    let document = try Document.open(bytes: bytes)
    let budget = 64 << 10
    try document.setTextCacheLimit(bytes: budget)
    #expect(try document.search("gamma", options: SearchOptions()) == reference)
    #expect(document.textCacheBytes <= budget, "\(document.textCacheBytes) bytes kept")
    #expect(document.textCacheBytes > 0, "the pages read first are kept while they fit")
    #expect(try document.text(ofPage: 5).text == "alpha beta gamma delta 5")
    try document.setTextCacheLimit(bytes: 0)
    let one = document.textCacheBytes
    #expect(try document.search("delta", options: SearchOptions()).count == 60)
    #expect(document.textCacheBytes <= max(one, 8 << 10), "a zero budget keeps only the page read last")
    expectError(.invalidArgument) { () throws(PDFError) in try document.setTextCacheLimit(bytes: -1) }
  }

  /// A whole search's result is kept for the identical call that follows (a size query and its
  /// fill), in 12 bytes a match, and let go when the caller says it was delivered.
  @Test func aSearchResultIsKeptUntilDelivered() throws {
    let document = try Document.open(bytes: ProgressTests.pages(12))
    let matches = try document.searchMatches("gamma", options: SearchOptions())
    #expect(MemoryLayout<SearchMatch>.stride == 12)
    #expect(matches.count == 12)
    #expect(matches[3] == SearchMatch(page: 3, start: 11, end: 16), "\(matches[3])")
    let kept = try document.locked { () throws(PDFError) -> Bool in document.lastSearch?.matches == matches }
    #expect(kept)
    var reports: [Int] = []
    let again = try document.searchMatches("gamma", options: SearchOptions()) { done, _ in
      reports.append(done)
      return true
    }
    #expect(again == matches)
    #expect(reports == [12], "the kept result answers at once: \(reports)")
    document.forgetLastSearch()
    let forgotten = try document.locked { () throws(PDFError) -> Bool in document.lastSearch == nil }
    #expect(forgotten)
    #expect(try document.search("gamma", options: SearchOptions()) == matches.map(\.selection))
  }

  @Test func theDefaultBudgetKeepsEveryPageOfASmallDocument() throws {
    let document = try Document.open(bytes: ProgressTests.pages(10))
    _ = try document.search("alpha", options: SearchOptions())
    let kept = try document.locked { () throws(PDFError) -> Int in
      (0..<10).filter { document.pageTexts.text($0) != nil }.count
    }
    #expect(kept == 10)
  }

  @Test func aSearchDoesNotPushOutThePagesInUse() throws {
    let document = try Document.open(bytes: ProgressTests.pages(60))
    _ = try document.text(ofPage: 40)
    let one = document.textCacheBytes
    // A pass's share of the budget is room for three pages and a half: the estimate counts
    // array capacities, which the allocator may round a few bytes differently from page to
    // page.
    let budget = (one * 3 + one / 2) * PageTextCache.passShare
    try document.setTextCacheLimit(bytes: budget)
    _ = try document.text(ofPage: 41)
    #expect(try document.search("gamma", options: SearchOptions()).count == 60)
    #expect(try cachedPages(document) == [0, 40, 41], "pages in use stay, the pass keeps what fits its share")
    #expect(document.textCacheBytes <= budget / PageTextCache.passShare)
  }

  /// A pass keeps pages only within its share of the budget; pages read in use fill the rest.
  @Test func aPassKeepsOnlyItsShareOfTheBudget() throws {
    let document = try Document.open(bytes: ProgressTests.pages(60))
    _ = try document.text(ofPage: 30)
    let one = document.textCacheBytes
    // Ten pages and a half in all; two pages and a half (and a bit) for a pass.
    let budget = one * 10 + one / 2
    try document.setTextCacheLimit(bytes: budget)
    #expect(try document.search("gamma", options: SearchOptions()).count == 60)
    #expect(try cachedPages(document) == [0, 30], "the pass stops where its share ends")
    #expect(document.textCacheBytes <= budget / PageTextCache.passShare)
    for page in 40..<48 { _ = try document.text(ofPage: page) }
    #expect(try cachedPages(document) == [0, 30] + Array(40..<48), "pages in use may fill the whole budget")
    #expect(document.textCacheBytes > budget / 2)
  }

  /// A pass over many pages (a search, the text of a range) neither reorders the pages in use
  /// nor keeps its own pages ahead of them: the host's next reads drop the pass's pages first,
  /// then the pages in use the host read least recently.
  @Test(arguments: [false, true]) func aPassLeavesTheOrderOfThePagesInUse(wholeText: Bool) throws {
    let document = try Document.open(bytes: ProgressTests.pages(60))
    _ = try document.text(ofPage: 1)
    let one = document.textCacheBytes
    // A pass's share is three pages and a half (see aSearchDoesNotPushOutThePagesInUse).
    try document.setTextCacheLimit(bytes: (one * 3 + one / 2) * PageTextCache.passShare)
    _ = try document.text(ofPage: 0)
    if wholeText {
      #expect(try document.text(ofPages: 0..<60).count > 60 * 20)
    } else {
      #expect(try document.search("gamma", options: SearchOptions()).count == 60)
    }
    #expect(try cachedPages(document) == [0, 1, 2], "the pass keeps the one page that fits its share")
    // Room for two pages and a half: the pass's page goes first.
    try document.setTextCacheLimit(bytes: one * 2 + one / 2)
    #expect(try cachedPages(document) == [0, 1])
    _ = try document.text(ofPage: 10)
    #expect(try cachedPages(document) == [0, 10], "then page 1, read before page 0")
  }

  /// Pages a pass does not keep are searched (and their text given) in poppler's plain text
  /// where it holds their characters in order, and in their text pages where not (right-to-left
  /// runs, turned glyphs): the matches and the text are those of the text pages read in use.
  @Test(arguments: [
    "samplefiles-habibi-arabic.pdf", "samplefiles-habibi-rotated.pdf",
    "pdfjs-vertical-japanese.pdf", "pdfcpu-userfont-cjkv.pdf", "samplefiles-multicolumn.pdf",
    "pdfjs-tracemonkey.pdf", "qpdf-rotated.pdf",
  ])
  func aPassThatKeepsNothingFindsWhatTheTextPagesHold(_ name: String) throws {
    try expectPlainSearchMatchesTextPages(try Document.open(path: Fixtures.corpusFile(name)))
  }

  @Test func aPassFindsTurnedTextAsTheTextPagesHoldIt() throws {
    // The turned page second: a pass's first page may be kept, whatever the budget.
    let document = try Document.open(bytes: Self.document(contents: ["BT /F1 12 Tf 72 700 Td (words) Tj ET", Self.turned]))
    let page = try document.text(ofPage: 1)
    #expect(page.text.contains("turned words here"), "\(page.text)")
    try expectPlainSearchMatchesTextPages(document)
  }

  /// A page's plain text read alone is its text page's text, on pages whose characters
  /// poppler's plain text holds in order and on those where it does not (right-to-left runs,
  /// turned glyphs); the text page read after it, and a search over it, are those of a
  /// document that read the text pages first.
  @Test(arguments: [
    "samplefiles-habibi-arabic.pdf", "samplefiles-habibi-rotated.pdf", "pdfjs-vertical-japanese.pdf",
    "pdfjs-tracemonkey.pdf", "qpdf-rotated.pdf", "turned",
  ])
  func plainTextIsTheTextPagesText(_ name: String) throws {
    func open() throws -> Document {
      guard name == "turned" else { return try Document.open(path: Fixtures.corpusFile(name)) }
      return try Document.open(bytes: Self.document(contents: ["BT /F1 12 Tf 72 700 Td (words) Tj ET", Self.turned]))
    }
    let plainFirst = try open()
    let pagesFirst = try open()
    let pages = min(plainFirst.pageCount, 3)
    for index in 0..<pages {
      let plain = try plainFirst.plainText(ofPage: index)
      let page = try pagesFirst.text(ofPage: index)
      #expect(plain == page.text, "page \(index)")
      #expect(try plainFirst.plainText(ofPage: index) == plain, "read again from the cache")
    }
    #expect(try plainFirst.search("e", options: SearchOptions()) == pagesFirst.search("e", options: SearchOptions()))
    for index in 0..<pages {
      let later = try plainFirst.text(ofPage: index)
      let first = try pagesFirst.text(ofPage: index)
      #expect(later.text == first.text)
      #expect(later.chars.map(\.box) == first.chars.map(\.box), "page \(index)")
      #expect(later.words == first.words)
    }
  }

  /// Plain text read alone is kept for what it costs, far less than text pages; a text page
  /// read later takes its place.
  @Test func plainTextIsKeptLight() throws {
    let bytes = ProgressTests.pages(20)
    let pages = try Document.open(bytes: bytes)
    for index in 0..<10 { _ = try pages.text(ofPage: index) }
    let document = try Document.open(bytes: bytes)
    for index in 0..<10 { #expect(try document.plainText(ofPage: index) == "alpha beta gamma delta \(index)") }
    #expect(document.textCacheBytes > 0)
    #expect(document.textCacheBytes * 2 < pages.textCacheBytes, "\(document.textCacheBytes) vs \(pages.textCacheBytes)")
    #expect(try cachedPages(document).isEmpty, "no text page was read")
    _ = try document.text(ofPage: 4)
    #expect(try cachedPages(document) == [4])
    #expect(try document.plainText(ofPage: 4) == "alpha beta gamma delta 4")
  }

  /// Text drawn along a turned baseline, with straight text and a hyphenated line break.
  private static let turned = "BT /F1 12 Tf 0.7071 0.7071 -0.7071 0.7071 100 300 Tm (turned words here) Tj ET "
    + "BT /F1 12 Tf 72 700 Td (straight words - here) Tj ET BT /F1 12 Tf 72 680 Td (hyphen-) Tj ET "
    + "BT /F1 12 Tf 72 665 Td (ated words) Tj ET"

  /// Searches `document` and reads the text of its first pages with a budget that keeps
  /// nothing, then again over text pages read in use first, for words of its pages under every
  /// flag, and expects the same matches and text.
  private func expectPlainSearchMatchesTextPages(_ document: Document) throws {
    let pages = min(document.pageCount, 3)
    var queries: Set<String> = ["-", "e", "a b"]
    for index in 0..<pages {
      let words = try document.text(ofPage: index).text.split(whereSeparator: \.isWhitespace)
      for word in words.prefix(12) where word.unicodeScalars.count >= 2 { queries.insert(String(word)) }
      if words.count > 3 { queries.insert(words[1...2].joined(separator: " ")) }
    }
    let flagSets: [SearchOptions.Flags] = [[], .caseSensitive, .wholeWords, .ignoreDiacritics, .joinHyphens]
    var options = SearchOptions()
    options.lastPage = pages - 1
    var plain: [[TextSelection]] = []
    try document.setTextCacheLimit(bytes: 0)
    let plainText = try document.text(ofPages: 0..<pages)
    for flags in flagSets {
      options.flags = flags
      for query in queries.sorted() { plain.append(try document.search(query, options: options)) }
    }
    try document.setTextCacheLimit(bytes: 1 << 30)
    let pageTexts = try (0..<pages).map { index throws in try document.text(ofPage: index).text }
    #expect(plainText == pageTexts.joined(separator: "\u{0C}"))
    var paged: [[TextSelection]] = []
    for flags in flagSets {
      options.flags = flags
      for query in queries.sorted() { paged.append(try document.search(query, options: options)) }
    }
    #expect(plain.reduce(0) { $0 + $1.count } > 0)
    #expect(plain == paged)
  }

  /// A document of one page per content stream, with Helvetica as /F1.
  private static func document(contents: [String]) -> [UInt8] {
    var objects = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [\((0..<contents.count).map { "\(4 + 2 * $0) 0 R" }.joined(separator: " "))] /Count \(contents.count) >>",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    for (index, content) in contents.enumerated() {
      objects.append(
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents \(5 + 2 * index) 0 R /Resources << /Font << /F1 3 0 R >> >> >>")
      objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
    }
    return Fixtures.pdf(objects)
  }

  /// The pages of a 60-page document whose text is cached, in order.
  private func cachedPages(_ document: Document) throws -> [Int] {
    try document.locked { () throws(PDFError) -> [Int] in
      (0..<60).filter { document.pageTexts.text($0, .pass) != nil }
    }
  }
}
