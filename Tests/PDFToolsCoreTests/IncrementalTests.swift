// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import PDFToolsCore

/// Incremental saves: the original stays a prefix, only changes are appended, readers agree.
@Suite struct IncrementalTests {
  private func bytes(_ document: Document, _ mode: SaveOptions.Mode = .incremental) throws -> [UInt8] {
    var options = SaveOptions()
    options.mode = mode
    return try document.withSavedBytes(options) { (bytes) throws(PDFError) in Array(bytes) }
  }

  /// Runs a command and returns its exit status and output.
  private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test(arguments: [
    "pdf20-simple.pdf", "qpdf-object-streams.pdf", "pdfjs-annotation-line.pdf",
    "qpdf-incremental-3-revisions.pdf", "samplefiles-geotopo-117-pages.pdf",
  ])
  func originalStaysAPrefixAndQPDFAgrees(name: String) throws {
    let original = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.corpusFile(name))))
    let document = try Document.open(bytes: original)
    try document.setMetadata("Title", "appended – ü")
    if let annotation = try document.annotations(onPage: 0).first {
      try document.setAnnotationRawValue(annotation, key: "Contents", syntax: "(changed)")
    }
    let saved = try bytes(document)
    #expect(saved.starts(with: original), "byte-exact prefix")
    let appended = saved.count - original.count
    #expect(appended > 0 && appended < 4096, "\(name): \(appended) bytes appended")
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("out.pdf").path
    try Data(saved).write(to: URL(fileURLWithPath: path))
    let check = try run(["qpdf", "--check", path])
    #expect(check.status == 0 || check.status == 3, "\(name): \(check.output)")
    #expect(!check.output.contains("ERROR"))
    let reopened = try Document.open(bytes: saved)
    #expect(try reopened.metadata("Title") == "appended – ü")
    #expect(reopened.pageCount == document.pageCount)
  }

  @Test func appendedSizeFollowsTheChangeNotTheDocument() throws {
    let small = try Document.open(path: Fixtures.corpusFile("pdf20-simple.pdf"))
    let large = try Document.open(path: Fixtures.corpusFile("samplefiles-geotopo-117-pages.pdf"))
    var sizes: [Int] = []
    for document in [small, large] {
      let before = try bytes(document).count
      try document.setMetadata("Subject", "one change")
      sizes.append(try bytes(document).count - before)
    }
    #expect(abs(sizes[0] - sizes[1]) < 1024, "appended \(sizes)")
  }

  @Test func appendedStreamsAreCompressed() throws {
    let original = ReliabilityTests.document()
    let document = try Document.open(bytes: original)
    let id = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(50, 50, 550, 700))
    try document.updateAnnotation(id, [.cloudy(2)])
    let content = try Fixtures.appearanceContent(document, id)
    let saved = try bytes(document)
    let appended = String(decoding: saved[original.count...], as: UTF8.self)
    #expect(appended.contains("/FlateDecode"))
    #expect(content.utf8.count > 4096, "a cloudy border draws many curves")
    #expect(saved.count - original.count < content.utf8.count / 2,
            "\(saved.count - original.count) bytes appended for \(content.utf8.count) bytes of appearance")
    let reopened = try Document.open(bytes: saved)
    let again = try #require(try reopened.annotations(onPage: 0).first)
    #expect(try Fixtures.appearanceContent(reopened, again) == content)
  }

  @Test func signaturesStayValid() throws {
    for name in ["qpdf-digitally-signed.pdf", "pdfium-two-signatures.pdf"] {
      let document = try Document.open(path: Fixtures.corpusFile(name))
      #expect(document.hasSignatureFields)
      try document.setMetadata("Title", "after signing")
      let folder = try Fixtures.temporaryFolder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let path = folder.appendingPathComponent("signed.pdf").path
      try document.save(to: path)  // automatic mode: incremental for signed documents
      let saved = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      let original = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.corpusFile(name))))
      #expect(saved.starts(with: original), "\(name) was saved incrementally")
      let before = try run(["pdfsig", Fixtures.corpusFile(name)])
      let after = try run(["pdfsig", path])
      let validBefore = before.output.components(separatedBy: "Signature is Valid").count
      let validAfter = after.output.components(separatedBy: "Signature is Valid").count
      #expect(validAfter == validBefore, "\(name): \(after.output)")
      if name == "qpdf-digitally-signed.pdf" { #expect(validBefore > 1, "this file's signature verifies") }
      #expect(try Document.open(path: path).metadata("Title") == "after signing")
    }
  }

  @Test func laterSavesAppendToWhatWasWritten() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("doc.pdf").path
    try FileManager.default.copyItem(atPath: Fixtures.corpusFile("qpdf-object-streams.pdf"), toPath: path)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    let document = try Document.open(path: path)
    var options = SaveOptions()
    options.mode = .incremental
    try document.setMetadata("Title", "first")
    try document.save(to: path, options: options)
    let first = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    try document.setMetadata("Title", "second")
    try document.save(to: path, options: options)
    let second = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(second.starts(with: first))
    #expect(second.count - first.count < 2048)
    #expect(try Document.open(path: path).metadata("Title") == "second")
    let unchanged = try bytes(document)
    #expect(unchanged == second, "nothing new to append")
  }

  @Test func pageTreeChangesAreComplete() throws {
    let original = TextTests.document
    let document = try Document.open(bytes: original)
    try document.insertBlankPage(at: 2, width: 200, height: 300)
    let reopened = try Document.open(bytes: try bytes(document))
    #expect(reopened.pageCount == 6)
    #expect(try reopened.pageSize(2).width == 200)
    #expect(try reopened.text(ofPage: 0).text == "Hello World\nSecond line")
    #expect(try reopened.text(ofPage: 3).text == "Hello World\nSecond line")
  }

  @Test func impossibleCasesSaySo() throws {
    let repaired = try Document.open(path: Fixtures.corpusFile("qpdf-bad3-bad-xref-offset.pdf"))
    expectError(.unsupported) { () throws(PDFError) in try repaired.withSavedBytes(self.incremental) { (_) throws(PDFError) in 0 } }
    #expect(try bytes(repaired, .automatic).count > 0, "without signatures, automatic saves fully")
  }

  /// Every revision of the standard security handler: the appended objects are encrypted with
  /// the document's key, so qpdf (checking every stream) and the library read them back.
  @Test(arguments: [
    ("qpdf-enc-r2-rc4-40.pdf", "master"), ("qpdf-enc-r3-rc4-128.pdf", "master"), ("pdfium-encrypted-aes128.pdf", "5678"),
    ("qpdf-enc-r5-aes256.pdf", "owner3"), ("qpdf-enc-r6-aes256.pdf", "view"), ("pdfjs-saslprep-r6.pdf", "S\u{AA}SL\u{AD}prep"),
  ])
  func encryptedDocumentsSaveIncrementally(name: String, password: String) throws {
    let original = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.corpusFile(name))))
    let document = try Document.open(bytes: original, password: password)
    let id = try document.createAnnotation(page: 0, subtype: "FreeText", rect: Rect(50, 50, 250, 100))
    try document.updateAnnotation(id, [.text(key: "Contents", value: "Appended – encrypted ü")])
    try document.setMetadata("Title", "Encrypted update ✓")
    let saved = try bytes(document)
    #expect(saved.starts(with: original), "the original bytes stay a prefix")
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("saved.pdf").path
    try Data(saved).write(to: URL(fileURLWithPath: path))
    // qpdf's command does not apply SASLprep itself.
    let prepared = SASLprep.prepare(password) ?? password
    let check = try run(["qpdf", "--check", "--password=\(prepared)", path])
    #expect(check.status == 0, "qpdf --check: \(check.output)")
    let reopened = try Document.open(bytes: saved, password: password)
    #expect(!reopened.wasRepaired)
    #expect(try reopened.metadata("Title") == "Encrypted update ✓")
    let reopenedID = try #require(try reopened.annotations(onPage: 0).last)
    #expect(try reopened.annotationText(reopenedID, key: "Contents") == "Appended – encrypted ü")
    #expect(try reopened.text(ofPage: 0).text == (try document.text(ofPage: 0).text))
  }

  private var incremental: SaveOptions {
    var options = SaveOptions()
    options.mode = .incremental
    return options
  }
}
