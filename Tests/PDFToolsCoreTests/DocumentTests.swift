// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import PDFToolsCore

/// Opening from paths and memory, bad input, versions, signatures, labels and new documents.
@Suite struct DocumentTests {
  @Test func badInputGivesClearErrors() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    expectError(.fileNotFound) { () throws(PDFError) in
      try Document.open(path: folder.appendingPathComponent("missing.pdf").path)
    }
    expectError(.notAFile) { () throws(PDFError) in try Document.open(path: folder.path) }
    expectError(.invalidArgument) { () throws(PDFError) in try Document.open(path: "") }
    let empty = folder.appendingPathComponent("empty.pdf")
    _ = FileManager.default.createFile(atPath: empty.path, contents: Data())
    expectError(.notPDF) { () throws(PDFError) in try Document.open(path: empty.path) }
    expectError(.notPDF) { () throws(PDFError) in try Document.open(bytes: [UInt8]()) }
    expectError(.notPDF) { () throws(PDFError) in
      try Document.open(bytes: Array("hello, this is not a PDF at all".utf8))
    }
    expectError(.damaged) { () throws(PDFError) in
      try Document.open(bytes: Array("%PDF-1.4\n garbage garbage\n%%EOF".utf8))
    }
  }

  @Test func truncatedFilesRepairOrFailCleanly() throws {
    let full = try Data(contentsOf: URL(fileURLWithPath: Fixtures.corpusFile("pdfjs-tracemonkey.pdf")))
    for fraction in [0.05, 0.3, 0.6, 0.95] {
      let prefix = Array(full.prefix(Int(Double(full.count) * fraction)))
      do {
        let document = try Document.open(bytes: prefix)
        #expect(document.wasRepaired)
        for index in 0..<document.pageCount { _ = try document.pageSize(index) }
      } catch {
        #expect([.damaged, .notPDF].contains(error.kind))
      }
    }
  }

  @Test func pathsMayBeRelative() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let copy = folder.appendingPathComponent("relative copy.pdf")
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: Fixtures.corpusFile("pdf20-simple.pdf")), to: copy)
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(folder.path)
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    #expect(try Document.open(path: "relative copy.pdf").pageCount == 1)
  }

  @Test func versions() throws {
    #expect(try Document.open(path: Fixtures.corpusFile("pdf20-simple.pdf")).pdfVersion
      == PDFVersion(major: 2, minor: 0))
    #expect(try Document.open(path: Fixtures.corpusFile("pdf20-via-incremental-save.pdf")).pdfVersion
      == PDFVersion(major: 2, minor: 0), "the catalog's /Version wins over the header")
    #expect(try Document.open(path: Fixtures.corpusFile("qpdf-boxes.pdf")).pdfVersion
      == PDFVersion(major: 1, minor: 3))
    #expect(try Document.makeNew().pdfVersion == PDFVersion(major: 1, minor: 7))
  }

  @Test func signatureFields() throws {
    for name in ["qpdf-digitally-signed.pdf", "pdfium-two-signatures.pdf", "pdfbox-acroforms-basic-fields.pdf"] {
      #expect(try Document.open(path: Fixtures.corpusFile(name)).hasSignatureFields, "\(name)")
    }
    for name in ["qpdf-field-types-need-appearances.pdf", "pdf20-simple.pdf"] {
      #expect(!(try Document.open(path: Fixtures.corpusFile(name)).hasSignatureFields), "\(name)")
    }
  }

  @Test func pageLabelsFollowTheNumberTree() throws {
    // Ranges as `qpdf --json --json-key=pagelabels` lists them for this file.
    let document = try Document.open(path: Fixtures.corpusFile("qpdf-object-streams.pdf"))
    let labels = try (0..<30).map { try document.pageLabel($0) }
    #expect(labels == [
      "", "", "i", "ii", "iii", "iv", "v", "", "", "vi", "vii", "", "2", "3", "4", "6", "7", "8",
      "9", "", "12", "13", "16059", "l", "li", "lii", "liii", "liv", "lv", "liv",
    ])
    let plain = try Document.open(path: Fixtures.corpusFile("samplefiles-pdflatex-4-pages.pdf"))
    #expect(try plain.pageLabel(3) == "4")
  }

  @Test func labelStylesAndPrefixes() throws {
    let bytes = Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R /PageLabels << /Kids [4 0 R] >> >>",
      "<< /Type /Pages /Kids [3 0 R 3 0 R 3 0 R 3 0 R 3 0 R 3 0 R] /Count 6 /MediaBox [0 0 100 100] >>",
      "<< /Type /Page /Parent 2 0 R >>",
      "<< /Limits [0 5] /Nums [0 << /S /A /St 26 >> 2 << /S /a /P (A-) /St 52 >> 4 << /S /R /St 1999 >> 5 << /P (\\376\\377\\000\\344) >>] >>",
    ])
    let document = try Document.open(bytes: bytes)
    let labels = try (0..<document.pageCount).map { try document.pageLabel($0) }
    #expect(labels == ["Z", "AA", "A-zz", "A-aaa", "MCMXCIX", "ä"])
    #expect(PageLabelRange.roman(4) == "IV" && PageLabelRange.roman(0) == "0")
    #expect(PageLabelRange.letters(27) == "AA" && PageLabelRange.letters(0) == "0")
  }

  @Test func newDocumentWithPages() throws {
    let document = try Document.makeNew()
    #expect(document.pageCount == 0 && !document.isModified)
    try document.insertBlankPage(at: 0, width: 200, height: 300)
    try document.insertBlankPage(at: 1, width: 400, height: 500)
    try document.insertBlankPage(at: 0, width: 100, height: 100)
    #expect(document.isModified)
    let sizes = try (0..<3).map { try document.pageSize($0) }
    #expect(sizes.map(\.width) == [100, 200, 400])
    expectError(.outOfRange) { () throws(PDFError) in
      try document.insertBlankPage(at: 5, width: 100, height: 100)
    }
    for (width, height) in [(0.0, 100.0), (100, -1), (.nan, 100), (100, 20_000), (.infinity, 1)] {
      expectError(.invalidArgument) { () throws(PDFError) in
        try document.insertBlankPage(at: 0, width: width, height: height)
      }
    }
    let bytes = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) }
    #expect(bytes.starts(with: Array("%PDF-1.7".utf8)))
    let reopened = try Document.open(bytes: bytes)
    #expect(try (0..<3).map { try reopened.pageSize($0).height } == [100, 300, 500])
  }

  @Test func restrictedDocumentsRefuseChanges() throws {
    let document = try Document.open(
      path: Fixtures.corpusFile("pdfium-encrypted-aes128.pdf"), password: "1234")
    expectError(.notPermitted) { () throws(PDFError) in try document.setMetadata("Title", "x") }
    expectError(.notPermitted) { () throws(PDFError) in
      try document.insertBlankPage(at: 0, width: 100, height: 100)
    }
    let owner = try Document.open(
      path: Fixtures.corpusFile("pdfium-encrypted-aes128.pdf"), password: "5678")
    try owner.setMetadata("Title", "allowed")
    #expect(try owner.metadata("Title") == "allowed")
  }

  @Test func saslPreparedPasswords() throws {
    #expect(SASLprep.prepare("plain") == nil)
    #expect(SASLprep.prepare("S\u{AA}SL\u{AD}prep") == "SaSLprep")
    #expect(SASLprep.prepare("a\u{A0}b\u{FF21}") == "a bA")
    let document = try Document.open(
      path: Fixtures.corpusFile("pdfjs-saslprep-r6.pdf"), password: "S\u{AA}SL\u{AD}prep")
    #expect(document.pageCount == 1)
  }
}
