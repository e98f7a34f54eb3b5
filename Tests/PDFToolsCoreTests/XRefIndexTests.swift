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
    // Sections are what this checks: no layer drawn over a kept view.
    document.drawsAnnotationLayers = false
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

  /// A one-page PDF: the catalog (1), pages (2) and page (3), then `xref` made from their
  /// offsets and its own, ending with startxref.
  private static func pdf(xref: ([Int: Int], Int) -> String) -> [UInt8] {
    var out = "%PDF-1.7\n"
    var offsets: [Int: Int] = [:]
    let objects = [(1, "<< /Type /Catalog /Pages 2 0 R >>"), (2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>"),
      (3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>")]
    for (number, body) in objects {
      offsets[number] = out.utf8.count
      out += "\(number) 0 obj\n\(body)\nendobj\n"
    }
    let start = out.utf8.count
    out += xref(offsets, start) + "\nstartxref\n\(start)\n%%EOF\n"
    return Array(out.utf8)
  }

  /// A table of objects 0..<`count` (those not in `offsets` free) and a trailer with `trailer`.
  private static func table(_ offsets: [Int: Int], count: Int, trailer: String = "") -> String {
    var text = "xref\n0 \(count)\n"
    for number in 0..<count {
      if let offset = offsets[number] {
        let digits = String(offset)
        text += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
      } else {
        text += number == 0 ? "0000000000 65535 f \n" : "0000000000 00000 f \n"
      }
    }
    return text + "trailer\n<< /Size \(count) /Root 1 0 R\(trailer) >>"
  }

  /// The bytes as a chain.
  private static func chain(_ bytes: [UInt8]) throws -> ByteChain {
    ByteChain(try #require(bytes.withUnsafeBytes { OwnedBytes(copying: $0) }))
  }

  /// An xref stream may give an offset near Int.max (8-byte fields) for an object nothing
  /// uses: reading it gives up instead of overflowing, and editing the file still shows it.
  @Test func anOffsetBeyondFourGiBGivesUp() throws {
    var head = "%PDF-1.7\n"
    var offsets: [Int] = [0]
    for body in [
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
    ] {
      offsets.append(head.utf8.count)
      head += "\(offsets.count - 1) 0 obj\n\(body)\nendobj\n"
    }
    let xrefOffset = head.utf8.count
    var rows: [UInt8] = []
    func row(_ type: UInt8, _ second: UInt64, _ third: UInt16) {
      rows.append(type)
      for shift in stride(from: 56, through: 0, by: -8) { rows.append(UInt8((second >> UInt64(shift)) & 0xFF)) }
      rows += [UInt8(third >> 8), UInt8(third & 0xFF)]
    }
    row(0, 0, 65_535)
    for offset in offsets.dropFirst() { row(1, UInt64(offset), 0) }
    row(1, UInt64(xrefOffset), 0)
    row(1, 0x7FFF_FFFF_FFFF_FFF0, 0)
    var file = Array(head.utf8)
    file += Array("4 0 obj\n<< /Type /XRef /Size 6 /W [1 8 2] /Root 1 0 R /Length \(rows.count) >>\nstream\n".utf8)
    file += rows
    file += Array("\nendstream\nendobj\nstartxref\n\(xrefOffset)\n%%EOF\n".utf8)
    #expect(XRefIndex.read(try Self.chain(file)) == nil)
    let document = try Document.open(bytes: file)
    _ = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(10, 10, 50, 50))
    let size = try document.renderSize(ofPage: 0, scale: 1)
    var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
    try pixels.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      try document.render(page: 0, options: RenderOptions(), into: base, width: size.width, height: size.height, stride: size.width * 4)
    }
    #expect(pixels.contains { $0 != 0xFF }, "the square shows")
  }

  /// Rows repeated past the budget give up before they take memory.
  @Test func repeatedRowsGiveUp() throws {
    let runs = String(repeating: "0 4096 ", count: 4000)
    let data = [UInt8](repeating: 0, count: 4096 * 4000 * 2)
    let packed = try #require(Flate.compress(data))
    var file = Array("%PDF-1.7\n".utf8)
    let xrefOffset = file.count
    file += Array("1 0 obj\n<< /Type /XRef /Size 4096 /W [1 0 1] /Index [\(runs)] /Filter /FlateDecode /Length \(packed.count) >>\nstream\n".utf8)
    file += packed
    file += Array("\nendstream\nendobj\nstartxref\n\(xrefOffset)\n%%EOF\n".utf8)
    #expect(XRefIndex.read(try Self.chain(file)) == nil)
  }

  /// A trailer that crosses the first window's end is read from a larger window.
  @Test(arguments: [-6, -2, -1, 0, 1, 5]) func aSectionCrossingTheWindowIsRead(_ nudge: Int) throws {
    // "xref\n0 N\n" + 20 N bytes + "trailer\n<< /Size N /Root 1 0 R /ID [<" lands the /ID at 64 KiB.
    let count = 3270
    let prefix = "xref\n0 \(count)\n".utf8.count + 20 * count + "trailer\n<< /Size \(count) /Root 1 0 R /ID [".utf8.count
    let pad = max(0, (64 << 10) - prefix + nudge)
    let id = "<" + String(repeating: "ab", count: 16) + ">"
    let file = Self.pdf { offsets, _ in
      Self.table(offsets, count: count, trailer: " /Pad (" + String(repeating: "x", count: pad) + ") /ID [\(id)\(id)]")
    }
    let index = try #require(XRefIndex.read(try Self.chain(file)))
    #expect(index.count == count)
  }

  /// An object numbered past what a row holds: the writer points the section back with /Prev
  /// and returns no index, so the view's next sections point back too.
  @Test func anObjectNumberPastTheRowsFallsBackToPrev() throws {
    let base = try chain("pdf20-simple.pdf")
    let index = try #require(XRefIndex.read(base))
    let qpdf = QPDF()
    defer { qpdf.releaseHandles() }
    try qpdf.read(try owned("pdf20-simple.pdf"), description: "simple", password: [])
    var writer = IncrementalWriter(qpdf: qpdf, base: base)
    writer.streamNumber = { () throws(PDFError) -> Int32 in 50 }
    writer.fullIndex = index
    let listed = try writer.update(objects: [ObjectIdentity(number: 1, generation: 0)])
    #expect(listed.index != nil && !String(decoding: listed.bytes, as: UTF8.self).contains("/Prev"))
    let far = ObjectIdentity(number: Int32(XRefIndex.maximumEntries), generation: 0)
    let update = try writer.update(objects: [ObjectIdentity(number: 1, generation: 0), far])
    #expect(update.index == nil)
    #expect(String(decoding: update.bytes, as: UTF8.self).contains("/Prev"))
  }
}

/// Where qpdf finds the header and the last cross-reference section, and what a damaged row
/// means to it: the index reads the same.
@Suite struct XRefIndexAsQPDFReadsTests {
  @Test func theHeaderIsTheFirstWithAVersion() {
    func offset(_ text: String) -> Int { IncrementalWriter.headerOffset(Array(text.utf8)) }
    #expect(offset("%PDF-1.7\n") == 0)
    #expect(offset("junk\n%PDF-1.4\n") == 5)
    #expect(offset("%PDF-x.x\n%PDF-17\n%PDF-   \n%PDF-2.0\n") == 26)
    #expect(offset("%PDF-\n") == 0, "none has a version: offsets count from the start")
  }

  @Test func theLastStartxrefIsTheLastAWholeIntegerFollows() {
    func found(_ text: String) -> Int? { IncrementalWriter.lastStartXref(Array(text.utf8)) }
    #expect(found("startxref\n100\n%%EOF\n") == 100)
    #expect(found("startxref % a comment\n +100\n%%EOF") == 100)
    #expect(found("startxref\n100\n%%EOF\nstartxref\n440.0\n%%EOF\n") == 100)
    #expect(found("startxref\n100\n%%EOF\nstartxref 440x\n%%EOF\n") == 100)
    #expect(found("startxref\n100\n%%EOF\nstartxref 440endobj") == 100)
    #expect(found("startxref\n%%EOF\n") == nil)
  }

  /// A newer section's row with offset 0 hides the object's older row: qpdf reads the object
  /// as null, and so does the index (and the listing read from the bytes).
  @Test func aRowWithOffsetZeroHidesTheOlderOne() throws {
    var bytes = Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>",
      "<< /Type /Annot /Subtype /Square /Rect [1 1 9 9] >>",
    ])
    let previous = try #require(IncrementalWriter.lastStartXref(bytes))
    let start = bytes.count
    bytes += Array(
      "xref\n4 1\n0000000000 00000 n \ntrailer\n<< /Size 5 /Root 1 0 R /Prev \(previous) >>\nstartxref\n\(start)\n%%EOF\n"
        .utf8)
    let chain = ByteChain(try #require(bytes.withUnsafeBytes { OwnedBytes(copying: $0) }))
    let index = try #require(XRefIndex.read(chain))
    #expect(index.entry(4) == .free(generation: 0))
    let document = try Document.open(bytes: bytes)
    let (listed, byQPDF) = try document.locked { () throws(PDFError) in
      (document.annotationsFromBytes(0)?.objects, document.qpdf.isDictionary(document.qpdf.object(ObjectIdentity(number: 4, generation: 0))))
    }
    #expect(!byQPDF, "qpdf reads object 4 as null")
    #expect(listed == [])
  }

  /// Rows and object headers written as the standard has them are read by a shortcut; those
  /// written otherwise (rows with other spacing, headers with leading zeros, line breaks or a
  /// comment) are read as before, to the same entries, and a header naming another object
  /// still makes the index give up.
  @Test func rowsAndHeadersWrittenOtherwiseReadTheSame() throws {
    let headers = ["1 0 obj\n", "0002 0 obj\n", "3\n0\r\nobj ", "4 %note\n0 obj\n", "5 0 obj<<"]
    var out = "%PDF-1.7\n"
    var offsets: [Int] = [0]
    let bodies = [
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Annots [4 0 R 5 0 R] >>",
      "<< /Type /Annot /Subtype /Square /Rect [1 1 9 9] >>", " /Type /Annot /Subtype /Circle /Rect [2 2 8 8] >>",
    ]
    for (header, body) in zip(headers, bodies) {
      offsets.append(out.utf8.count)
      out += header + body + "\nendobj\n"
    }
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: width - digits.count) + digits
    }
    func chain(_ bytes: [UInt8]) throws -> ByteChain {
      ByteChain(try #require(bytes.withUnsafeBytes { OwnedBytes(copying: $0) }))
    }
    func file(_ rows: [String]) -> [UInt8] {
      let start = out.utf8.count
      return Array((out + "xref\n0 6\n" + rows.joined() + "trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n\(start)\n%%EOF\n").utf8)
    }
    let standard = ["0000000000 65535 f\r\n"] + offsets.dropFirst().map { padded($0, 10) + " 00000 n \n" }
    let otherwise = ["0 65535 f\n"] + offsets.dropFirst().enumerated().map { index, offset in
      index % 2 == 0 ? "\(offset) 0 n\n" : padded(offset, 10) + "  00000 n\r\n"
    }
    for rows in [standard, otherwise] {
      let index = try #require(XRefIndex.read(try chain(file(rows))), "\(rows)")
      #expect(index.count == 6)
      #expect(index.entry(0) == .free(generation: 65_535))
      for number in 1...5 { #expect(index.entry(number) == .inFile(offset: offsets[number], generation: 0)) }
    }
    var wrong = standard
    wrong[4] = padded(offsets[5], 10) + " 00000 n \n"
    #expect(XRefIndex.read(try chain(file(wrong))) == nil, "row 4 points at object 5")
    var generation = standard
    generation[5] = padded(offsets[5], 10) + " 00001 n \n"
    #expect(XRefIndex.read(try chain(file(generation))) == nil, "object 5 has generation 0")
    var far = standard
    far[5] = "9999999999 00000 n \n"
    #expect(XRefIndex.read(try chain(file(far))) == nil, "an offset past 4 GiB does not fit a row")
  }
}
