// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// Reading and writing the document information dictionary.
@Suite struct MetadataTests {
  @Test func readsExistingMetadata() throws {
    let document = try Document.open(path: Fixtures.corpusFile("pdfjs-tracemonkey.pdf"))
    let keys = try document.metadataKeys()
    #expect(keys.contains("Producer"))
    #expect(try document.metadata("Producer")?.isEmpty == false)
    #expect(try document.metadata("NoSuchKey") == nil)
  }

  @Test func roundTripThroughSaving() throws {
    let document = try Document.open(path: Fixtures.corpusFile("pdf20-simple.pdf"))
    #expect(!document.isModified)
    let values = [
      "Title": "Grüße – 日本語 ✓", "Author": "Ann O'Neil (tester)", "Subject": "plain ascii",
      "Keywords": "a, b", "Custom": "\u{1F600} emoji",
    ]
    for (key, value) in values { try document.setMetadata(key, value) }
    #expect(document.isModified)
    try document.setMetadata("Keywords", nil)
    try document.setMetadata("NeverThere", nil)
    let bytes = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) }
    let reopened = try Document.open(bytes: bytes)
    for (key, value) in values where key != "Keywords" {
      #expect(try reopened.metadata(key) == value, "\(key)")
    }
    #expect(try reopened.metadata("Keywords") == nil)
    #expect(try reopened.metadataKeys().contains("Custom"))
  }

  @Test func createsTheInformationDictionaryWhenMissing() throws {
    let document = try Document.makeNew()
    #expect(try document.metadataKeys() == [])
    try document.setMetadata("Title", "New")
    #expect(try document.metadataKeys() == ["Title"])
  }

  @Test func rejectsBadKeys() throws {
    let document = try Document.makeNew()
    for key in ["", "Two Words", "/Title", "Tit(le", "Ti#tle", "Tïtle", String(repeating: "k", count: 200)] {
      expectError(.invalidArgument, "key \(key)") { () throws(PDFError) in
        try document.setMetadata(key, "x")
      }
      expectError(.invalidArgument, "key \(key)") { () throws(PDFError) in try document.metadata(key) }
    }
  }
}
