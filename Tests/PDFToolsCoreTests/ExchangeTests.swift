// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// XFDF export and import, change sets and annotation reports.
@Suite struct ExchangeTests {
  /// A two-page document with one annotation of every subtype the library creates.
  static func annotated() throws -> Document {
    let document = try Document.makeNew()
    try document.insertBlankPage(at: 0, width: 612, height: 792)
    try document.insertBlankPage(at: 1, width: 612, height: 792)
    let rect = Rect(100, 500, 220, 560)
    var ids: [String: Int64] = [:]
    for subtype in CreatableSubtype.names.sorted() where subtype != "Popup" {
      ids[subtype] = try document.createAnnotation(page: subtype.count % 2, subtype: subtype, rect: rect)
    }
    let note = try #require(ids["Text"])
    try document.updateAnnotation(note, [
      .text(key: "Contents", value: "Prüfen – 審査 \"quoted\" <tag> & more\nsecond line"), .text(key: "T", value: "Ana"),
      .text(key: "Subj", value: "Review"), .color(RGBColor(0.2, 0.4, 0.6)), .opacity(0.75),
    ])
    _ = try document.addPopup(to: note, rect: Rect(300, 600, 450, 700), open: true)
    let free = try #require(ids["FreeText"])
    try document.updateAnnotation(free, [
      .text(key: "Contents", value: "Callout text"), .freeText(font: "Helvetica", size: 14, color: RGBColor(0, 0, 1), alignment: 1, intent: "FreeTextCallout"),
      .callout([Point(40, 400), Point(70, 450), Point(100, 520)]), .interiorColor(RGBColor(1, 1, 0.8)),
      .border(width: 2, style: .dashed, dashes: [4, 2]),
    ])
    try document.updateAnnotation(try #require(ids["Line"]), [
      .line(start: Point(100, 300), end: Point(300, 350), startEnding: .openArrow, endEnding: .closedArrow, leaderLength: 10, leaderExtension: 3),
      .text(key: "Contents", value: "12 cm"), .caption(true),
    ])
    try document.updateAnnotation(try #require(ids["Ink"]), [.ink([[Point(100, 100), Point(150, 180), Point(200, 120)], [Point(210, 100), Point(260, 160)]])])
    try document.updateAnnotation(try #require(ids["Polygon"]), [.vertices([Point(300, 100), Point(400, 120), Point(350, 200)]), .interiorColor(RGBColor(0, 1, 0)), .cloudy(1)])
    try document.updateAnnotation(try #require(ids["PolyLine"]), [.vertices([Point(300, 300), Point(400, 320), Point(450, 400)]), .lineEndings(.circle, .square)])
    try document.updateAnnotation(try #require(ids["Highlight"]), [.quads([Quad(Point(72, 700), Point(200, 700), Point(72, 688), Point(200, 688))])])
    try document.updateAnnotation(try #require(ids["Stamp"]), [.icon("Approved")])
    try document.setLinkURI(try #require(ids["Link"]), "https://example.org/a?b=c&d")
    try document.setAttachment(try #require(ids["FileAttachment"]), name: "notes é.txt", bytes: Array("hello\u{0}world".utf8))
    let reply = try document.createAnnotation(page: 0, subtype: "Text", rect: Rect(100, 500, 120, 520))
    try document.setReply(reply, to: note)
    try document.setAnnotationRawValue(reply, key: "State", syntax: "(Accepted)")
    try document.setAnnotationRawValue(reply, key: "StateModel", syntax: "(Review)")
    try document.updateAnnotation(reply, [.text(key: "T", value: "Ben"), .text(key: "Contents", value: "Agreed")])
    return document
  }

  /// Every annotation of a document as exchanged, by name, dates aside when asked.
  static func exchanged(_ document: Document, dates: Bool = true) throws -> [String: ExchangedAnnotation] {
    try document.locked { () throws(PDFError) -> [String: ExchangedAnnotation] in
      var all: [String: ExchangedAnnotation] = [:]
      for page in 0..<document.pageTree.count {
        for identity in try document.listing(ofPage: page)?.objects ?? [] {
          var annotation = document.exchangedAnnotation(document.qpdf.object(identity), page: page)
          guard annotation.subtype != "Popup" else { continue }
          if !dates {
            annotation.modified = nil
            annotation.created = nil
          }
          all[annotation.name] = annotation
        }
      }
      return all
    }
  }

  /// The annotation as XFDF carries it (colours in 8 bits, the rectangle to 1/1000 pt).
  static func rounded(_ annotation: ExchangedAnnotation) -> ExchangedAnnotation { annotation.content }

  @Test func everySubtypeRoundTripsThroughXFDF() throws {
    let source = try ExchangeTests.annotated()
    let xfdf = try source.exportXFDF()
    #expect(xfdf.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xfdf xmlns=\"http://ns.adobe.com/xfdf/\""))
    let target = try Document.makeNew()
    try target.insertBlankPage(at: 0, width: 612, height: 792)
    try target.insertBlankPage(at: 1, width: 612, height: 792)
    let result = try target.importXFDF(xfdf)
    let expected = try ExchangeTests.exchanged(source)
    #expect(result.added == expected.count)
    let imported = try ExchangeTests.exchanged(target)
    #expect(Set(imported.keys) == Set(expected.keys))
    for (name, annotation) in expected {
      #expect(imported[name].map(ExchangeTests.rounded) == ExchangeTests.rounded(annotation), "\(annotation.subtype) \(name)")
    }
    // One undo step takes the whole import back.
    #expect(try target.undo())
    #expect(try ExchangeTests.exchanged(target).isEmpty)
    // Importing again into the same document changes nothing.
    let again = try source.importXFDF(xfdf)
    #expect(again.added == 0)
    #expect(again.changed == 0)
  }

  @Test func malformedXFDFChangesNothing() throws {
    let document = try ExchangeTests.annotated()
    let before = try UndoTests.dump(document)
    let good = "<square page=\"0\" rect=\"10,10,50,50\" name=\"ok\"/>"
    let cases: [(String, String)] = [
      ("<xfdf><annots>\(good)<square page=\"0\" rect=\"1,2,3\"", "not well-formed"),
      ("<xfdf xmlns=\"http://ns.adobe.com/xfdf/\"><annots>\(good)<square page=\"7\" rect=\"10,10,50,50\" name=\"x\"/></annots></xfdf>", "page 7 does not exist"),
      ("<xfdf><annots>\(good)\n<circle page=\"0\" rect=\"10,a,50,50\" name=\"x\"/></annots></xfdf>", "line 2, <circle>: rect holds 'a'"),
      ("<xfdf><annots>\(good)<circle page=\"0\" rect=\"10,10,50,50\"/></annots></xfdf>", "the name attribute is missing"),
      ("<xfdf><annots>\(good)<text page=\"0\" rect=\"10,10,50,50\" name=\"r\" inreplyto=\"nobody\"/></annots></xfdf>", "'r' replies to 'nobody'"),
      ("<fdf/>", "not <xfdf>"),
    ]
    for (text, message) in cases {
      do {
        try document.importXFDF(text)
        Issue.record("accepted: \(text)")
      } catch {
        #expect(error.kind == .invalidArgument)
        #expect(error.message.contains(message), "\(error.message)")
      }
      #expect(try UndoTests.dump(document) == before)
    }
  }

  @Test func specificationExampleImports() throws {
    let document = try Document.makeNew()
    try document.insertBlankPage(at: 0, width: 612, height: 792)
    let xfdf = """
      <?xml version="1.0" encoding="UTF-8"?>
      <xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve">
        <annots>
          <text color="#FFFF00" creationdate="D:20050112114023-08'00'" flags="print,nozoom,norotate"
            date="D:20050112114026-08'00'" name="7b0b1a5c-d3ac-4a1e-9ea9-c3ea1a1ef7e4" icon="Comment"
            page="0" rect="299.5,674.5,319.5,692.5" subject="Note" title="Jane Doe">
            <contents-richtext><body xmlns="http://www.w3.org/1999/xhtml" xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/" xfa:APIVersion="Acrobat:7.0.0" xfa:spec="2.0.2"><p>This is a note</p></body></contents-richtext>
            <popup flags="print,nozoom,norotate" open="yes" page="0" rect="612,572.5,792,692.5"/>
          </text>
          <highlight color="#FFFF00" coords="72,720,200,720,72,700,200,700" name="hl-1" page="0" rect="70,698,202,722" title="Jane Doe"/>
          <ink color="#0000FF" name="ink-1" page="0" rect="100,100,200,200" width="2"><inklist><gesture>110,110;150,190;190,120</gesture></inklist></ink>
        </annots>
      </xfdf>
      """
    let result = try document.importXFDF(xfdf)
    #expect(result.added == 3)
    let all = try ExchangeTests.exchanged(document)
    let note = try #require(all["7b0b1a5c-d3ac-4a1e-9ea9-c3ea1a1ef7e4"])
    #expect(note.icon == "Comment" && note.title == "Jane Doe" && note.flags == 0b11100)
    #expect(note.richContents?.contains("<p>This is a note</p>") == true)
    #expect(note.popup?.open == true && note.popup?.rect == Rect(612, 572.5, 792, 692.5))
    #expect(note.modified == "D:20050112114026-08'00'")
    #expect(all["hl-1"]?.quadPoints == [72, 720, 200, 720, 72, 700, 200, 700])
    #expect(all["ink-1"]?.ink.first?.count == 3)
    #expect(all["ink-1"]?.border?.width == 2)
    let id = try #require(try document.annotations(onPage: 0).first { try document.annotationText($0, key: "NM") == "hl-1" })
    #expect(try document.annotationRawValue(id, key: "AP") != nil)
  }

  @Test func changeSetsMakeTwoCopiesConverge() throws {
    let original = try ExchangeTests.annotated()
    let bytes = try original.withSavedBytes(SaveOptions()) { (buffer) throws(PDFError) -> [UInt8] in Array(buffer) }
    let first = try Document.open(bytes: bytes)
    let second = try Document.open(bytes: bytes)
    // Edits on each copy.
    let page0 = try first.annotations(onPage: 0)
    let square = try #require(try page0.first { try first.annotationSubtype($0) == "Square" } ?? first.annotations(onPage: 1).first { try first.annotationSubtype($0) == "Square" })
    try first.updateAnnotation(square, [.color(RGBColor(0, 0.5, 0)), .text(key: "Contents", value: "green now")])
    _ = try first.createAnnotation(page: 1, subtype: "Circle", rect: Rect(10, 10, 60, 60))
    let secondIDs = try second.annotations(onPage: 0) + second.annotations(onPage: 1)
    let caret = try #require(try secondIDs.first { try second.annotationSubtype($0) == "Caret" })
    let ink = try #require(try secondIDs.first { try second.annotationSubtype($0) == "Ink" })
    try second.deleteAnnotation(caret)
    try second.translateAnnotation(ink, dx: 5, dy: -5)
    let fromFirst = try first.exportChanges()
    let fromSecond = try second.exportChanges()
    #expect(fromFirst.contains("<add>\n    <circle"))
    #expect(fromFirst.contains("<modify>\n    <square"))
    #expect(fromSecond.contains("<delete>\n    <id page="))
    try second.importChanges(fromFirst)
    try first.importChanges(fromSecond)
    let a = try ExchangeTests.exchanged(first)
    let b = try ExchangeTests.exchanged(second)
    #expect(Set(a.keys) == Set(b.keys))
    for (name, annotation) in a {
      #expect(b[name].map(ExchangeTests.rounded) == ExchangeTests.rounded(annotation), "\(annotation.subtype) \(name)")
    }
    #expect(!a.values.contains { $0.subtype == "Caret" })
  }

  @Test func changesSinceAStateFollowUndo() throws {
    let document = try ExchangeTests.annotated()
    let start = document.stateID
    let id = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(1, 1, 30, 30))
    let changes = try document.exportChanges(since: start)
    #expect(changes.contains("<square"))
    #expect(try document.undo())
    let none = try document.exportChanges(since: start)
    #expect(!none.contains("<square"))
    _ = id
    do {
      _ = try document.exportChanges(since: 99_999)
      Issue.record("an unknown state was accepted")
    } catch {
      #expect(error.kind == .notFound)
    }
  }

  @Test func reportListsThreadsStatesAndFilters() throws {
    let document = try ExchangeTests.annotated()
    let all = try document.annotationReport()
    let note = try #require(all.first { $0.subtype == "Text" && $0.author == "Ana" })
    #expect(note.replies.count == 1)
    #expect(note.state == "Accepted" && note.stateModel == "Review")
    #expect(note.pageLabel == "\(note.page + 1)")
    var filter = ReportFilter()
    filter.authors = ["Ben"]
    #expect(try document.annotationReport(filter).map(\.contents) == ["Agreed"])
    filter = ReportFilter()
    filter.subtypes = ["Ink", "Line"]
    filter.firstPage = 0
    filter.lastPage = 0
    #expect(try document.annotationReport(filter).allSatisfy { ["Ink", "Line"].contains($0.subtype) && $0.page == 0 })
    filter = ReportFilter()
    filter.until = "2001-01-01"
    #expect(try document.annotationReport(filter).isEmpty)
    let csv = try document.annotationReportCSV()
    #expect(csv.hasPrefix("id,name,page,page_label,subtype,author"))
    #expect(csv.contains("\"Prüfen – 審査 \"\"quoted\"\" <tag> & more\nsecond line\""))
    let json = try JSON.parse(try document.annotationReportJSON())
    guard case .array(let items) = json else { Issue.record("not an array"); return }
    #expect(items.count == all.count)
  }

  @Test func pdfDatesCompareAcrossZones() {
    let a = PDFDateValue("D:20050112114023-08'00'")
    let b = PDFDateValue("2005-01-12T19:40:23Z")
    #expect(a != nil && a == b)
    #expect(PDFDateValue("D:2005") != nil)
    #expect(PDFDateValue("yesterday") == nil)
  }
}

/// Flattening: appearances burnt into page content.
@Suite struct FlatteningTests {
  /// Page `page` rendered at `scale` by poppler (BGRA).
  static func render(_ document: Document, page: Int, scale: Double = 1) throws -> [UInt8] {
    let size = try document.renderSize(ofPage: page, scale: scale)
    var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
    var options = RenderOptions()
    options.scale = scale
    try pixels.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      try document.render(page: page, options: options, into: base, width: size.width, height: size.height, stride: size.width * 4)
    }
    return pixels
  }

  /// The share of bytes that differ by more than `tolerance`.
  static func difference(_ a: [UInt8], _ b: [UInt8], tolerance: Int = 40) -> Double {
    guard a.count == b.count, !a.isEmpty else { return 1 }
    let differing = zip(a, b).filter { abs(Int($0) - Int($1)) > tolerance }.count
    return Double(differing) / Double(a.count)
  }

  @Test func flatteningLooksTheSameAndRemovesTheAnnotations() throws {
    let document = try ExchangeTests.annotated()
    let before = try (0..<2).map { try FlatteningTests.render(document, page: $0) }
    let textBefore = try document.text(ofPages: 0..<2)
    let removed = try document.flatten()
    #expect(removed == 17)
    #expect(try document.annotations(onPage: 0).isEmpty && document.annotations(onPage: 1).isEmpty)
    for page in 0..<2 {
      let after = try FlatteningTests.render(document, page: page)
      #expect(FlatteningTests.difference(before[page], after) < 0.002, "page \(page)")
    }
    // FreeText and the Line caption add their text; nothing else does.
    let textAfter = try document.text(ofPages: 0..<2)
    #expect(textBefore.isEmpty || textAfter.contains(textBefore.trimmingWhitespace()))
    #expect(textAfter.contains("Callout text") && textAfter.contains("12 cm"))
    // One step undoes it.
    #expect(try document.undo())
    #expect(try document.annotations(onPage: 0).count + document.annotations(onPage: 1).count == 18)
  }

  /// A page whose /Annots is an array object of its own keeps it: flattening rewrites that
  /// object with the annotations it leaves (a link, and nothing of the square with its pop-up),
  /// an incremental save appends it, and one undo brings every item back.
  @Test func flatteningRewritesAnAnnotsArrayObject() throws {
    let bytes = Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots 4 0 R >>", "[5 0 R 6 0 R 7 0 R]",
      "<< /Type /Annot /Subtype /Square /Rect [10 10 50 50] /C [1 0 0] /Popup 6 0 R >>",
      "<< /Type /Annot /Subtype /Popup /Rect [60 60 160 120] /Parent 5 0 R >>",
      "<< /Type /Annot /Subtype /Link /Rect [200 200 300 220] >>",
    ])
    let document = try Document.open(bytes: bytes)
    var scope = FlattenScope()
    scope.subtypes = ["Square"]
    #expect(try document.flatten(scope) == 1)
    let (array, items) = try document.locked { () throws(PDFError) -> (ObjectIdentity?, [Int32]) in
      let annots = document.qpdf.entry(try document.pageObject(0), "/Annots")
      let items = annots.flatMap { document.qpdf.items($0) } ?? []
      return (annots.flatMap { document.qpdf.identity($0) }, items.compactMap { document.qpdf.identity($0)?.number })
    }
    #expect(array == ObjectIdentity(number: 4, generation: 0) && items == [7])
    #expect(try document.annotationSummaries(onPage: 0).map(\.subtype) == ["Link"])
    var options = SaveOptions()
    options.mode = .incremental
    let saved = try document.withSavedBytes(options) { (bytes) throws(PDFError) in Array(bytes) }
    #expect(Array(saved.prefix(bytes.count)) == bytes)
    #expect(String(decoding: saved.suffix(from: bytes.count), as: UTF8.self).contains("4 0 obj\n[ 7 0 R ]"))
    #expect(try Document.open(bytes: saved).annotationSummaries(onPage: 0).map(\.subtype) == ["Link"])
    #expect(try document.undo())
    #expect(try document.annotationSummaries(onPage: 0).map(\.subtype) == ["Square", "Popup", "Link"])
  }

  /// A page with a square (its appearance in object 8), its pop-up and a link; `catalog`
  /// adds entries to the catalog.
  private static func squarePopupLink(catalog: String = "") -> [UInt8] {
    Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R \(catalog) >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [5 0 R 6 0 R 7 0 R] >>", "<< >>",
      "<< /Type /Annot /Subtype /Square /Rect [10 10 50 50] /C [1 0 0] /NM (sq\\(1\\)) /Popup 6 0 R /AP << /N 8 0 R >> >>",
      "<< /Type /Annot /Subtype /Popup /Rect [60 60 160 120] /Parent 5 0 R >>",
      "<< /Type /Annot /Subtype /Link /Rect [200 200 300 220] /Border [0 0 0] >>",
      "<< /Type /XObject /Subtype /Form /BBox [10 10 50 50] /Length 20 >>\nstream\n1 0 0 RG 12 12 36 36 re S\nendstream",
    ])
  }

  /// The text qpdf gives each of `numbers`' objects.
  private static func texts(_ document: Document, _ numbers: [Int32]) throws -> [String] {
    try document.locked { () throws(PDFError) -> [String] in
      numbers.map { String(decoding: document.qpdf.unparsed(document.qpdf.object(ObjectIdentity(number: $0, generation: 0))), as: UTF8.self) }
    }
  }

  /// Flattening everything empties the annotations it takes off the page; undo puts back
  /// exactly what the file held, and redo empties them again.
  @Test func flatteningEmptiesTheAnnotationsItRemoves() throws {
    let document = try Document.open(bytes: Self.squarePopupLink())
    let before = try Self.texts(document, [5, 6, 7])
    #expect(try document.flatten() == 2)
    #expect(try Self.texts(document, [5, 6, 7]) == ["<< >>", "<< >>", "<< >>"])
    let saved = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) }
    let reread = try Document.open(bytes: saved)
    #expect(try reread.annotations(onPage: 0).isEmpty)
    #expect(try document.undo())
    #expect(try Self.texts(document, [5, 6, 7]) == before)
    #expect(try document.annotationSummaries(onPage: 0).map(\.subtype) == ["Square", "Popup", "Link"])
    #expect(try document.redo())
    #expect(try Self.texts(document, [5, 6, 7]) == ["<< >>", "<< >>", "<< >>"])
  }

  /// An annotation two pages list is drawn on both before it is emptied; flattening only some
  /// pages empties nothing (a page left out may list what it removed).
  @Test func flatteningDrawsAnAnnotationTwoPagesListOnBoth() throws {
    let bytes = Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [5 0 R] >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [5 0 R] >>",
      "<< /Type /Annot /Subtype /Square /Rect [10 10 50 50] /AP << /N 6 0 R >> >>",
      "<< /Type /XObject /Subtype /Form /BBox [10 10 50 50] /Length 20 >>\nstream\n1 0 0 RG 12 12 36 36 re S\nendstream",
    ])
    func drawnForms(_ document: Document) throws -> [[Int32]] {
      try document.locked { () throws(PDFError) -> [[Int32]] in
        try (0..<2).map { (index) throws(PDFError) -> [Int32] in
          let resources = document.qpdf.entry(try document.pageObject(index), "/Resources")
          guard let forms = resources.flatMap({ document.qpdf.entry($0, "/XObject") }) else { return [] }
          return document.qpdf.keys(forms).compactMap { document.qpdf.value(forms, $0).flatMap { document.qpdf.identity($0)?.number } }
        }
      }
    }
    let whole = try Document.open(bytes: bytes)
    #expect(try whole.flatten() == 2)
    #expect(try drawnForms(whole) == [[6], [6]])
    #expect(try Self.texts(whole, [5]) == ["<< >>"])
    let first = try Document.open(bytes: bytes)
    let before = try Self.texts(first, [5])
    var scope = FlattenScope()
    scope.pages = [0]
    #expect(try first.flatten(scope) == 1)
    #expect(try Self.texts(first, [5]) == before)
    #expect(try first.annotations(onPage: 1).count == 1)
  }

  /// Annotations taken off a page stay as they are where something may still refer to them: a
  /// markup annotation left on the page (a reply could), or a structure tree.
  @Test func flatteningKeepsRemovedAnnotationsThatMayBeReferred() throws {
    let partly = try Document.open(bytes: Self.squarePopupLink())
    let before = try Self.texts(partly, [5, 6])
    var scope = FlattenScope()
    scope.subtypes = ["Square"]
    #expect(try partly.flatten(scope) == 1)
    #expect(try Self.texts(partly, [5, 6]) == before)
    let tagged = try Document.open(bytes: Self.squarePopupLink(catalog: "/StructTreeRoot 4 0 R"))
    let taggedBefore = try Self.texts(tagged, [5, 6, 7])
    #expect(try tagged.flatten() == 2)
    #expect(try Self.texts(tagged, [5, 6, 7]) == taggedBefore)
  }

  @Test func scopeSubtypesAndHiddenAnnotations() throws {
    let document = try ExchangeTests.annotated()
    let ids = try document.annotations(onPage: 0) + document.annotations(onPage: 1)
    let link = try #require(try ids.first { try document.annotationSubtype($0) == "Link" })
    let square = try #require(try ids.first { try document.annotationSubtype($0) == "Square" })
    try document.updateAnnotation(square, [.flags(2 | 4)])
    var scope = FlattenScope()
    scope.subtypes = Set(CreatableSubtype.names).subtracting(["Link"])
    let page = try document.annotationPage(square)
    let before = try FlatteningTests.render(document, page: page)
    try document.flatten(scope)
    #expect(try document.annotationSubtype(link) == "Link")
    #expect(try document.annotations(onPage: 0).count + document.annotations(onPage: 1).count == 1)
    // The hidden square was dropped, not drawn: the page looks as before.
    #expect(FlatteningTests.difference(before, try FlatteningTests.render(document, page: page)) < 0.002)
  }

  @Test func signedDocumentsAreRefusedUnlessAllowed() throws {
    let document = try Document.open(path: Fixtures.corpusFile("pdfium-two-signatures.pdf"))
    _ = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(10, 10, 50, 50))
    expectError(.notPermitted) { () throws(PDFError) in _ = try document.flatten() }
    var scope = FlattenScope()
    scope.allowInvalidatingSignatures = true
    scope.subtypes = ["Square"]
    #expect(try document.flatten(scope) == 1)
  }
}

/// What other programs wrote goes through XFDF and back.
@Suite struct ForeignExchangeTests {
  /// Corpus files with annotations of other writers.
  static let files = [
    "pdfjs-annotation-square-circle.pdf", "pdfjs-annotation-caret-ink.pdf", "pdfjs-annotation-fileattachment.pdf",
    "pdfjs-annotation-freetext.pdf", "pdfjs-annotation-line.pdf", "pdfjs-annotation-link-text-popup.pdf",
    "pdfjs-annotation-polyline-polygon.pdf", "pdfjs-annotation-stamp.pdf", "pdfjs-quadpoints-markup.pdf",
    "pdfium-annots.pdf", "pdfcpu-annotations-no-ap.pdf", "pdfjs-issue14438-many-annots.pdf",
  ]

  @Test(arguments: files) func ownExportImportsBackUnchanged(_ file: String) throws {
    let document = try Document.open(path: Fixtures.corpusFile(file))
    let xfdf = try document.exportXFDF()
    let result = try document.importXFDF(xfdf)
    #expect(result.added == 0, "\(file)")
    #expect(result.changed == 0, "\(file)")
    // Into a copy without them, every annotation arrives under its name.
    let copy = try Document.open(path: Fixtures.corpusFile(file))
    for page in 0..<copy.pageCount {
      for id in try copy.annotations(onPage: page) where (try? copy.annotationSubtype(id)) != "Popup" {
        if (try? copy.annotationSubtype(id)) != nil { try? copy.deleteAnnotation(id) }
      }
    }
    let imported = try copy.importXFDF(xfdf)
    let names = try ExchangeTests.exchanged(document).values.filter { CreatableSubtype.names.contains($0.subtype) }
    #expect(imported.added == names.count, "\(file)")
    let arrived = try ExchangeTests.exchanged(copy)
    for annotation in names { #expect(arrived[annotation.name]?.subtype == annotation.subtype, "\(file) \(annotation.name)") }
  }
}

/// Details of reading XFDF found in review.
@Suite struct XFDFDetailTests {
  @Test func isoDatesBecomePDFDatesAndCDATAIsText() throws {
    let document = try Document.makeNew()
    try document.insertBlankPage(at: 0, width: 612, height: 792)
    try document.importXFDF("""
      <xfdf><annots><square page="0" rect="1,1,50,50" name="s" date="2026-12-01T10:00:00+02:00">\
      <contents><![CDATA[a <b> & c]]></contents></square></annots></xfdf>
      """)
    let square = try #require(try ExchangeTests.exchanged(document)["s"])
    #expect(square.modified == "D:20261201080000Z")
    #expect(square.contents == "a <b> & c")
    #expect(PDFDateValue("D:19691231235959Z")?.pdfText == "D:19691231235959Z")
  }

  @Test func aStateIDHandedOutKeepsLaterChangesApart() throws {
    let document = try ExchangeTests.annotated()
    let id = try #require(try document.annotations(onPage: 0).first { try document.annotationSubtype($0) == "Square" })
    try document.updateAnnotation(id, [.color(RGBColor(1, 0, 0))])
    let state = document.stateID
    try document.updateAnnotation(id, [.color(RGBColor(0, 0, 1))])
    #expect(try document.exportChanges(since: state).contains("color=\"#0000FF\""))
  }

  /// A fresh one-page document.
  private static func blank() throws -> Document {
    let document = try Document.makeNew()
    try document.insertBlankPage(at: 0, width: 612, height: 792)
    return document
  }

  @Test func whatAnImportTakesItsExportWritesReadably() throws {
    // An appearance widens the box of geometry at the coordinate limit past it.
    let atLimit = try Self.blank()
    try atLimit.importXFDF("""
      <xfdf><annots><ink page="0" rect="0,0,1,1" name="i"><inklist><gesture>1000000,1000000</gesture></inklist></ink>\
      <freetext page="0" rect="0,0,100,20" name="f" callout="1000000,1000000;5,5"><contents>x</contents></freetext>\
      </annots></xfdf>
      """)
    let xfdf = try atLimit.exportXFDF()
    #expect(!xfdf.contains("1000000.5"))
    try Self.blank().importXFDF(xfdf)
    // Rich text that nests deeply on its own nests too deeply once embedded: written as text.
    let rich = String(repeating: "<a>", count: 253) + String(repeating: "</a>", count: 253)
    let deep = try Self.blank()
    try deep.importXFDF("""
      <xfdf><annots><square page="0" rect="0,0,9,9" name="s"><contents-richtext><![CDATA[\(rich)]]>\
      </contents-richtext></square></annots></xfdf>
      """)
    let copy = try Self.blank()
    try copy.importXFDF(try deep.exportXFDF())
    #expect(try ExchangeTests.exchanged(copy)["s"]?.richContents == rich)
  }

  @Test func charactersXMLCannotHoldAreReadAsTheyAreWritten() throws {
    // GMarkup reads &#1; (XML 1.1); the writer cannot write it, so the reader leaves it out too.
    let refused = [
      (#"<square page="0" rect="0,0,10,10" name="&#1;"/>"#, "the name attribute is missing"),
      (#"<square page="0" rect="0,0,10,10" name="a"/><square page="0" rect="0,0,10,10" name="a&#1;"/>"#,
       "the name 'a' is used already"),
      (#"<fileattachment page="0" rect="0,0,20,20" name="f" file="&#1;"><data>00</data></fileattachment>"#,
       "the file attribute is missing"),
    ]
    for (element, message) in refused {
      let error = #expect(throws: PDFError.self) { try Self.blank().importXFDF("<xfdf><annots>\(element)</annots></xfdf>") }
      #expect(error?.message.contains(message) == true, "\(element): \(error?.message ?? "")")
    }
    let held = try Self.blank()
    try held.importXFDF(#"<xfdf><annots><text page="0" rect="0,0,9,9" name="n&#2;1"><contents>a&#1;b</contents></text></annots></xfdf>"#)
    #expect(try ExchangeTests.exchanged(held)["n1"]?.contents == "ab")
  }

  @Test func anotherWritersGeometryAndNamesAreExportedReadably() throws {
    let document = try Self.blank()
    let first = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(10, 10, 50, 50))
    let second = try document.createAnnotation(page: 0, subtype: "FreeText", rect: Rect(100, 100, 200, 150))
    let third = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(10, 10, 50, 50))
    // As another program may write them: beyond the limit, negative, a callout of 4 points,
    // a name only of characters XML cannot hold, and two names made equal by leaving those out.
    try document.setAnnotationRawValue(first, key: "Rect", syntax: "[-5000000 10 50 9000000]")
    try document.setAnnotationRawValue(first, key: "NM", syntax: #"(\001)"#)
    try document.setAnnotationRawValue(first, key: "BS", syntax: "<< /W -3 /S /D /D [3 20000000] >>")
    try document.setAnnotationRawValue(second, key: "RD", syntax: "[-1 2 3 4]")
    try document.setAnnotationRawValue(second, key: "CL", syntax: "[1 1 2 2 3 3 4 4]")
    try document.setAnnotationRawValue(second, key: "NM", syntax: "(b)")
    try document.setAnnotationRawValue(third, key: "NM", syntax: #"(b\002)"#)
    let copy = try Self.blank()
    let result = try copy.importXFDF(try document.exportXFDF())
    #expect(result.added == 3)
    let arrived = try ExchangeTests.exchanged(copy)
    #expect(arrived["b"]?.subtype == "FreeText")
    let squares = arrived.values.filter { $0.subtype == "Square" }
    #expect(squares.count == 2)
    #expect(squares.contains { $0.rect == Rect(-1_000_000, 10, 50, 1_000_000) })
  }

  @Test func csvQuotesLineBreaksAndQuotesWithMarks() throws {
    let document = try Document.makeNew()
    try document.insertBlankPage(at: 0, width: 612, height: 792)
    let id = try document.createAnnotation(page: 0, subtype: "Text", rect: Rect(1, 1, 20, 20))
    try document.updateAnnotation(id, [.text(key: "Contents", value: "a\r\nb \"\u{301}")])
    let csv = try document.annotationReportCSV()
    #expect(csv.contains(",\"a\r\nb \"\"\u{301}\","))
  }
}
