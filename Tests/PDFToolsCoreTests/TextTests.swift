// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Testing

@testable import PDFToolsCore

/// Text pages, coordinate spaces, hit testing, selection and search on generated pages whose
/// layout is known: Courier 20 pt advances exactly 12 pt per glyph.
@Suite struct TextTests {
  /// Four pages (rotated 0, 90, 180, 270) sharing one content stream, with an offset crop box;
  /// a fifth page with UserUnit 2 and text in WinAnsi with accents and a hyphenated word.
  static let document: [UInt8] = {
    let content = "BT /F1 20 Tf 100 600 Td (Hello World) Tj 0 -30 Td (Second line) Tj ET"
    let accents = "BT /F1 20 Tf 60 700 Td (R\\351sum\\351 exam-) Tj 0 -30 Td (ple HELLO) Tj ET"
    return Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [4 0 R 5 0 R 6 0 R 7 0 R 10 0 R] /Count 5 /MediaBox [0 0 612 792] /CropBox [50 60 500 700] /Resources << /Font << /F1 8 0 R >> >> >>",
      "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
      "<< /Type /Page /Parent 2 0 R /Contents 3 0 R >>",
      "<< /Type /Page /Parent 2 0 R /Contents 3 0 R /Rotate 90 >>",
      "<< /Type /Page /Parent 2 0 R /Contents 3 0 R /Rotate 180 >>",
      "<< /Type /Page /Parent 2 0 R /Contents 3 0 R /Rotate 270 >>",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>",
      "<< /Length \(accents.utf8.count) >>\nstream\n\(accents)\nendstream",
      "<< /Type /Page /Parent 2 0 R /Contents 9 0 R /CropBox [0 0 612 792] /UserUnit 2 >>",
    ])
  }()

  @Test func charactersHaveTheirGlyphBoxesOnEveryRotation() throws {
    let document = try Document.open(bytes: TextTests.document)
    for page in 0..<4 {
      let text = try document.text(ofPage: page)
      #expect(text.text == "Hello World\nSecond line", "page \(page)")
      #expect(text.words.count == 4 && text.lines.count == 2)
      let glyphs = text.chars.filter { !$0.flags.contains(.whitespace) }
      for (index, char) in glyphs.prefix(10).enumerated() {
        let x0 = 100 + 12 * Double(index < 5 ? index : index + 1)
        #expect(abs(char.box.x0 - x0) < 0.5 && abs(char.box.x1 - (x0 + 12)) < 0.5, "\(char.scalar) on page \(page)")
        #expect(char.box.y0 < 600 && char.box.y1 > 600, "the box contains the baseline")
      }
      #expect(text.lineDirections == [0, 0])
    }
  }

  @Test func spacesConvertBothWays() throws {
    let document = try Document.open(bytes: TextTests.document)
    // Where page point (100, 600) lands on screen for each rotation (crop [50 60 500 700]).
    let expected: [(Double, Double)] = [(50, 100), (540, 50), (400, 540), (100, 400)]
    for page in 0..<4 {
      let maps = try document.transform(ofPage: page)
      let shown = maps.toDisplay.apply(Point(100, 600))
      #expect(abs(shown.x - expected[page].0) < 1e-9 && abs(shown.y - expected[page].1) < 1e-9, "page \(page)")
      let back = maps.toPage.apply(shown)
      #expect(abs(back.x - 100) < 1e-9 && abs(back.y - 600) < 1e-9)
      let size = try document.pageSize(page)
      let corner = maps.toDisplay.apply(Rect(50, 60, 500, 700))
      #expect(corner == Rect(0, 0, size.width, size.height))
    }
    let scaled = try document.transform(ofPage: 4).toDisplay.apply(Point(10, 792))
    #expect(scaled == Point(20, 0), "UserUnit 2 doubles display distances")
  }

  @Test func selectionByCharWordAndLine() throws {
    let document = try Document.open(bytes: TextTests.document)
    for page in 0..<4 {
      let drag = try document.select(pageA: page, Point(118, 605), pageB: page, Point(150, 575), granularity: .char)
      #expect(try document.selectionText(drag) == "ello World\nSecon")
      let lines = try document.selectionLines(drag, page: page)
      #expect(lines.count == 2)
      #expect(abs(lines[0].rect.x0 - 112) < 0.5 && abs(lines[0].rect.x1 - 232) < 0.5)
      #expect(abs(lines[1].rect.x0 - 100) < 0.5 && abs(lines[1].rect.x1 - 160) < 0.5)
      let backwards = try document.select(pageA: page, Point(150, 575), pageB: page, Point(118, 605), granularity: .char)
      #expect(backwards == drag, "a drag upwards selects the same text")
      let words = try document.select(pageA: page, Point(118, 605), pageB: page, Point(118, 605), granularity: .word)
      #expect(try document.selectionText(words) == "Hello")
      let line = try document.select(pageA: page, Point(150, 575), pageB: page, Point(150, 575), granularity: .line)
      #expect(try document.selectionText(line) == "Second line")
    }
  }

  @Test func quadsFollowTheTextDirection() {
    let rect = Rect(10, 20, 110, 40)
    let upright = Quad(rect, direction: 0)
    #expect(upright.p1 == Point(10, 40) && upright.p2 == Point(110, 40))
    #expect(upright.p3 == Point(10, 20) && upright.p4 == Point(110, 20))
    let up = Quad(rect, direction: 90)
    #expect(up.p1 == Point(10, 20) && up.p2 == Point(10, 40) && up.p4 == Point(110, 40))
  }

  @Test func selectionAcrossPages() throws {
    let document = try Document.open(bytes: TextTests.document)
    let selection = try document.select(pageA: 1, Point(165, 570), pageB: 0, Point(175, 600), granularity: .char)
    #expect(selection.startPage == 0 && selection.endPage == 1)
    #expect(try document.selectionText(selection) == "World\nSecond line\nHello World\nSecond")
    #expect(try document.selectionLines(selection, page: 0).count == 2)
  }

  @Test func hitTesting() throws {
    let document = try Document.open(bytes: TextTests.document)
    let text = try document.text(ofPage: 0)
    #expect(text.charIndex(at: Point(105, 605), tolerance: 0, nearest: false) == 0)
    #expect(text.charIndex(at: Point(105, 590), tolerance: 0, nearest: false) == nil, "between lines")
    #expect(text.charIndex(at: Point(98, 605), tolerance: 3, nearest: false) == 0, "within tolerance")
    #expect(text.charIndex(at: Point(400, 600), tolerance: 0, nearest: true) == 10, "margin: line end")
    #expect(text.unit(containing: 7, .word) == 6..<11)
  }

  @Test func asciiIsReadAsTheGeneralPathReadsIt() {
    // build reads ASCII text byte by byte; the scalar path must give the same page.
    let text = "Two  words\tand\nA second line -\nend \n\nlast"
    var boxes: [TextPage.GlyphBox] = []
    for (index, scalar) in text.unicodeScalars.enumerated() {
      let x = Double(index % 17) * 6
      let y = 700 - Double(index / 17) * 14
      let valid = scalar != " " || index % 3 == 0
      boxes.append(TextPage.GlyphBox(rect: Rect(x, y, x + 5, y + 10), valid: valid))
    }
    boxes.removeLast()  // a character without a box
    let sources = (0..<Int32(text.utf8.count)).map { $0 }
    let fast = TextPage.build(text: text, boxes: boxes, sources: sources, readFromTopRight: false)
    let general = TextPage.build(
      text: text, scalars: text.unicodeScalars, count: text.unicodeScalars.count, boxes: boxes, sources: sources,
      readFromTopRight: false)
    #expect(fast.chars == general.chars)
    #expect(fast.words == general.words)
    #expect(fast.lines == general.lines)
    #expect(fast.lineDirections == general.lineDirections)
    #expect(fast.lineBounds == general.lineBounds)
    #expect(fast.chars.count == text.unicodeScalars.count)
  }

  @Test func asciiFoldsAsEveryScalarFolds() {
    for flags: SearchOptions.Flags in [[], [.caseSensitive], [.ignoreDiacritics]] {
      for value in UInt32(0x21)..<0x7F {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let char = TextChar(scalar: scalar, box: Rect(0, 0, 1, 1), flags: [], word: 0, line: 0)
        #expect(FoldedText([char], flags: flags).scalars == FoldedText.fold(scalar, flags: flags))
      }
    }
  }

  @Test func searchOptions() throws {
    let document = try Document.open(bytes: TextTests.document)
    var options = SearchOptions()
    #expect(try document.search("hello", options: options).count == 5)
    options.flags = .caseSensitive
    #expect(try document.search("hello", options: options).isEmpty)
    options.flags = []
    let across = try document.search("world second", options: options)
    #expect(across.count == 4 && across[0].startChar == 6 && across[0].endChar == 18)
    #expect(try document.search("resume", options: options).isEmpty)
    options.flags = .ignoreDiacritics
    let resume = try document.search("resume", options: options)
    #expect(resume.count == 1 && resume[0].startPage == 4)
    #expect(try document.search("example", options: SearchOptions()).isEmpty)
    options.flags = .joinHyphens
    let joined = try document.search("example", options: options)
    #expect(joined.count == 1)
    #expect(try document.selectionText(joined[0]) == "exam-\nple")
    options.flags = .wholeWords
    #expect(try document.search("ell", options: options).isEmpty)
    #expect(try document.search("line", options: options).count == 4)
    options = SearchOptions()
    options.firstPage = 1
    options.lastPage = 2
    #expect(try document.search("hello", options: options).map(\.startPage) == [1, 2])
    expectError(.invalidArgument) { () throws(PDFError) in try document.search("  ", options: SearchOptions()) }
    options.lastPage = 9
    expectError(.outOfRange) { () throws(PDFError) in try document.search("x", options: options) }
  }

  @Test func findNextAndPrevious() throws {
    let document = try Document.open(bytes: TextTests.document)
    var position: TextSelection? = nil
    var seen: [Int] = []
    while let next = try document.searchNext("hello", options: SearchOptions(), from: position, forward: true) {
      seen.append(next.startPage)
      position = next
    }
    #expect(seen == [0, 1, 2, 3, 4])
    let previous = try document.searchNext("hello", options: SearchOptions(), from: position, forward: false)
    #expect(previous?.startPage == 3)
    #expect(try document.searchNext("hello", options: SearchOptions(), from: nil, forward: false)?.startPage == 4)
  }

  @Test func blankPagesAndBadInput() throws {
    let document = try Document.makeNew()
    try document.insertBlankPage(at: 0, width: 300, height: 300)
    let text = try document.text(ofPage: 0)
    #expect(text.text.isEmpty && text.chars.isEmpty)
    let none = try document.select(pageA: 0, Point(1, 1), pageB: 0, Point(200, 200), granularity: .word)
    #expect(none.isEmpty)
    #expect(try document.search("x", options: SearchOptions()).isEmpty)
    expectError(.invalidArgument) { () throws(PDFError) in
      try document.select(pageA: 0, Point(.nan, 1), pageB: 0, Point(2, 2), granularity: .char)
    }
    expectError(.outOfRange) { () throws(PDFError) in try document.text(ofPage: 1) }
    expectError(.invalidArgument) { () throws(PDFError) in
      try document.selectionText(TextSelection(startPage: 0, startChar: 5, endPage: 0, endChar: 2))
    }
  }

  @Test func textStaysRightAfterChanges() throws {
    let document = try Document.open(bytes: TextTests.document)
    #expect(try document.text(ofPage: 4).text.hasPrefix("Résumé"))
    try document.insertBlankPage(at: 0, width: 100, height: 100)
    try document.setMetadata("Title", "changed")
    #expect(try document.text(ofPage: 0).text.isEmpty)
    let pageOne = try document.text(ofPage: 1).text
    #expect(pageOne == "Hello World\nSecond line")
    #expect(try document.text(ofPage: 5).text.hasPrefix("Résumé"))
  }

  @Test func realDocumentsInReadingOrder() throws {
    let columns = try Document.open(path: Fixtures.corpusFile("samplefiles-multicolumn.pdf"))
    let first = try columns.text(ofPage: 0)
    #expect(!first.chars.isEmpty)
    let encrypted = try Document.open(path: Fixtures.corpusFile("qpdf-enc-r6-aes256.pdf"), password: "view")
    #expect(!(try encrypted.text(ofPage: 0).text.isEmpty), "poppler gets the password too")
    let repaired = try Document.open(path: Fixtures.corpusFile("qpdf-xref-compressed-in-compressed.pdf"))
    for page in 0..<repaired.pageCount { _ = try repaired.text(ofPage: page) }
  }

  @Test func concurrentTextOnSharedAndSeparateDocuments() throws {
    let shared = try Document.open(path: Fixtures.corpusFile("pdfjs-tracemonkey.pdf"))
    let all = try shared.search("trace", options: SearchOptions())
    let reference = (0..<4).map { page in all.filter { $0.startPage == page }.count }
    #expect(reference.reduce(0, +) > 0)
    let failures = Counter()
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      do {
        let own = try Document.open(path: Fixtures.corpusFile("samplefiles-pdflatex-4-pages.pdf"))
        for round in 0..<4 {
          let page = (worker + round) % 4
          let count = try shared.search("trace", options: SearchOptions()).filter { $0.startPage == page }.count
          if count != reference[page] { failures.add() }
          let selection = try own.select(pageA: page, Point(0, 800), pageB: page, Point(600, 0), granularity: .char)
          if try own.selectionText(selection).isEmpty { failures.add() }
        }
      } catch {
        failures.add()
      }
    }
    #expect(failures.value == 0)
  }
}

/// The hit test and the selection rectangles against a walk of every glyph, on real pages in
/// several scripts and orientations: the line boxes they use to skip work change no answer.
@Suite struct SelectionShortcutTests {
  /// The glyph nearest `point` by walking every character: the smallest distance, then the
  /// earliest index.
  static func nearestByWalk(_ page: TextPage, _ point: Point) -> Int? {
    var best: (index: Int, distance: Double)? = nil
    for (index, char) in page.chars.enumerated() {
      let box = char.box
      guard !char.flags.contains(.generated), box.width >= 0, !(box.width == 0 && box.height == 0) else { continue }
      let dx = max(box.x0 - point.x, 0, point.x - box.x1)
      let dy = max(box.y0 - point.y, 0, point.y - box.y1)
      let distance = (dx * dx + dy * dy).squareRoot()
      if best == nil || distance < best!.distance { best = (index, distance) }
    }
    return best?.index
  }

  /// The rectangles of `range` by walking each line's characters.
  static func rectsByWalk(_ page: TextPage, _ range: Range<Int>) -> [Rect] {
    var result: [Rect] = []
    for line in page.lines {
      var bounds: Rect? = nil
      for index in line.clamped(to: range) where !page.chars[index].flags.contains(.generated) {
        let box = page.chars[index].box
        guard box.width > 0 || box.height > 0 else { continue }
        bounds = bounds.map { Rect(min($0.x0, box.x0), min($0.y0, box.y0), max($0.x1, box.x1), max($0.y1, box.y1)) } ?? box
      }
      if let bounds { result.append(bounds) }
    }
    return result
  }

  @Test(arguments: [
    "samplefiles-multicolumn.pdf", "pdfjs-tracemonkey.pdf", "samplefiles-habibi-arabic.pdf",
    "samplefiles-habibi-rotated.pdf", "pdfjs-vertical-japanese.pdf", "samplefiles-pdflatex-4-pages.pdf",
  ])
  func hitTestAndRectsMatchAWalkOfEveryGlyph(_ name: String) throws {
    let document = try Document.open(path: Fixtures.corpusFile(name))
    var pointsChecked = 0
    var rangesChecked = 0
    for pageIndex in 0..<min(document.pageCount, 3) {
      let page = try document.text(ofPage: pageIndex)
      guard !page.chars.isEmpty else { continue }
      let size = try document.pageSize(pageIndex)
      // A grid over the page and past its edges, plus every tenth glyph's corner (ties between
      // touching boxes).
      var points: [Point] = []
      for i in -1...11 {
        for j in -1...11 { points.append(Point(size.width * Double(i) / 10, size.height * Double(j) / 10)) }
      }
      for index in stride(from: 0, to: page.chars.count, by: 10) {
        points.append(Point(page.chars[index].box.x0, page.chars[index].box.y0))
      }
      for point in points {
        #expect(page.nearestGlyph(to: point) == SelectionShortcutTests.nearestByWalk(page, point), "\(name) p\(pageIndex) \(point)")
        pointsChecked += 1
      }
      let count = page.chars.count
      var ranges: [Range<Int>] = [0..<count, 0..<0, (count / 3)..<(2 * count / 3)]
      for line in page.lines.prefix(40) {
        ranges.append(line)
        ranges.append(line.lowerBound..<min(count, line.upperBound + 7))
        ranges.append((line.lowerBound + line.count / 2)..<min(count, line.upperBound + 300))
      }
      for range in ranges {
        let rects = page.lineRects(in: range).map(\.rect)
        #expect(rects == SelectionShortcutTests.rectsByWalk(page, range), "\(name) p\(pageIndex) \(range)")
        rangesChecked += 1
      }
    }
    #expect(pointsChecked > 150)
    #expect(rangesChecked > 8)
  }
}
