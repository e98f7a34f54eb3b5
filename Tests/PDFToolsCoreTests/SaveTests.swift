// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import PDFToolsCore

/// Full saves to memory and to files: options, atomic replacement, failures.
@Suite struct SaveTests {
  private func bytes(_ document: Document, _ options: SaveOptions = SaveOptions()) throws -> [UInt8] {
    try document.withSavedBytes(options) { (bytes) throws(PDFError) in Array(bytes) }
  }

  private func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
    let pattern = Array(needle.utf8)
    guard haystack.count >= pattern.count else { return false }
    return (0...(haystack.count - pattern.count)).contains {
      haystack[$0..<($0 + pattern.count)].elementsEqual(pattern)
    }
  }

  @Test func options() throws {
    let document = try Document.open(path: Fixtures.corpusFile("samplefiles-pdflatex-4-pages.pdf"))
    var generate = SaveOptions()
    generate.objectStreams = .generate
    #expect(contains(try bytes(document, generate), "/ObjStm"))
    var disable = SaveOptions()
    disable.objectStreams = .disable
    #expect(!contains(try bytes(document, disable), "/ObjStm"))
    var linear = SaveOptions()
    linear.linearize = true
    #expect(contains(try bytes(document, linear), "/Linearized"))
    var incremental = SaveOptions()
    incremental.mode = .incremental
    incremental.linearize = true
    expectError(.invalidArgument) { () throws(PDFError) in
      try document.withSavedBytes(incremental) { (_) throws(PDFError) in 0 }
    }
    var raw = SaveOptions()
    raw.compressStreams = false
    let uncompressed = try Document.open(bytes: try bytes(document, raw))
    #expect(uncompressed.pageCount == 4)
  }

  @Test func encryptionIsKeptOrRemoved() throws {
    let path = Fixtures.corpusFile("qpdf-enc-r6-aes256.pdf")
    let document = try Document.open(path: path, password: "view")
    let kept = try bytes(document)
    expectError(.passwordRequired) { () throws(PDFError) in try Document.open(bytes: kept) }
    #expect(try Document.open(bytes: kept, password: "view").pageCount == 30)
    var remove = SaveOptions()
    remove.removeEncryption = true
    let plain = try Document.open(bytes: try bytes(document, remove))
    #expect(!plain.isEncrypted && plain.pageCount == 30)
  }

  @Test func savingOverTheOpenFile() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("doc.pdf").path
    try FileManager.default.copyItem(atPath: Fixtures.corpusFile("qpdf-rotated.pdf"), toPath: path)
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
    let document = try Document.open(path: path)
    try document.setMetadata("Title", "saved over")
    #expect(document.isModified)
    try document.save(to: path)
    #expect(!document.isModified)
    try document.setMetadata("Title", "twice")
    try document.save(to: path)
    #expect(try document.pageRotation(3) == 90, "the document stays usable")
    let reopened = try Document.open(path: path)
    #expect(reopened.pageCount == 20)
    #expect(try reopened.metadata("Title") == "twice")
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o640, "the file's mode is kept")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["doc.pdf"])
  }

  @Test func failedSavesLeaveFilesAlone() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let document = try Document.open(path: Fixtures.corpusFile("pdf20-simple.pdf"))
    expectError(.fileNotFound) { () throws(PDFError) in
      try document.save(to: folder.appendingPathComponent("no/such/folder/x.pdf").path)
    }
    expectError(.notAFile) { () throws(PDFError) in try document.save(to: folder.path) }
    expectError(.invalidArgument) { () throws(PDFError) in try document.save(to: "") }
    var incremental = SaveOptions()
    incremental.mode = .incremental
    let existing = folder.appendingPathComponent("keep.pdf").path
    try Data("original".utf8).write(to: URL(fileURLWithPath: existing))
    let fresh = try Document.makeNew()
    expectError(.unsupported) { () throws(PDFError) in
      try fresh.save(to: existing, options: incremental)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: existing)) == Data("original".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["keep.pdf"])
  }

  @Test func brokenFileSurvivesReadingEverythingAndSaving() throws {
    // Debian's qpdf 11.3 crashes in `qpdf --check` on this file; the library must not.
    let document = try Document.open(path: Fixtures.corpusFile("qpdf-xref-compressed-in-compressed.pdf"))
    #expect(document.pageCount == 30)
    // Its page tree lists page 8's object again as page 28, which is that page shown twice.
    let shared = try document.locked { () throws(PDFError) in (document.pageIdentity(7), document.pageIdentity(27)) }
    #expect(shared.0 != nil && shared.0 == shared.1)
    for index in 0..<document.pageCount {
      for kind in PageBox.allCases { _ = try document.pageBox(index, kind) }
      _ = try document.pageLabel(index)
    }
    var generate = SaveOptions()
    generate.objectStreams = .generate
    #expect(try Document.open(bytes: try bytes(document, generate)).pageCount == 30)
  }
}
