// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF
import Foundation
import Testing

@testable import PDFToolsCore

/// New objects are numbered past what the file's cross-reference sections list, without qpdf
/// parsing every object of the file first, and never take a number qpdf gave.
@Suite struct ObjectNumberingTests {
  /// A one-page file whose object 5, which nothing refers to, is a stream with a wrong
  /// /Length: qpdf warns when it parses it.
  static let file = Fixtures.pdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>",
    "<< /Length 8 >>\nstream\n0 0 m S\n\nendstream",
    "<< /Length 400 >>\nstream\nnot that long\nendstream",
  ])

  /// The value qpdf holds for `object`.
  private func unparsed(_ qpdf: QPDF, _ object: qpdf_oh) -> String {
    String(cString: qpdf_oh_unparse_resolved(qpdf.data, object))
  }

  @Test func newObjectsLeaveTheRestOfTheFileUnread() throws {
    let document = try Document.open(bytes: Self.file)
    try document.locked { () throws(PDFError) in
      let qpdf = document.qpdf
      _ = qpdf.drainWarnings()
      let stream = try document.writer.makeStream(Array("1 0 0 RG".utf8), dictionary: [])
      let value = try document.writer.makeIndirect(qpdf.makeDictionary([("/A", qpdf.makeInteger(1))]))
      #expect(qpdf.identity(stream)?.number == 6, "the first number past the file's")
      #expect(qpdf.identity(value)?.number == 7)
      #expect(qpdf.drainWarnings().isEmpty, "the damaged object 5 was not parsed")
      var filtered: QPDF_BOOL = QPDF_FALSE
      var buffer: UnsafeMutablePointer<UInt8>? = nil
      var length = 0
      _ = qpdf_oh_get_stream_data(qpdf.data, stream, qpdf_dl_generalized, &filtered, &buffer, &length)
      defer { free(buffer) }
      #expect(buffer.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } == "1 0 0 RG")
      #expect(unparsed(qpdf, value) == "<< /A 1 >>")
    }
  }

  /// Streams numbered here cost more each than qpdf's parse of two objects: past half the
  /// file's object count, numbering goes back to qpdf, which parses the file once.
  @Test func manyStreamsGoBackToQPDFsNumbering() throws {
    let document = try Document.open(bytes: Self.file)
    try document.locked { () throws(PDFError) in
      let qpdf = document.qpdf
      _ = qpdf.drainWarnings()
      var numbers: [Int32] = []
      var parsed: [Bool] = []
      for _ in 0..<6 {
        let stream = try document.writer.makeStream(Array("0 g".utf8), dictionary: [])
        numbers.append(qpdf.identity(stream)?.number ?? 0)
        parsed.append(!qpdf.drainWarnings().isEmpty)
      }
      #expect(numbers == Array(6...11))
      // The file has six object numbers (0 to 5): three streams after the first are made here.
      #expect(parsed == [false, false, false, false, true, false], "the damaged object 5 is parsed once, then")
    }
  }

  @Test func qpdfsOwnNumbersAreNotTaken() throws {
    let document = try Document.open(bytes: Self.file)
    try document.locked { () throws(PDFError) in
      let qpdf = document.qpdf
      let mine = try document.writer.makeIndirect(qpdf.makeDictionary([("/Mine", qpdf.makeInteger(1))]))
      // qpdf numbering an object of its own accord (as its page listing can) parses every
      // object and numbers past all it holds, ours included.
      let theirs = qpdf_make_indirect_object(qpdf.data, qpdf.makeDictionary([("/Theirs", qpdf.makeInteger(2))]))
      let next = try document.writer.makeIndirect(qpdf.makeDictionary([("/Next", qpdf.makeInteger(3))]))
      let stream = try document.writer.makeStream(Array("q Q".utf8), dictionary: [])
      let numbers = [mine, theirs, next, stream].compactMap { qpdf.identity($0)?.number }
      #expect(numbers.count == 4 && Set(numbers).count == 4, "\(numbers)")
      #expect(numbers[1] == numbers[0] + 1)
      #expect(unparsed(qpdf, qpdf.object(ObjectIdentity(number: numbers[0], generation: 0))) == "<< /Mine 1 >>")
      #expect(unparsed(qpdf, qpdf.object(ObjectIdentity(number: numbers[1], generation: 0))) == "<< /Theirs 2 >>")
      #expect(unparsed(qpdf, qpdf.object(ObjectIdentity(number: numbers[2], generation: 0))) == "<< /Next 3 >>")
    }
  }

  @Test func annotationsSavedIncrementallyAndInFullReadBack() throws {
    let document = try Document.open(bytes: Self.file)
    let id = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(20, 20, 120, 120))
    try document.updateAnnotation(id, [.text(key: "Contents", value: "numbered here")])
    var options = SaveOptions()
    options.mode = .incremental
    let appended = try document.withSavedBytes(options) { (bytes) throws(PDFError) in Array(bytes) }
    #expect(appended.starts(with: Self.file))
    options.mode = .full
    // Two full writes, then new objects again (qpdf forgets the name of the bytes it read on
    // its second write).
    let full = try document.withSavedBytes(options) { (bytes) throws(PDFError) in Array(bytes) }
    _ = try document.withSavedBytes(options) { (bytes) throws(PDFError) in bytes.count }
    let second = try document.createAnnotation(page: 0, subtype: "Circle", rect: Rect(40, 40, 90, 90))
    let after = try document.withSavedBytes(options) { (bytes) throws(PDFError) in Array(bytes) }
    for bytes in [appended, full] {
      let reopened = try Document.open(bytes: bytes)
      let ids = try reopened.annotations(onPage: 0)
      #expect(ids.count == 1)
      let only = try #require(ids.first)
      #expect(try reopened.annotationProperties(only).contents == "numbered here")
      #expect(try !Fixtures.appearanceContent(reopened, only).isEmpty, "the appearance stream is there")
    }
    let reopened = try Document.open(bytes: after)
    #expect(try reopened.annotations(onPage: 0).count == 2)
    #expect(try document.annotationProperties(second).subtype == "Circle")
  }

  @Test func pagesCopiedFromAnotherDocumentKeepQPDFsNumbers() throws {
    let document = try Document.open(bytes: Self.file)
    let first = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(20, 20, 120, 120))
    let source = try Document.open(path: Fixtures.corpusFile("pdf20-simple.pdf"))
    try document.insertPages(from: source, pages: [0], at: 1)
    let second = try document.createAnnotation(page: 1, subtype: "Circle", rect: Rect(20, 20, 120, 120))
    var options = SaveOptions()
    options.mode = .incremental
    let saved = try document.withSavedBytes(options) { (bytes) throws(PDFError) in Array(bytes) }
    let reopened = try Document.open(bytes: saved)
    #expect(reopened.pageCount == 2)
    #expect(try reopened.annotations(onPage: 0).count == 1)
    #expect(try reopened.annotations(onPage: 1).count == 1)
    #expect(try document.annotationProperties(first).subtype == "Square")
    #expect(try document.annotationProperties(second).subtype == "Circle")
    #expect(try reopened.text(ofPage: 1).text == (try source.text(ofPage: 0).text))
  }
}
