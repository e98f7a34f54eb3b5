// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// The side panel's annotation list: threads nested, filtered, ordered, grouped by page.
@Suite struct AnnotationListTests {
  /// Two pages: page 0 holds a square by Ann (2026-03) with a reply by Bob (2026-05) and a
  /// reply to that by Ann (2026-04), and a note by Carl (2026-01); page 1 a highlight by Bob
  /// (2026-02) and an undated ink by Ann.
  private func reviewed() throws -> (Document, [String: Int64]) {
    let document = try Document.makeNew()
    try document.insertBlankPage(at: 0, width: 600, height: 800)
    try document.insertBlankPage(at: 1, width: 600, height: 800)
    var ids: [String: Int64] = [:]
    let specs: [(String, Int, String, String, String?, String)] = [
      ("square", 0, "Square", "Ann", "D:20260301", "Check the figure"),
      ("reply", 0, "Text", "Bob", "D:20260501", "Done, see page 2"),
      ("answer", 0, "Text", "Ann", "D:20260401", "Thanks"),
      ("note", 0, "Text", "Carl", "D:20260101", "Typo here"),
      ("highlight", 1, "Highlight", "Bob", "D:20260201", "Important"),
      ("ink", 1, "Ink", "Ann", nil, ""),
    ]
    for (name, page, subtype, author, _, contents) in specs {
      let id = try document.createAnnotation(page: page, subtype: subtype, rect: Rect(10, 10, 60, 60))
      try document.updateAnnotation(id, [.text(key: "T", value: author), .text(key: "Contents", value: contents)])
      ids[name] = id
    }
    try document.setReply(try #require(ids["reply"]), to: ids["square"])
    try document.setReply(try #require(ids["answer"]), to: ids["reply"])
    // Dates last (changes stamp /M).
    for (name, _, _, _, date, _) in specs {
      let id = try #require(ids[name])
      try document.setAnnotationRawValue(id, key: "M", syntax: date.map { "(\($0))" })
      try document.setAnnotationRawValue(id, key: "CreationDate", syntax: nil)
    }
    return (document, ids)
  }

  private func rows(_ document: Document, _ options: AnnotationListOptions, _ ids: [String: Int64]) throws -> [String] {
    let names = Dictionary(uniqueKeysWithValues: ids.map { ($0.value, $0.key) })
    return try document.annotationList(options).map {
      String(repeating: "  ", count: $0.depth) + (names[$0.id] ?? "?") + "@\($0.page)/\($0.replyCount)"
    }
  }

  @Test func threadsNestUnderTheirFirstAnnotationInPageOrder() throws {
    let (document, ids) = try reviewed()
    #expect(try rows(document, AnnotationListOptions(), ids) == [
      "square@0/1", "  reply@0/1", "    answer@0/0", "note@0/0", "highlight@1/0", "ink@1/0",
    ])
  }

  @Test func filtersPickThreadsByTheirFirstAnnotationAndTextAnywhereInThem() throws {
    let (document, ids) = try reviewed()
    var options = AnnotationListOptions()
    options.filter.authors = ["Ann"]
    #expect(try rows(document, options, ids) == ["square@0/1", "  reply@0/1", "    answer@0/0", "ink@1/0"])
    options = AnnotationListOptions()
    options.text = "SEE PAGE"
    #expect(try rows(document, options, ids) == ["square@0/1", "  reply@0/1", "    answer@0/0"], "a reply's text")
    options = AnnotationListOptions()
    options.filter.subtypes = ["Highlight", "Ink"]
    options.filter.since = "2026-01-15"
    #expect(try rows(document, options, ids) == ["highlight@1/0"], "the undated ink has no date to pass")
    options = AnnotationListOptions()
    options.filter.firstPage = 1
    #expect(try rows(document, options, ids) == ["highlight@1/0", "ink@1/0"])
    options.filter.since = "yesterday"
    #expect(throws: PDFError.self) { try document.annotationList(options) }
  }

  @Test func ordersWithinPagesOrAcrossTheDocument() throws {
    let (document, ids) = try reviewed()
    var options = AnnotationListOptions()
    options.order = .date
    #expect(try rows(document, options, ids).filter { !$0.hasPrefix(" ") } == ["note@0/0", "square@0/1", "highlight@1/0", "ink@1/0"])
    options.groupedByPage = false
    #expect(try rows(document, options, ids).filter { !$0.hasPrefix(" ") } == ["note@0/0", "highlight@1/0", "square@0/1", "ink@1/0"])
    options.descending = true
    #expect(try rows(document, options, ids).filter { !$0.hasPrefix(" ") } == ["ink@1/0", "square@0/1", "highlight@1/0", "note@0/0"])
    options = AnnotationListOptions()
    options.order = .author
    options.groupedByPage = false
    #expect(try rows(document, options, ids).filter { !$0.hasPrefix(" ") } == ["square@0/1", "ink@1/0", "highlight@1/0", "note@0/0"])
  }

  @Test func theListFollowsMovedPages() throws {
    let (document, ids) = try reviewed()
    try document.movePages(1..<2, to: 0)
    #expect(try rows(document, AnnotationListOptions(), ids) == [
      "highlight@0/0", "ink@0/0", "square@1/1", "  reply@1/1", "    answer@1/0", "note@1/0",
    ])
  }
}
