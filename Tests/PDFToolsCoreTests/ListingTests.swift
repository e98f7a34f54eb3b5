// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF
import Testing

@testable import PDFToolsCore

/// A page's annotations are listed once per change of the page, and a whole page's summaries
/// come in one call.
@Suite struct ListingTests {
  @Test func summariesAgreeWithTheSingleGetters() throws {
    let document = try Document.open(bytes: ReliabilityTests.document())
    let square = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(100, 100, 200, 150))
    try document.updateAnnotation(square, [.color(RGBColor(0, 0, 1)), .text(key: "Contents", value: "ü note")])
    let line = try document.createAnnotation(page: 0, subtype: "Line", rect: Rect(10, 10, 90, 90))
    try document.updateAnnotation(line, [.opacity(0.5), .color(nil)])
    let summaries = try document.annotationSummaries(onPage: 0)
    #expect(summaries.map(\.id) == [square, line])
    #expect(summaries[0].subtype == "Square" && summaries[1].subtype == "Line")
    #expect(summaries[0].rect == (try document.annotationRect(square)))
    #expect(summaries[0].color == RGBColor(0, 0, 1) && summaries[1].color == nil)
    #expect(summaries[0].contentsLength == "ü note".utf8.count)
    #expect(summaries[1].opacity == 0.5 && summaries[0].opacity == 1)
    #expect(summaries[0].flags & 4 == 4, "the print flag")
  }

  @Test func theListingIsKeptUntilThePageOrItsAnnotsChange() throws {
    let document = try Document.open(bytes: ReliabilityTests.document())
    let first = try document.createAnnotation(page: 0, subtype: "Circle", rect: Rect(10, 10, 50, 50))
    _ = try document.annotations(onPage: 0)
    let cached = try document.locked { () throws(PDFError) -> Bool in
      guard let page = document.pageIdentity(0) else { return false }
      return document.annotationListings[page] != nil
    }
    #expect(cached, "listing a page keeps its listing")
    try document.updateAnnotation(first, [.color(RGBColor(0, 1, 0))])
    #expect(try document.annotations(onPage: 0) == [first], "changing an annotation keeps the listing right")
    let second = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(60, 60, 90, 90))
    let grown = try document.locked { () throws(PDFError) -> [Int64]? in
      document.pageIdentity(0).flatMap { document.annotationListings[$0]?.ids }
    }
    #expect(grown == [first, second], "creating an annotation extends the kept listing")
    #expect(try document.annotations(onPage: 0) == [first, second])
    #expect(try Document.open(bytes: document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) })
      .annotations(onPage: 0).count == 2, "as a fresh reading of the page finds")
    try document.deleteAnnotation(first)
    #expect(try document.annotations(onPage: 0) == [second])
    try document.undo()
    #expect(try document.annotations(onPage: 0) == [first, second])
    try document.redo()
    #expect(try document.annotations(onPage: 0) == [second])
    expectError(.notFound) { () throws(PDFError) in _ = try document.annotationRect(first) }
  }

  @Test func anAnnotationOnTwoPagesBelongsToTheFirst() throws {
    let document = try Document.open(path: Fixtures.corpusFile("pdfium-annots.pdf"))
    let second = try document.annotations(onPage: 1)
    let first = try document.annotations(onPage: 0)
    let shared = second.filter { first.contains($0) }
    #expect(shared.count == 2)
    for id in shared { #expect(try document.annotationPage(id) == 0) }
    if let id = shared.first {
      try document.deleteAnnotation(id)
      #expect(try document.annotationPage(id) == 1, "taken off page 0, it is still on page 1")
      #expect(try document.annotations(onPage: 1).contains(id))
    }
  }
}
