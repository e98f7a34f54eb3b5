// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF
import Foundation
import Testing

@testable import PDFToolsCore

/// Where every object of a file is, read from its own cross-reference sections; view sections
/// list every object with it, so poppler never reads the base's sections again.
@Suite struct XRefIndexTests {
  /// The bytes of a corpus file.
  private func owned(_ name: String) throws -> OwnedBytes {
    let data = try #require(FileManager.default.contents(atPath: Fixtures.corpusFile(name)))
    return try #require(Array(data).withUnsafeBytes { OwnedBytes(copying: $0) })
  }

  /// The bytes of a corpus file as a chain.
  private func chain(_ name: String) throws -> ByteChain { ByteChain(try owned(name)) }

  /// Files of every kind of section: tables, streams with PNG predictors and object streams,
  /// several revisions, a hybrid-free linearized file, bytes before the header, encryption.
  static let wellFormed = [
    "pdf20-simple.pdf", "qpdf-object-streams.pdf", "qpdf-linearized-objstm.pdf", "pdfium-linearized.pdf",
    "qpdf-incremental-3-revisions.pdf", "pdfbox-acroform-9-revisions.pdf", "pdf20-with-offset-start.pdf",
    "qpdf-enc-r6-aes256.pdf", "pdfjs-tracemonkey.pdf",
  ]

  @Test(arguments: wellFormed) func readsTheSectionsOfWellFormedFiles(_ name: String) throws {
    let index = try #require(XRefIndex.read(try chain(name)))
    let qpdf = QPDF()
    defer { qpdf.releaseHandles() }
    try qpdf.read(try owned(name), description: name, password: name.hasPrefix("qpdf-enc") ? Array("view".utf8) : [])
    let first: Bool = if case .free? = index.entry(0) { true } else { false }
    #expect(first, "object 0 heads the free list")
    var objects = 0
    for number in 1..<index.count {
      let generation: Int
      switch index.entry(number) {
      case .inFile(_, let value)?: generation = value
      case .inStream?: generation = 0
      case .free?, nil: continue
      }
      objects += 1
      let object = qpdf_get_object_by_id(qpdf.data, Int32(number), Int32(generation))
      #expect(qpdf_oh_is_null(qpdf.data, object) == QPDF_FALSE, "\(name): object \(number) \(generation) is listed but qpdf finds nothing there")
    }
    #expect(objects > 5, "\(name): \(objects) objects")
  }

  @Test func readsObjectStreams() throws {
    let index = try #require(XRefIndex.read(try chain("qpdf-object-streams.pdf")))
    let compressed = (0..<index.count).filter { if case .inStream? = index.entry($0) { true } else { false } }
    #expect(compressed.count > 10)
    for number in compressed {
      guard case .inStream(let stream, _)? = index.entry(number) else { continue }
      guard case .inFile? = index.entry(stream) else {
        Issue.record("object \(number) is in object stream \(stream), which is not in the file")
        continue
      }
    }
  }

  /// Files whose sections are missing, point at the wrong bytes or cannot be read are shown
  /// through /Prev as before.
  @Test(arguments: [
    "qpdf-bad2-no-startxref.pdf", "qpdf-bad3-bad-xref-offset.pdf", "pdfjs-xref-command-missing.pdf",
    "qpdf-hybrid-xref.pdf", "derived-pdfium-linearized-truncated.pdf", "qpdf-bad1-not-a-pdf.pdf",
  ])
  func givesUpWhereTheSectionsDoNotHold(_ name: String) throws {
    #expect(XRefIndex.read(try chain(name)) == nil)
  }

  @Test func recordsWhatASectionWrites() throws {
    var index = try #require(XRefIndex.read(try chain("pdf20-simple.pdf")))
    let count = index.count
    let moved = index.record(3, generation: 0, offset: 123_456)
    #expect(moved && index.entry(3) == .inFile(offset: 123_456, generation: 0))
    let added = index.record(count + 5, generation: 1, offset: 99)
    #expect(added && index.count == count + 6 && index.entry(count + 5) == .inFile(offset: 99, generation: 1))
    #expect(index.entry(count + 1) == .free(generation: 0), "the numbers skipped are free")
    let far = index.record(7, generation: 0, offset: 1 << 33)
    #expect(!far, "an offset past 4 GiB does not fit a row")
  }

  /// After an edit, the view's section lists every object and has no /Prev, and poppler shows
  /// the same pixels as a full write of the document.
  @Test(arguments: wellFormed) func viewSectionsListEveryObject(_ name: String) throws {
    let password = name.hasPrefix("qpdf-enc") ? "view" : nil
    let document = try Document.open(path: Fixtures.corpusFile(name), password: password)
    let size = try document.renderSize(ofPage: 0, scale: 0.5)
    func render(_ document: Document) throws -> [UInt8] {
      var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
      try pixels.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        var options = RenderOptions()
        options.scale = 0.5
        try document.render(
          page: 0, options: options, into: base, width: size.width, height: size.height, stride: size.width * 4)
      }
      return pixels
    }
    _ = try render(document)
    let page = try document.pageSize(0)
    _ = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(10, 10, page.width / 2, page.height / 2))
    let shown = try render(document)
    let section = try document.locked { () throws(PDFError) -> [UInt8]? in
      guard let chain = document.popplerChain, chain.sections == 1, let last = chain.bytes.parts.last else { return nil }
      return Array(last.buffer)
    }
    let text = String(decoding: try #require(section, "one section"), as: UTF8.self)
    #expect(text.contains("/Type /XRef") && !text.contains("/Prev"), "\(name): the section lists every object")
    let saved = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) }
    #expect(shown == (try render(Document.open(bytes: saved, password: password))), "\(name): as a full write shows it")
  }
}
