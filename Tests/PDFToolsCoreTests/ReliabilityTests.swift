// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF
import Foundation
import Testing

@testable import PDFToolsCore

/// What fuzzing and fault injection found: damaged pages, exhausted object numbers, sparse
/// numbering, failed writes taken back, and memory given back by undo.
@Suite struct ReliabilityTests {
  /// A one-page document; `pageExtra` goes into the page dictionary, `objects` are appended
  /// after the five standard ones (object 6 on).
  static func document(pageExtra: String = "", annots: String = "") -> [UInt8] {
    let content = "BT /F1 12 Tf 72 720 Td (Hello world) Tj ET"
    return Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> \(pageExtra) \(annots) >>",
      "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ])
  }

  /// The document with a cross-reference table that lists object `number` (holding `body`)
  /// besides the five standard objects, and /Size `number + 1`.
  static func withObject(_ number: Int, _ body: String, annots: String = "") -> [UInt8] {
    var bytes = document(annots: annots)
    let text = String(decoding: bytes, as: UTF8.self)
    let xref = text.range(of: "xref\n")!.lowerBound.utf16Offset(in: text)
    bytes.removeSubrange(xref...)
    let offset = bytes.count
    bytes += Array("\(number) 0 obj\n\(body)\nendobj\n".utf8)
    let table = text[text.range(of: "xref\n")!.lowerBound...].components(separatedBy: "trailer")[0]
    let start = bytes.count
    bytes += Array(table.utf8)
    let digits = String(offset)
    bytes += Array("\(number) 1\n\(String(repeating: "0", count: 10 - digits.count))\(digits) 00000 n \n".utf8)
    bytes += Array("trailer\n<< /Size \(number + 1) /Root 1 0 R >>\nstartxref\n\(start)\n%%EOF\n".utf8)
    return bytes
  }

  @Test(arguments: ["/Deep " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
                    "/Rotate 99999999999999999999"])
  func anUnreadablePageRefusesChangesAndKeepsNothing(pageExtra: String) throws {
    let document = try Document.open(bytes: Self.document(pageExtra: pageExtra))
    expectError(.damaged) { () throws(PDFError) in
      try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(100, 100, 200, 200))
    }
    #expect(!document.isModified)
    #expect(!document.undoState.canUndo)
    #expect(try document.annotations(onPage: 0).isEmpty)
  }

  @Test func exhaustedObjectNumbersAreRenumberedWhileOpening() throws {
    let bytes = Self.withObject(Int(Int32.max), "<< /X 1 >>", annots: "/Annots [<< /Type /Annot /Subtype /Square /Rect [10 10 50 50] >>]")
    let document = try Document.open(bytes: bytes)
    guard case .rewritten = document.origin else {
      Issue.record("a file with an object numbered 2147483647 is read from a rewrite")
      return
    }
    #expect(try document.annotations(onPage: 0).count == 1)
    let id = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(100, 100, 200, 200))
    #expect(try document.annotations(onPage: 0).last == id)
    let options = { () -> SaveOptions in var o = SaveOptions(); o.mode = .incremental; return o }()
    expectError(.unsupported) { () throws(PDFError) in try document.withSavedBytes(options) { (_) throws(PDFError) in 0 } }
    let saved = try document.withSavedBytes(SaveOptions()) { (buffer) throws(PDFError) in Array(buffer) }
    #expect(try Document.open(bytes: saved).annotations(onPage: 0).count == 2)
  }

  @Test func sparseObjectNumbersAreCompacted() throws {
    let document = try Document.open(bytes: Self.withObject(30_000_000, "<< /X 1 >>"))
    guard case .rewritten = document.origin else {
      Issue.record("a file declaring 30 million objects in 1 KB is read from a rewrite")
      return
    }
    #expect(try document.text(ofPage: 0).text.contains("Hello"))
    let size = try document.locked { () throws(PDFError) -> Int in
      document.qpdf.entry(document.qpdf.trailer, "/Size").flatMap { document.qpdf.integer($0) } ?? 0
    }
    #expect(size < 100)
  }

  @Test func aCallThatFailsPartWayIsTakenBack() throws {
    let document = try Document.open(bytes: Self.document())
    let id = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(100, 100, 200, 200))
    let before = try UndoTests.dump(document)
    let steps = document.undoState
    expectError(.internal) { () throws(PDFError) in
      try document.locked { () throws(PDFError) in
        let object = try document.annotationObject(id).object
        try document.writer.set("/Contents", document.qpdf.makeTextString("half"), in: object)
        _ = try document.writer.makeIndirect(document.qpdf.makeDictionary([("/Made", document.qpdf.makeInteger(1))]))
        throw PDFError(.internal, "failing on purpose")
      }
    }
    #expect(try UndoTests.dump(document) == before)
    #expect(document.undoState.canUndo == steps.canUndo && document.undoState.undoLabel == steps.undoLabel)
    #expect(try document.undo())
    #expect(try document.annotations(onPage: 0).isEmpty)
  }

  @Test func undoneCreationsAreMadeAgainNotKept() throws {
    let document = try Document.open(bytes: Self.document())
    func highest() throws -> Int32 {
      try document.locked { () throws(PDFError) -> Int32 in try document.qpdf.reserveObjectNumber() }
    }
    let first = try document.createAnnotation(page: 0, subtype: "Ink", rect: Rect(100, 100, 200, 200))
    try document.undo()
    for _ in 0..<2 {
      _ = try document.createAnnotation(page: 0, subtype: "Ink", rect: Rect(100, 100, 200, 200))
      try document.undo()
    }
    let before = try highest()
    for _ in 0..<50 {
      _ = try document.createAnnotation(page: 0, subtype: "Ink", rect: Rect(100, 100, 200, 200))
      try document.undo()
    }
    #expect(try highest() == before + 1, "no object was made: the emptied ones were made again")
    let second = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(10, 10, 50, 50))
    #expect(second != first)
    expectError(.notFound) { () throws(PDFError) in _ = try document.annotationRect(first) }
    #expect(try document.annotationRect(second) == Rect(10, 10, 50, 50))
    // Saved, the emptied objects do not show.
    let saved = try document.withSavedBytes(SaveOptions()) { (buffer) throws(PDFError) in Array(buffer) }
    #expect(try Document.open(bytes: saved).annotations(onPage: 0).count == 1)
  }

  @Test func redoStillWorksWhileReuseWaits() throws {
    let document = try Document.open(bytes: Self.document())
    let a = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(100, 100, 200, 200))
    try document.undo()
    try document.redo()
    #expect(try document.annotationRect(a) == Rect(100, 100, 200, 200))
    try document.undo()
    let b = try document.createAnnotation(page: 0, subtype: "Circle", rect: Rect(300, 300, 400, 400))
    #expect(!document.undoState.canRedo)
    #expect(try document.annotationSubtype(b) == "Circle")
    try document.undo()
    try document.redo()
    #expect(try document.annotationSubtype(b) == "Circle")
  }
}

/// Saving: read-only targets, and signed documents never rewritten unasked.
@Suite struct SaveSafetyTests {
  @Test func readOnlyFilesNeedTheOption() throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("locked.pdf").path
    let original = ReliabilityTests.document()
    try Data(original).write(to: URL(fileURLWithPath: path))
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    let document = try Document.open(path: path)
    try document.setMetadata("Title", "changed")
    expectError(.permissionDenied) { () throws(PDFError) in try document.save(to: path) }
    #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == original)
    var options = SaveOptions()
    options.overwriteReadOnly = true
    try document.save(to: path, options: options)
    #expect(try Document.open(path: path).metadata("Title") == "changed")
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o444)
  }

  @Test func signedDocumentsAreNeverRewrittenUnasked() throws {
    let document = try Document.open(path: Fixtures.corpusFile("qpdf-digitally-signed.pdf"))
    try document.setMetadata("Title", "changed")
    var options = SaveOptions()
    options.linearize = true
    expectError(.notPermitted) { () throws(PDFError) in try document.withSavedBytes(options) { (_) throws(PDFError) in 0 } }
    options.mode = .full
    #expect(try document.withSavedBytes(options) { (bytes) throws(PDFError) in bytes.count } > 0)
  }
}

/// What callers give is bounded (pdftools.h, "Limits").
@Suite struct LimitTests {
  @Test func coordinatesCountsAndTextAreBounded() throws {
    let document = try Document.open(bytes: ReliabilityTests.document())
    expectError(.invalidArgument) { () throws(PDFError) in
      _ = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(-2e6, 0, 10, 10))
    }
    let id = try document.createAnnotation(page: 0, subtype: "Squiggly", rect: Rect(100, 100, 200, 120))
    let huge = Quad(Point(-1e9, 120), Point(1e9, 120), Point(-1e9, 100), Point(1e9, 100))
    expectError(.invalidArgument) { () throws(PDFError) in try document.updateAnnotation(id, [.quads([huge])]) }
    let quad = Quad(Point(100, 120), Point(200, 120), Point(100, 100), Point(200, 100))
    expectError(.invalidArgument) { () throws(PDFError) in
      try document.updateAnnotation(id, [.quads(Array(repeating: quad, count: Limits.maximumQuads + 1))])
    }
    try document.updateAnnotation(id, [.quads(Array(repeating: quad, count: Limits.maximumQuads))])
    let long = String(repeating: "a", count: Limits.maximumTextBytes + 1)
    expectError(.invalidArgument) { () throws(PDFError) in try document.updateAnnotation(id, [.text(key: "Contents", value: long)]) }
    expectError(.invalidArgument) { () throws(PDFError) in try document.setMetadata("Title", long) }
    expectError(.invalidArgument) { () throws(PDFError) in
      try document.updateAnnotation(id, [.ink([Array(repeating: Point(1, 1), count: Limits.maximumPoints + 1)])])
    }
    #expect(document.undoState.undoLabel == "Change Quads")
  }
}
