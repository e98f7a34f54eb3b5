// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// Deleting, moving, duplicating, importing and extracting pages, page boxes and page ids:
/// checked against a model of the pages, each operation one undo step that records only what
/// it touches.
@Suite struct PageArrangementTests {
  /// A document of `count` blank pages, page i being 100 + i wide (its tag in the model).
  private func tagged(_ count: Int) throws -> Document {
    let document = try Document.makeNew()
    for index in 0..<count { try document.insertBlankPage(at: index, width: Double(100 + index), height: 500) }
    try document.clearUndo()
    return document
  }

  /// The pages' tags (widths, as set on their media boxes) in order.
  private func tags(_ document: Document) throws -> [Int] {
    try (0..<document.pageCount).map { Int(try document.pageBox($0, .media).width) }
  }

  /// Makes the link `link` lead to page `page` by a /Dest array.
  private func linkTo(_ document: Document, _ link: Int64, page: Int) throws {
    try document.locked { () throws(PDFError) in
      let qpdf = document.qpdf
      let target = try document.pageObject(page)
      let annotation = try document.annotationObject(link).object
      try document.writer.set("/Dest", qpdf.makeArray([target, qpdf.makeName("Fit")]), in: annotation)
      try document.commitChange("link")
    }
  }

  /// The object number of page `index`, as it appears in references.
  private func number(_ document: Document, _ index: Int) throws -> Int32 {
    try document.locked { () throws(PDFError) -> Int32 in
      document.qpdf.identity(try document.pageObject(index))?.number ?? 0
    }
  }

  /// A small random generator, seeded, so that a failure repeats.
  private struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11 ^ state << 7
    }
  }

  /// One page as the model knows it.
  private struct ModelPage: Equatable {
    /// Its width (its tag).
    var tag: Int
    /// Its rotation.
    var rotation = 0
    /// Its crop box width.
    var crop: Int
    /// Its number of annotations.
    var annotations = 0
    /// Its page id when the model knows it (pages made by the document get theirs when read).
    var id: Int64? = nil
  }

  /// What the document shows, as the model describes pages (ids of pages the model knows).
  private func observed(_ document: Document, _ model: [ModelPage]) throws -> [ModelPage] {
    try (0..<document.pageCount).map { index in
      ModelPage(
        tag: Int(try document.pageBox(index, .media).width), rotation: try document.pageRotation(index),
        crop: Int(try document.pageBox(index, .crop).width), annotations: try document.annotations(onPage: index).count,
        id: index < model.count && model[index].id != nil ? try document.pageID(index) : nil)
    }
  }

  @Test(arguments: [1, 2, 3, 4])
  func randomOperationsMatchTheModelAndUndoRestoresEverything(seed: UInt64) throws {
    // An opened file (so that it can be saved incrementally) of 12 pages with 0 to 2
    // annotations each and outline items leading to pages 0, 4 and 8.
    let made = try tagged(12)
    for index in 0..<12 {
      for _ in 0..<(index % 3) {
        _ = try made.createAnnotation(page: index, subtype: "Square", rect: Rect(10, 10, 50, 50))
      }
    }
    let base = try made.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) -> [UInt8] in Array(bytes) }
    let document = try Document.open(bytes: base)
    var model = try (0..<12).map { index in
      ModelPage(tag: 100 + index, crop: 100 + index, annotations: index % 3, id: try document.pageID(index))
    }
    var outline: [Int64: Int64?] = [:]  // outline item -> the page id it leads to
    for index in [0, 4, 8] {
      let item = try document.addOutlineItem(
        parent: 0, at: nil, title: "Page \(index)", destination: Destination(page: index, fit: .fit))
      outline[item] = model[index].id
    }
    try document.clearUndo()
    let other = try tagged(3)
    let original = try UndoTests.dump(document)
    var random = Generator(state: seed)
    var states: [[String]] = [original]
    for _ in 0..<30 {
      let count = model.count
      switch Int.random(in: 0..<7, using: &random) {
      case 0 where count > 2:
        let start = Int.random(in: 0..<count - 1, using: &random)
        let length = Int.random(in: 1...min(3, count - 1 - start), using: &random)
        try document.deletePages(start..<start + length)
        let gone = Set(model[start..<start + length].compactMap(\.id))
        for (item, page) in outline where page.map({ gone.contains($0) }) == true { outline[item] = .some(nil) }
        model.removeSubrange(start..<start + length)
      case 1:
        let start = Int.random(in: 0..<count, using: &random)
        let length = Int.random(in: 1...min(3, count - start), using: &random)
        let destination = Int.random(in: 0...(count - length), using: &random)
        try document.movePages(start..<start + length, to: destination)
        let moved = Array(model[start..<start + length])
        model.removeSubrange(start..<start + length)
        model.insert(contentsOf: moved, at: destination)
      case 2:
        let index = Int.random(in: 0..<count, using: &random)
        #expect(try document.duplicatePage(index) == index + 1)
        var copy = model[index]
        copy.id = nil
        model.insert(copy, at: index + 1)
      case 3:
        let index = Int.random(in: 0..<count, using: &random)
        let degrees = 90 * Int.random(in: 1...3, using: &random)
        try document.setPageRotation(index, model[index].rotation + degrees)
        model[index].rotation = (model[index].rotation + degrees) % 360
      case 4:
        let at = Int.random(in: 0...count, using: &random)
        try document.insertPages(from: other, pages: [2, 0], at: at)
        model.insert(contentsOf: [ModelPage(tag: 102, crop: 102), ModelPage(tag: 100, crop: 100)], at: at)
      case 5:
        let index = Int.random(in: 0..<count, using: &random)
        let width = Int.random(in: 20...90, using: &random)
        try document.setPageBox(index, .crop, Rect(5, 5, Double(5 + width), 400))
        model[index].crop = width
      default:
        let at = Int.random(in: 0...count, using: &random)
        try document.insertBlankPage(at: at, width: 99, height: 500)
        model.insert(ModelPage(tag: 99, crop: 99), at: at)
      }
      #expect(try observed(document, model) == model)
      for (item, page) in outline {
        let expected = page.flatMap { id in model.firstIndex { $0.id == id } }
        let target = try document.outlineTarget(item)
        #expect(target == (expected.map { OutlineTarget.destination(Destination(page: $0, fit: .fit)) } ?? .none))
      }
      let state = try UndoTests.dump(document)
      if state != states.last { states.append(state) }
    }
    let final = try UndoTests.dump(document)
    // Undo walks back through every state, redo forward again.
    for state in states.reversed().dropFirst() {
      #expect(try document.undo())
      #expect(try UndoTests.dump(document) == state)
    }
    #expect(try UndoTests.dump(document) == original)
    while try document.redo() {}
    #expect(try UndoTests.dump(document) == final)
    // A full and an incremental save read back with the same pages; the incremental one
    // keeps the original as its first bytes.
    let saved = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) -> [UInt8] in Array(bytes) }
    #expect(try observed(try Document.open(bytes: saved), []).map(\.tag) == model.map(\.tag))
    var incremental = SaveOptions()
    incremental.mode = .incremental
    let appended = try document.withSavedBytes(incremental) { (bytes) throws(PDFError) -> [UInt8] in Array(bytes) }
    #expect(appended.starts(with: base))
    let reread = try observed(try Document.open(bytes: appended), [])
    #expect(reread.map(\.tag) == model.map(\.tag) && reread.map(\.crop) == model.map(\.crop))
    #expect(reread.map(\.annotations) == model.map(\.annotations))
  }

  @Test func pageIDsFollowTheirPagesAndDeletedPagesAreNotFound() throws {
    let document = try tagged(5)
    let ids = try (0..<5).map { try document.pageID($0) }
    #expect(Set(ids).count == 5)
    try document.movePages(0..<2, to: 3)
    #expect(try ids.map { try document.pageIndex(forID: $0) } == [3, 4, 0, 1, 2])
    try document.deletePages(1..<2)
    #expect(throws: PDFError.self) { try document.pageIndex(forID: ids[3]) }
    #expect(try document.pageIndex(forID: ids[4]) == 1)
    #expect(try document.undo())
    #expect(try document.pageIndex(forID: ids[3]) == 1)
    #expect(throws: PDFError.self) { try document.pageIndex(forID: 0) }
  }

  @Test func annotationsAndOutlineFollowMovedPagesAndDeletionDropsTargets() throws {
    let document = try tagged(4)
    let note = try document.createAnnotation(page: 3, subtype: "Square", rect: Rect(10, 10, 50, 50))
    let kept = try document.addOutlineItem(parent: 0, at: nil, title: "Three", destination: Destination(page: 3, fit: .fit))
    let lost = try document.addOutlineItem(parent: 0, at: nil, title: "One", destination: Destination(page: 1, fit: .fit))
    try document.movePages(3..<4, to: 0)
    #expect(try document.annotationPage(note) == 0)
    #expect(try document.outlineTarget(kept) == .destination(Destination(page: 0, fit: .fit)))
    #expect(try document.outlineTarget(lost) == .destination(Destination(page: 2, fit: .fit)))
    try document.deletePages(2..<3)
    #expect(try document.outlineTarget(lost) == OutlineTarget.none)
    #expect(try document.outlineTitle(lost) == "One")
    try document.deletePages(0..<1)
    #expect(throws: PDFError.self) { try document.annotationPage(note) }
    #expect(try document.undo())
    #expect(try document.annotationPage(note) == 0)
    #expect(try document.undo())
    #expect(try document.outlineTarget(lost) == .destination(Destination(page: 2, fit: .fit)))
  }

  @Test func labelsOfOtherPagesSurviveDeletesAndInserts() throws {
    let document = try tagged(6)
    try document.setPageLabelRanges([
      PageLabelRange(start: 0, style: .lowerRoman), PageLabelRange(start: 2, style: .decimal),
      PageLabelRange(start: 4, style: .upperLetters),
    ])
    let labels = { () throws -> [String] in try (0..<document.pageCount).map { try document.pageLabel($0) } }
    #expect(try labels() == ["i", "ii", "1", "2", "A", "B"])
    try document.deletePages(1..<3)
    #expect(try labels() == ["i", "2", "A", "B"])
    try document.deletePages(1..<2)
    #expect(try labels() == ["i", "A", "B"])
    try document.insertBlankPage(at: 1, width: 10, height: 10)
    #expect(try labels() == ["i", "ii", "A", "B"])
  }

  @Test func importedLinksLeadToImportedPagesOrAreDropped() throws {
    let source = try tagged(3)
    let target = try tagged(2)
    for (index, to) in [(0, 1), (0, 2)] {
      let link = try source.createAnnotation(page: index, subtype: "Link", rect: Rect(10, 10, 40, 40))
      try linkTo(source, link, page: to)
    }
    try target.insertPages(from: source, pages: [0, 1], at: 1)
    #expect(try tags(target) == [100, 100, 101, 101])
    let links = try target.annotations(onPage: 1)
    #expect(links.count == 1, "the link to a page not imported is dropped")
    let dest = try #require(try target.annotationRawValue(links[0], key: "Dest"))
    #expect(dest == "[ \(try number(target, 2)) 0 R /Fit ]")
    // The source is unchanged, and a second import makes new copies.
    #expect(try source.annotations(onPage: 0).count == 2)
    try target.insertPages(from: source, pages: [0], at: 0)
    #expect(try target.pageID(0) != target.pageID(2))
    #expect(try target.undo())
    #expect(try target.undo())
    #expect(try tags(target) == [100, 101])
  }

  @Test func duplicateKeepsLinksAndExtractMakesANewDocument() throws {
    let document = try tagged(3)
    let link = try document.createAnnotation(page: 0, subtype: "Link", rect: Rect(10, 10, 40, 40))
    try linkTo(document, link, page: 2)
    try document.duplicatePage(0)
    let copied = try document.annotations(onPage: 1)
    #expect(copied.count == 1 && copied[0] != link)
    #expect(try document.annotationRawValue(copied[0], key: "Dest") == "[ \(try number(document, 3)) 0 R /Fit ]")
    let extracted = try document.extractPages([3, 0])
    #expect(try tags(extracted) == [102, 100])
    let extractedLink = try #require(try extracted.annotations(onPage: 1).first)
    #expect(try extracted.annotationRawValue(extractedLink, key: "Dest") == "[ \(try number(extracted, 0)) 0 R /Fit ]")
    #expect(try document.extractPages([1]).annotations(onPage: 0).isEmpty, "a link to a page not extracted is dropped")
    #expect(!extracted.undoState.canUndo)
    #expect(try tags(document) == [100, 100, 101, 102])
  }

  @Test func boxesAreSetAndRemovedInOneStepEach() throws {
    let document = try tagged(1)
    try document.setPageBox(0, .crop, Rect(50, 400, 10, 20))
    #expect(try document.pageBox(0, .crop) == Rect(10, 20, 50, 400))
    #expect(try document.pageSize(0) == (40, 380))
    try document.setPageBox(0, .trim, Rect(12, 22, 48, 398))
    #expect(try document.pageBox(0, .trim) == Rect(12, 22, 48, 398))
    try document.setPageBox(0, .crop, nil)
    #expect(try document.pageBox(0, .crop) == Rect(0, 0, 100, 500))
    #expect(throws: PDFError.self) { try document.setPageBox(0, .media, nil) }
    #expect(throws: PDFError.self) { try document.setPageBox(0, .crop, Rect(0, 0, 0, 10)) }
    #expect(throws: PDFError.self) { try document.setPageBox(0, .crop, Rect(0, 0, .infinity, 10)) }
    #expect(try document.undo())
    #expect(try document.pageBox(0, .crop) == Rect(10, 20, 50, 400))
  }

  @Test func refusalsChangeNothing() throws {
    let document = try tagged(3)
    let state = document.stateID
    #expect(throws: PDFError.self) { try document.deletePages(0..<3) }
    #expect(throws: PDFError.self) { try document.deletePages(2..<4) }
    #expect(throws: PDFError.self) { try document.movePages(0..<2, to: 2) }
    #expect(throws: PDFError.self) { try document.duplicatePage(3) }
    #expect(throws: PDFError.self) { try document.insertPages(from: document, pages: [5], at: 0) }
    #expect(throws: PDFError.self) { try document.insertPages(from: document, pages: [0], at: 4) }
    #expect(throws: PDFError.self) { try document.extractPages([]) }
    #expect(document.stateID == state)
    #expect(try tags(document) == [100, 101, 102])
  }

  @Test func anEditRecordsOnlyThePagesTreeNodesItTouches() throws {
    // 400 pages in 20 nodes of 20: deleting or moving one page records its node and the root.
    var kids: [String] = []
    var objects: [String] = ["<< /Type /Catalog /Pages 2 0 R >>", ""]
    var number = 3
    for _ in 0..<20 {
      let node = number
      var pages: [String] = []
      objects.append("")
      number += 1
      for _ in 0..<20 {
        pages.append("\(number) 0 R")
        objects.append("<< /Type /Page /Parent \(node) 0 R /MediaBox [0 0 200 200] >>")
        number += 1
      }
      objects[node - 1] = "<< /Type /Pages /Parent 2 0 R /Count 20 /Kids [\(pages.joined(separator: " "))] >>"
      kids.append("\(node) 0 R")
    }
    objects[1] = "<< /Type /Pages /Count 400 /Kids [\(kids.joined(separator: " "))] >>"
    let document = try Document.open(bytes: Fixtures.pdf(objects))
    #expect(document.pageCount == 400)
    let recorded = { () throws -> Int in
      try document.locked { () throws(PDFError) -> Int in document.journal.undoSteps.last?.before.count ?? 0 }
    }
    try document.deletePages(250..<251)
    #expect(try recorded() == 2)
    try document.movePages(10..<11, to: 390)
    #expect(try recorded() <= 4)
    try document.insertBlankPage(at: 200, width: 100, height: 100)
    #expect(try recorded() <= 3)
    #expect(document.pageCount == 400)
  }

  @Test func pagesKeepTheirLookUnderNewParents() throws {
    let document = try Document.open(bytes: Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 4 /CropBox [10 10 150 150] >>",
      "<< /Type /Pages /Parent 2 0 R /Kids [5 0 R 6 0 R] /Count 2 /MediaBox [0 0 200 200] /Rotate 90 >>",
      "<< /Type /Pages /Parent 2 0 R /Kids [7 0 R 8 0 R] /Count 2 /MediaBox [0 0 300 300] >>",
      "<< /Type /Page /Parent 3 0 R >>", "<< /Type /Page /Parent 3 0 R >>",
      "<< /Type /Page /Parent 4 0 R >>", "<< /Type /Page /Parent 4 0 R >>",
    ]))
    let looks = { () throws -> [String] in
      try (0..<document.pageCount).map {
        "\(try document.pageBox($0, .media).width)/\(try document.pageBox($0, .crop).width)/\(try document.pageRotation($0))"
      }
    }
    #expect(try looks() == ["200.0/140.0/90", "200.0/140.0/90", "300.0/140.0/0", "300.0/140.0/0"])
    try document.movePages(0..<1, to: 3)
    #expect(try looks() == ["200.0/140.0/90", "300.0/140.0/0", "300.0/140.0/0", "200.0/140.0/90"])
    try document.insertBlankPage(at: 0, width: 50, height: 60)
    #expect(try looks().first == "50.0/50.0/0")
    try document.setPageBox(1, .crop, nil)
    #expect(try document.pageBox(1, .crop).width == 200)
    let saved = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) -> [UInt8] in Array(bytes) }
    let reopened = try Document.open(bytes: saved)
    #expect(try reopened.pageRotation(4) == 90 && reopened.pageBox(4, .media).width == 200)
  }

  @Test func toolStateFollowsMovedPagesAndEndsWithDeletedOnes() throws {
    let document = try Document.open(bytes: ToolManagerTests.bytes)
    try document.insertBlankPage(at: 0, width: 300, height: 300)
    let tools = ToolManager(document: document)
    // A text selection on page 1 ("Hello World" on an unrotated Letter page).
    try tools.setTool(.textSelect)
    _ = try tools.pointerDown(PointerEvent(page: 1, Point(101, 792 - 605)))
    _ = try tools.pointerUp(PointerEvent(page: 1, Point(230, 792 - 605)))
    let selected = try tools.selectedText()
    #expect(selected.hasPrefix("Hello"))
    // The page moves to the end: the selection follows it.
    try document.movePages(1..<2, to: 2)
    #expect(try tools.selectedText() == selected)
    #expect(tools.lock.withLock { tools.textSelection.map { [$0.startPage, $0.endPage] } } == [2, 2])
    // A rectangle being drawn on the page is dropped when the page is deleted.
    try tools.setTool(.rectangle)
    _ = try tools.pointerDown(PointerEvent(page: 2, Point(50, 50)))
    _ = try tools.pointerMove(PointerEvent(page: 2, Point(150, 150)))
    try document.deletePages(2..<3)
    #expect(try tools.pointerUp(PointerEvent(page: 1, Point(150, 150))) == false)
    #expect(try document.annotations(onPage: 1).isEmpty)
    // A rectangle drawn on a page that moves mid-gesture lands on that page.
    _ = try tools.pointerDown(PointerEvent(page: 1, Point(50, 50)))
    _ = try tools.pointerMove(PointerEvent(page: 1, Point(150, 150)))
    try document.movePages(1..<2, to: 0)
    #expect(try tools.pointerUp(PointerEvent(page: 0, Point(150, 150))))
    #expect(try document.annotations(onPage: 0).count == 1)
  }

  @Test func namedDestinationsOfDeletedPagesAreDropped() throws {
    let document = try Document.open(bytes: Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R /Outlines 7 0 R /Dests << /old [4 0 R /Fit] /kept [5 0 R /Fit] >> "
        + "/Names << /Dests << /Kids [9 0 R] >> >> >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 /MediaBox [0 0 200 200] >>",
      "<< /Type /Page /Parent 2 0 R >>", "<< /Type /Page /Parent 2 0 R >>", "<< /Type /Page /Parent 2 0 R >>",
      "<< /S /GoTo /D (b) >>",
      "<< /Type /Outlines /First 8 0 R /Last 8 0 R /Count 1 >>",
      "<< /Title (To b) /Parent 7 0 R /A 6 0 R >>",
      "<< /Limits [(a) (c)] /Names [(a) [3 0 R /Fit] (b) [4 0 R /XYZ 0 100 0] (c) << /D [5 0 R /Fit] >>] >>",
    ]))
    let item = try #require(try document.outline().first?.id)
    #expect(try document.outlineTarget(item) == .destination(Destination(page: 1, fit: .xyz, left: 0, top: 100, zoom: 0)))
    try document.deletePages(1..<2)
    #expect(try document.outlineTarget(item) == OutlineTarget.none, "the name it used is gone")
    let (names, limits, dests) = try document.locked { () throws(PDFError) -> (String, String, [String]) in
      let qpdf = document.qpdf
      let leaf = qpdf.object(ObjectIdentity(number: 9, generation: 0))
      let names = qpdf.entry(leaf, "/Names").map { String(decoding: qpdf.unparsed($0), as: UTF8.self) } ?? ""
      let limits = qpdf.entry(leaf, "/Limits").map { String(decoding: qpdf.unparsed($0), as: UTF8.self) } ?? ""
      return (names, limits, qpdf.value(qpdf.root, "Dests").map { qpdf.keys($0) } ?? [])
    }
    #expect(names == "[ (a) [ 3 0 R /Fit ] (c) << /D [ 5 0 R /Fit ] >> ]")
    #expect(limits == "[ (a) (c) ]")
    #expect(dests == ["kept"])
    #expect(try document.undo())
    #expect(try document.outlineTarget(item) != OutlineTarget.none)
  }

  @Test func aTreeWhoseCountsFailLaterIsRewrittenBeforeAnEdit() throws {
    // The root's counts add up (3 + 2), but node A holds two pages, not three.
    let document = try Document.open(bytes: Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 5 >>",
      "<< /Type /Pages /Parent 2 0 R /Kids [5 0 R 6 0 R] /Count 3 >>",
      "<< /Type /Pages /Parent 2 0 R /Kids [7 0 R 8 0 R] /Count 2 >>",
      "<< /Type /Page /Parent 3 0 R /MediaBox [0 0 100 100] >>", "<< /Type /Page /Parent 3 0 R /MediaBox [0 0 101 100] >>",
      "<< /Type /Page /Parent 4 0 R /MediaBox [0 0 102 100] >>", "<< /Type /Page /Parent 4 0 R /MediaBox [0 0 103 100] >>",
    ]))
    _ = try? document.pageBox(2, .media)  // finds that the counts do not lead to page 2
    try document.deletePages(3..<4)
    #expect(try tags(document) == [100, 101, 102])
    #expect(try document.undo())
    #expect(document.pageCount == 5, "undo brings the file's own tree back, counts and all")
    // Read through the counts, as readers read it: A counts three, so page 3 is B's first.
    #expect(try document.pageBox(3, .media).width == 102)
  }

  @Test func pageIDsAreNeverReused() throws {
    let document = try tagged(2)
    try document.insertBlankPage(at: 2, width: 50, height: 50)
    let id = try document.pageID(2)
    #expect(try document.undo())
    try document.setMetadata("Title", "a change that drops the redo step")
    try document.insertBlankPage(at: 2, width: 60, height: 60)
    #expect(try document.pageID(2) != id)
    #expect(throws: PDFError.self) { try document.pageIndex(forID: id) }
  }

  @Test func labelRangesPastTheEndOrBeyondIntegersGo() throws {
    let document = try Document.open(bytes: Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R /PageLabels << /Nums [0 << /S /D >> 2 << /S /r /St 2147483647 >> "
        + "9223372036854775807 << /S /A >>] >> >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 /MediaBox [0 0 100 100] >>",
      "<< /Type /Page /Parent 2 0 R >>", "<< /Type /Page /Parent 2 0 R >>", "<< /Type /Page /Parent 2 0 R >>",
    ]))
    try document.insertBlankPage(at: 1, width: 10, height: 10)
    #expect(try document.pageLabelRanges().map(\.start) == [0, 3])
    try document.deletePages(2..<4)
    #expect(try document.pageLabelRanges().map(\.start) == [0], "the range of the deleted pages goes")
    try document.setPageLabelRanges(try document.pageLabelRanges())
  }
}
