// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// Listing, identity, raw access and deletion of the annotations documents already hold.
@Suite struct AnnotationTests {
  @Test(arguments: Fixtures.manifest.filter { !$0.annotations.isEmpty && $0.expect == "open" })
  func corpusAnnotationsListAndSurviveSaving(_ entry: Fixtures.CorpusEntry) throws {
    let document = try Document.open(
      path: Fixtures.corpusFile(entry.name), password: entry.userPassword)
    func census(_ document: Document) throws -> [String: Int] {
      var counts: [String: Int] = [:]
      var firstPage: [Int64: Int] = [:]
      for page in 0..<document.pageCount {
        for id in try document.annotations(onPage: page) {
          counts[try document.annotationSubtype(id), default: 0] += 1
          // A dictionary several pages list belongs to the first of them.
          if firstPage[id] == nil { firstPage[id] = page }
          #expect(try document.annotationPage(id) == firstPage[id])
          _ = try document.annotationRect(id)
        }
      }
      return counts
    }
    #expect(try census(document) == entry.annotations, "\(entry.name)")
    let saved = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) }
    #expect(try census(Document.open(bytes: saved, password: entry.userPassword)) == entry.annotations)
  }

  @Test func idsAreStableAndNeverReused() throws {
    let document = try Document.open(path: Fixtures.corpusFile("pdfjs-annotation-square-circle.pdf"))
    let first = try document.annotations(onPage: 0)
    #expect(first.count == 4)
    #expect(try document.annotations(onPage: 0) == first, "listing again gives the same ids")
    try document.setMetadata("Title", "x")
    #expect(try document.annotations(onPage: 0) == first, "other edits keep ids")
    let square = try #require(try first.first { try document.annotationSubtype($0) == "Square" })
    try document.deleteAnnotation(square)
    let after = try document.annotations(onPage: 0)
    #expect(!after.contains(square))
    #expect(after.count == 2, "the square's popup went with it")
    expectError(.notFound) { () throws(PDFError) in try document.annotationSubtype(square) }
    expectError(.notFound) { () throws(PDFError) in try document.deleteAnnotation(square) }
    expectError(.notFound) { () throws(PDFError) in try document.annotationRect(999_999) }
    #expect(after.allSatisfy { first.contains($0) })
    let circle = try #require(try after.first { try document.annotationSubtype($0) == "Circle" })
    let popup = try #require(try after.first { try document.annotationSubtype($0) == "Popup" })
    try document.deleteAnnotation(popup)
    #expect(try document.annotationRawValue(circle, key: "Popup") == nil, "no dangling /Popup")
  }

  @Test func rawValues() throws {
    let document = try Document.open(path: Fixtures.corpusFile("pdfjs-annotation-line.pdf"))
    let ids = try document.annotations(onPage: 0)
    let line = try #require(try ids.first { try document.annotationSubtype($0) == "Line" })
    #expect(try document.annotationRawValue(line, key: "L")?.hasPrefix("[") == true)
    try document.setAnnotationRawValue(line, key: "LE", syntax: "[ /OpenArrow /Circle ]")
    #expect(try document.annotationRawValue(line, key: "LE") == "[ /OpenArrow /Circle ]")
    try document.setAnnotationRawValue(line, key: "Contents", syntax: "(caf\\351 \\(1\\))")
    #expect(try document.annotationText(line, key: "Contents") == "café (1)")
    try document.setAnnotationRawValue(line, key: "LE", syntax: nil)
    #expect(try document.annotationRawValue(line, key: "LE") == nil)
    expectError(.invalidArgument) { () throws(PDFError) in
      try document.setAnnotationRawValue(line, key: "LE", syntax: "[ unbalanced")
    }
    expectError(.notPermitted) { () throws(PDFError) in
      try document.setAnnotationRawValue(line, key: "Subtype", syntax: "/Square")
    }
    let saved = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) }
    let reopened = try Document.open(bytes: saved)
    let again = try reopened.annotations(onPage: 0)
    let text = try again.compactMap { try reopened.annotationText($0, key: "Contents") }
    #expect(text.contains("café (1)"))
  }

  @Test func restrictedDocumentsRefuseAnnotationChanges() throws {
    let document = try Document.open(
      path: Fixtures.corpusFile("pdfium-encrypted-aes128.pdf"), password: "1234")
    #expect(!document.permissions.contains(.annotate))
    expectError(.notPermitted) { () throws(PDFError) in try document.deleteAnnotation(1) }
    expectError(.notPermitted) { () throws(PDFError) in
      try document.setAnnotationRawValue(1, key: "Contents", syntax: "(x)")
    }
    let blank = try Document.makeNew()
    try blank.insertBlankPage(at: 0, width: 100, height: 100)
    #expect(try blank.annotations(onPage: 0).isEmpty)
  }
}
