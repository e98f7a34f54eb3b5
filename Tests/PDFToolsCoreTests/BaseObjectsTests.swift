// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import CQPDF

@testable import PDFToolsCore

/// Unchanged objects read straight from the document's bytes: page geometry taken that way is
/// what qpdf reads, and anything not plainly written is left to qpdf.
@Suite struct BaseObjectsTests {
  /// The geometry read from the bytes and through qpdf, field by field.
  private func same(_ a: PageGeometry, _ b: PageGeometry) -> Bool {
    a.mediaBox == b.mediaBox && a.cropBox == b.cropBox && a.rotation == b.rotation && a.userUnit == b.userUnit
  }

  /// Calls `check` under the lock for the first 300 pages of every corpus file that opens;
  /// `check` returns false for a page whose `what` the bytes do not hold plainly. Expects more
  /// than 300 pages read from the bytes in all, the plain files among them.
  private func checkCorpusPagesReadFromTheBytes(
    _ what: String, _ check: (_ entry: Fixtures.CorpusEntry, _ document: Document, _ index: Int) throws(PDFError) -> Bool
  ) throws {
    var read = 0
    var readPerFile: [String: Int] = [:]
    for entry in Fixtures.manifest where entry.expect != "error" {
      guard let document = try? Document.open(path: Fixtures.corpusFile(entry.name), password: entry.userPassword)
      else { continue }
      try document.locked { () throws(PDFError) in
        for index in 0..<min(document.pageTree.count, 300) {
          guard try check(entry, document, index) else { continue }
          read += 1
          readPerFile[entry.name, default: 0] += 1
        }
      }
    }
    #expect(read > 300, "\(read) pages' \(what) read from the bytes")
    for name in ["pdf20-simple.pdf", "pdfjs-tracemonkey.pdf", "qpdf-incremental-3-revisions.pdf"] {
      #expect(readPerFile[name] != nil, "\(name): \(what) read from its bytes")
    }
  }

  /// Every page of every corpus file that opens: where the bytes are read, they give qpdf's
  /// geometry; and the plain files are read from their bytes at all.
  @Test func pageGeometryFromTheBytesIsQPDFs() throws {
    try checkCorpusPagesReadFromTheBytes("geometry") { entry, document, index throws(PDFError) -> Bool in
      guard let fromBytes = document.geometryFromBytes(index) else { return false }
      let throughQPDF = try document.geometryThroughQPDF(index)
      #expect(
        same(fromBytes, throughQPDF),
        "\(entry.name) page \(index): \(fromBytes.mediaBox) \(fromBytes.cropBox) \(fromBytes.rotation) against \(throughQPDF.mediaBox) \(throughQPDF.cropBox) \(throughQPDF.rotation)"
      )
      return true
    }
  }

  /// Every page of every corpus file that opens: where a page's content is read from the bytes,
  /// it is what qpdf reads, and a first look that finds no turned text there agrees with
  /// qpdf's reading (resources and forms included); plain files are read from their bytes.
  @Test func pageContentFromTheBytesIsQPDFs() throws {
    try checkCorpusPagesReadFromTheBytes("content") { entry, document, index throws(PDFError) -> Bool in
      guard let fromBytes = document.contentFromBytes(index) else { return false }
      let qpdf = document.qpdf
      var buffer: UnsafeMutablePointer<UInt8>? = nil
      var length = 0
      _ = qpdf_oh_get_page_content_data(qpdf.data, try document.pageObject(index), &buffer, &length)
      defer { free(buffer) }
      qpdf.discardError()
      let throughQPDF = buffer.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
      let same = fromBytes == throughQPDF
      #expect(same, "\(entry.name) page \(index): \(fromBytes.count) bytes against \(throughQPDF.count)")
      if !TurnedTextScanner.mayHaveTurnedText(fromBytes) {
        #expect(document.turnedGlyphsThroughQPDF(index).isEmpty, "\(entry.name) page \(index)")
      }
      return true
    }
  }

  /// A page whose content changed is read through qpdf.
  @Test func changedContentIsNotReadFromTheBytes() throws {
    let document = try Document.open(path: Fixtures.corpusFile("pdfjs-annotation-square-circle.pdf"))
    let before = try document.locked { () throws(PDFError) -> Bool in document.contentFromBytes(0) != nil }
    #expect(before)
    #expect(try document.flatten() > 0)
    let after = try document.locked { () throws(PDFError) -> Bool in document.contentFromBytes(0) == nil }
    #expect(after, "the flattened page's content is new")
  }

  /// Every page of every unencrypted corpus file: the annotations listed from the bytes are
  /// those qpdf lists, and their summaries read from the bytes are qpdf's.
  @Test func annotationsFromTheBytesAreQPDFs() throws {
    var listed = 0
    var summarized = 0
    for entry in Fixtures.manifest where entry.expect != "error" {
      guard let document = try? Document.open(path: Fixtures.corpusFile(entry.name), password: entry.userPassword)
      else { continue }
      try document.locked { () throws(PDFError) in
        let qpdf = document.qpdf
        for index in 0..<min(document.pageTree.count, 100) {
          guard let read = document.annotationsFromBytes(index) else { continue }
          let page = try document.pageObject(index)
          let items = qpdf.entry(page, "/Annots").flatMap { qpdf.items($0) } ?? []
          let expected = items.filter { qpdf.isDictionary($0) }.compactMap { qpdf.identity($0) }
          #expect(read.objects == expected, "\(entry.name) page \(index)")
          #expect(read.page == qpdf.identity(page))
          listed += read.objects.count
          for (position, object) in read.objects.enumerated() {
            guard let fromBytes = document.summaryFromBytes(object, id: Int64(position)) else { continue }
            let throughQPDF = document.summaryThroughQPDF(object, id: Int64(position))
            #expect(fromBytes == throughQPDF, "\(entry.name) page \(index) annotation \(position)")
            summarized += 1
          }
        }
      }
    }
    #expect(listed > 100 && summarized > 100, "\(listed) listed, \(summarized) summarized from the bytes")
  }

  /// Summaries of annotations in every plain spelling, and of those left to qpdf.
  @Test func annotationSummariesFromTheBytes() throws {
    let plain = [
      "/Subtype /Square /Rect [10 20 110.5 220]",
      "/Subtype /Text /Rect [0 0 1 1] /F 4 /C [0.5] /CA .5 /Contents (Note \\(1\\)\\n) /IRT 4 0 R",
      "/Subtype /Ink /Rect [0 0 1 1] /F -3 /C [0 0.25 0.5 0.1] /Contents <48656C6C6F>",
      "/Rect [0 0 1 1] /C [] /F 2.0",
    ]
    let left = [
      "/Subtype /Square /Rect 5 0 R", "/Subtype /Square /Rect [0 0 1]", "/Subtype 5 0 R",
      "/Subtype /Text /Rect [0 0 1 1] /Contents <FEFF00410042>", "/Subtype /Text /Rect [0 0 1 1] /Contents (caf\\351)",
      "/Subtype /Text /Rect [0 0 1 1] /F 2.5", "/Subtype /Text /Rect [0 0 1 1] /CA null",
      // What qpdf does not read as written: a bad hex string, a NUL in a name, an integer
      // past 64 bits.
      "/Subtype /Text /Rect [0 0 1 1] /Contents <41g42>", "/Subtype /Te#00xt /Rect [0 0 1 1]",
      "/Subtype /Square /Rect [0 0 1 100000000000000000000]",
    ]
    for (entries, expectRead) in plain.map({ ($0, true) }) + left.map({ ($0, false) }) {
      let bytes = Fixtures.pdf([
        "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [0 0 R 4 0 R 5 0 R 6 0 R 9 0 R] >>",
        "<< /Type /Annot \(entries) >>", "[0 0 50 50]", "null",
      ])
      let document = try Document.open(bytes: bytes)
      let annotation = ObjectIdentity(number: 4, generation: 0)
      let (listed, listedByQPDF, fromBytes, throughQPDF) = try document.locked { () throws(PDFError) in
        (
          document.annotationsFromBytes(0)?.objects,
          document.qpdf.isDictionary(document.qpdf.object(annotation)) ? [annotation] : [],
          document.summaryFromBytes(annotation, id: 1), document.summaryThroughQPDF(annotation, id: 1)
        )
      }
      #expect(listed == listedByQPDF, "\(entries): only what qpdf reads as a dictionary is listed")
      if expectRead { #expect(listed == [annotation], "\(entries)") }
      #expect((fromBytes != nil) == expectRead, "\(entries)")
      if let fromBytes { #expect(fromBytes == throughQPDF, "\(entries)") }
    }
  }

  /// After an edit, the changed annotation and the page's listing come from qpdf, and show it.
  @Test func changedAnnotationsAreReadThroughQPDF() throws {
    let bytes = Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots 4 0 R >>", "[5 0 R]",
      "<< /Type /Annot /Subtype /Square /Rect [10 10 50 50] /C [1 0 0] >>",
    ])
    let document = try Document.open(bytes: bytes)
    let before = try document.annotationSummaries(onPage: 0)
    #expect(before.map(\.subtype) == ["Square"] && before.first?.color == RGBColor(1, 0, 0))
    let id = try #require(before.first?.id)
    try document.updateAnnotation(id, [.color(RGBColor(0, 0, 1))])
    let added = try document.createAnnotation(page: 0, subtype: "Circle", rect: Rect(100, 100, 200, 200))
    let after = try document.annotationSummaries(onPage: 0)
    #expect(after.map(\.id) == [id, added] && after.first?.color == RGBColor(0, 0, 1))
    let (listing, summary) = try document.locked { () throws(PDFError) in
      (document.annotationsFromBytes(0), document.summaryFromBytes(ObjectIdentity(number: 5, generation: 0), id: id))
    }
    #expect(listing == nil && summary == nil)
  }

  /// A page whose dictionary holds the keys in every plain spelling, then variants that must
  /// be left to qpdf.
  private static func page(_ entries: String) -> [UInt8] {
    Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 /CropBox [0 0 500 700] /Rotate 270 >>",
      "<< /Parent 2 0 R /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> \(entries) >>",
      "[0 0 200 300]",
    ])
  }

  /// The geometry of page 0 of `bytes` from the bytes, nil when left to qpdf.
  private func fromBytes(_ bytes: [UInt8]) throws -> PageGeometry? {
    let document = try Document.open(bytes: bytes)
    return try document.locked { () throws(PDFError) in document.geometryFromBytes(0) }
  }

  /// The geometry of page 0 of `bytes` through qpdf.
  private func throughQPDF(_ bytes: [UInt8]) throws -> PageGeometry {
    let document = try Document.open(bytes: bytes)
    return try document.locked { () throws(PDFError) in try document.geometryThroughQPDF(0) }
  }

  @Test(arguments: [
    "/Type /Page /MediaBox [0 0 612 792]",
    "/Type /Pag#65 /Media#42ox [-10.5 +.5 612. 792.25] /S (a (nested) string \\) ) /H <414243> % a comment\n /Rotate -90",
    "/Type /Page /MediaBox [0 0 612 792] /CropBox [10 10 600 780] /Rotate 90.0 /UserUnit 2",
    "/MediaBox [0 0 612 792] /Contents [4 0 R] /Annots [] /Group << /S /Transparency /CS /DeviceRGB >>",
    "/Type /Page /MediaBox [0 0 612 792] /Rotate -0",
    "/Type /Page /MediaBox [0 0 612 792] /UserUnit 100000",
    "/Type /Page /MediaBox [0 0 612 792] /Big 9223372036854775807 /Small -9223372036854775808 /H < 41 4 >",
  ])
  func plainPagesAreReadFromTheBytes(_ entries: String) throws {
    let bytes = BaseObjectsTests.page(entries)
    let geometry = try #require(try fromBytes(bytes), "read from the bytes: \(entries)")
    #expect(same(geometry, try throughQPDF(bytes)), "\(entries)")
  }

  @Test(arguments: [
    // A box that is a reference, or not four numbers.
    "/Type /Page /MediaBox 4 0 R",
    "/Type /Page /MediaBox [0 0 612]",
    "/Type /Page /MediaBox [0 0 612 4 0 R]",
    "/Type /Page /MediaBox null",
    // A key given twice.
    "/Type /Page /MediaBox [0 0 612 792] /MediaBox [0 0 100 100]",
    // Numbers and names qpdf reads otherwise, or not at all.
    "/Type /Page /MediaBox [0 0 612 792] /Rotate 1e2",
    "/Type /Page /MediaBox [0 0 612 792] /Rotate --90",
    "/Type /Page /MediaBox [0 0 6#12 792]",
    "/Type /Page#2 /MediaBox [0 0 612 792]",
    // Not plainly a page.
    "/Type /Pages /Kids [] /MediaBox [0 0 612 792]",
    "/Type 5 0 R /MediaBox [0 0 612 792]",
    "/Type /Page /MediaBox [0 0 612 792] /Parent 0 0 R",
    // Malformed syntax.
    "/Type /Page /MediaBox [0 0 612 792] /Odd ]",
    // Integers past 64 bits: qpdf does not read the page.
    "/Type /Page /MediaBox [0 0 100000000000000000000 792]",
    "/Type /Page /MediaBox [0 0 612 792] /Big -9223372036854775809",
  ])
  func otherPagesAreLeftToQPDF(_ entries: String) throws {
    #expect(try fromBytes(BaseObjectsTests.page(entries)) == nil, "\(entries)")
  }

  /// A page changed since the bytes were read is read through qpdf, and shows the change.
  @Test func changedPagesAreReadThroughQPDF() throws {
    let document = try Document.open(bytes: BaseObjectsTests.page("/Type /Page /MediaBox [0 0 612 792]"))
    #expect(try document.pageSize(0) == (700, 500), "the parent's /Rotate 270 and /CropBox apply")
    try document.setPageRotation(0, 0)
    let fromBytes = try document.locked { () throws(PDFError) in document.geometryFromBytes(0) }
    #expect(fromBytes == nil)
    #expect(try document.pageSize(0) == (500, 700))
    #expect(try document.undo())
    #expect(try document.pageSize(0) == (700, 500))
  }

  /// Pages in object streams are read from their streams.
  @Test func pagesInObjectStreamsAreRead() throws {
    let document = try Document.open(path: Fixtures.corpusFile("qpdf-object-streams.pdf"))
    let (entry, fromBytes, throughQPDF) = try document.locked {
      () throws(PDFError) -> (XRefIndex.Entry?, PageGeometry?, PageGeometry) in
      let identity = document.pageTree.page(0, document.qpdf)
      let entry = identity.flatMap { try? document.viewBase().index?.entry(Int($0.number)) }
      return (entry, document.geometryFromBytes(0), try document.geometryThroughQPDF(0))
    }
    guard case .inStream? = entry else {
      Issue.record("page 0 is expected in an object stream, not \(String(describing: entry))")
      return
    }
    let read = try #require(fromBytes)
    #expect(same(read, throughQPDF))
  }

  /// The object streams of encrypted documents are encrypted: their objects are left to qpdf.
  @Test func objectStreamsOfEncryptedDocumentsAreLeftToQPDF() throws {
    let document = try Document.open(path: Fixtures.corpusFile("pdfium-encrypted-aes128.pdf"), password: "1234")
    let object = ObjectIdentity(number: 7, generation: 0)
    let (entry, value) = try document.locked { () throws(PDFError) -> (XRefIndex.Entry?, PDFValue?) in
      let base = try document.viewBase()
      return (base.index?.entry(7), base.value(of: object))
    }
    #expect(entry == .inStream(stream: 1, index: 0))
    #expect(value == nil)
  }

  /// A file whose page and annotations lie in an uncompressed object stream listed by a
  /// cross-reference stream; `header` replaces the stream's list of numbers and offsets.
  private static func objectStreamFile(
    firstShift: Int = 0, length: String? = nil, header: ((Int, Int), (Int, Int), (Int, Int)) -> String
  ) -> [UInt8] {
    let objects = [
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Rotate 90 /Annots [5 0 R 6 0 R] >>",
      "<< /Type /Annot /Subtype /Square /Rect [1 2 3 4] /C [0 0 1] >>",
      "<< /Type /Annot /Subtype /Circle /Rect [5 6 7 8] >>",
    ]
    var offsets: [Int] = []
    var body = ""
    for object in objects {
      offsets.append(body.utf8.count)
      body += object + "\n"
    }
    let list = header((4, offsets[0]), (5, offsets[1]), (6, offsets[2])) + "\n"
    let data = list + body
    var out = "%PDF-1.7\n"
    var fileOffsets: [Int: Int] = [:]
    func add(_ number: Int, _ text: String) {
      fileOffsets[number] = out.utf8.count
      out += "\(number) 0 obj\n\(text)\nendobj\n"
    }
    add(1, "<< /Type /Catalog /Pages 2 0 R >>")
    add(2, "<< /Type /Pages /Kids [4 0 R] /Count 1 >>")
    add(3, "<< /Type /ObjStm /N 3 /First \(list.utf8.count + firstShift) /Length \(length ?? String(data.utf8.count)) >>\nstream\n\(data)\nendstream")
    let xref = out.utf8.count
    var rows: [UInt8] = [0, 0, 0, 0, 0, 0xFF, 0xFF]
    for number in 1...7 {
      let (kind, second, third): (UInt8, Int, Int)
      switch number {
      case 1...3: (kind, second, third) = (1, fileOffsets[number] ?? 0, 0)
      case 4...6: (kind, second, third) = (2, 3, number - 4)
      default: (kind, second, third) = (1, xref, 0)
      }
      rows += [kind, UInt8(second >> 24 & 0xFF), UInt8(second >> 16 & 0xFF), UInt8(second >> 8 & 0xFF), UInt8(second & 0xFF)]
      rows += [UInt8(third >> 8 & 0xFF), UInt8(third & 0xFF)]
    }
    var bytes = Array(out.utf8)
    bytes += Array("7 0 obj\n<< /Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R /Length \(rows.count) >>\nstream\n".utf8)
    bytes += rows
    bytes += Array("\nendstream\nendobj\nstartxref\n\(xref)\n%%EOF\n".utf8)
    return bytes
  }

  @Test func objectsAreReadFromTheirObjectStream() throws {
    let bytes = BaseObjectsTests.objectStreamFile { "\($0.0) \($0.1) \($1.0) \($1.1) \($2.0) \($2.1)" }
    let document = try Document.open(bytes: bytes)
    #expect(!document.wasRepaired)
    let (geometry, throughQPDF, listed, summary) = try document.locked {
      () throws(PDFError) -> (PageGeometry?, PageGeometry, [ObjectIdentity]?, AnnotationSummary?) in
      (
        document.geometryFromBytes(0), try document.geometryThroughQPDF(0), document.annotationsFromBytes(0)?.objects,
        document.summaryFromBytes(ObjectIdentity(number: 5, generation: 0), id: 7)
      )
    }
    let read = try #require(geometry)
    #expect(same(read, throughQPDF) && read.rotation == 90)
    #expect(listed == [ObjectIdentity(number: 5, generation: 0), ObjectIdentity(number: 6, generation: 0)])
    #expect(summary?.subtype == "Square" && summary?.color == RGBColor(0, 0, 1))
  }

  /// A stream whose list names an object twice, or not where the cross-reference data says,
  /// lists offsets out of order, or runs on past /First, or whose /Length is an object inside
  /// it, is left to qpdf.
  @Test(arguments: ["twice", "swapped", "unordered", "past /First", "own length"])
  func oddObjectStreamsAreLeftToQPDF(_ kind: String) throws {
    let bytes = BaseObjectsTests.objectStreamFile(
      firstShift: kind == "past /First" ? -3 : 0, length: kind == "own length" ? "5 0 R" : nil
    ) { page, square, circle in
      switch kind {
      case "twice": "\(page.0) \(page.1) \(page.0) \(square.1) \(circle.0) \(circle.1)"
      case "swapped": "\(square.0) \(page.1) \(page.0) \(square.1) \(circle.0) \(circle.1)"
      default: "\(page.0) \(square.1) \(square.0) \(page.1) \(circle.0) \(circle.1)"
      }
    }
    let document = try Document.open(bytes: bytes)
    let geometry = try document.locked { () throws(PDFError) in document.geometryFromBytes(0) }
    #expect(geometry == nil)
  }

  /// The reader's numbers and names.
  @Test func readsNumbersAndNamesAsPDFSpellsThem() {
    func value(_ text: String) -> PDFValue? {
      var cursor = PDFCursor(Array((text + " ").utf8))
      return cursor.value()
    }
    #expect(value("42") == .integer(42))
    #expect(value("-42") == .real(-42))
    #expect(value("+.5") == .real(0.5))
    #expect(value("-.25") == .real(-0.25))
    #expect(value("5.") == .real(5))
    #expect(value("-0")?.number == 0 && value("-0")?.number?.sign == .plus)
    #expect(value("true") == .other && value("false") == .other && value("null") == .other)
    // Other bare words make qpdf warn ("unknown token"): they are left to it.
    #expect(value("1e5") == nil)
    #expect(value("1.2.3") == nil)
    #expect(value("5-") == nil)
    #expect(value("abc") == nil)
    #expect(value("[1 abc]") == nil)
    #expect(value("<< /A 1 /A 2 >>") == nil, "a key given twice makes qpdf warn")
    #expect(value("12 3 R") == .reference(ObjectIdentity(number: 12, generation: 3)))
    #expect(value("/A#20B") == .name("A B"))
    #expect(value("/A#2") == nil)
    #expect(value("/A#00B") == nil)
    #expect(value("100000000000000000000") == nil && value("-9223372036854775809") == nil)
    #expect(value("9223372036854775807") == .real(9_223_372_036_854_775_807))
    #expect(value("<41 4\n2>") == .string([0x41, 0x42]))
    #expect(value("<41g42>") == nil)
    #expect(value("[1 (a)b)] <</K [2]>>") == nil, "an unbalanced string ends the array early")
  }

  /// Skipping a literal string ends where reading it ends, for balanced and unbalanced
  /// parentheses, escapes (octal, line breaks, a backslash last) and random bytes.
  @Test func skippedStringsEndWhereReadOnesDo() {
    var samples = [
      "()", "(a)", "(a(b)c)", "(a\\)b)", "(a\\(b)", "(\\\\)", "(\\", "(abc", "((a)", "(a))", "(\\123)",
      "(\\1)", "(a\\\r\nb)", "(\\)", "(x\\", "(",
    ].map { Array($0.utf8) }
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = [0x28, 0x29, 0x5C, 0x0D, 0x0A, 0x31, 0x37, 0x61]
    for _ in 0..<500 {
      samples.append([0x28] + (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 })
    }
    for sample in samples {
      let read = PDFStrings.literal(sample, at: 0)
      let skipped = PDFStrings.literalEnd(sample, at: 0)
      #expect(skipped.end == read.end && skipped.closed == read.closed, "\(sample)")
    }
  }

  /// Only the entries asked for are kept; the others are checked as they are skipped.
  @Test func readsTheEntriesAskedFor() {
    func entries(_ text: String, _ keys: [StaticString]) -> [PDFValue?]? {
      var cursor = PDFCursor(Array((text + " ").utf8))
      return cursor.entries(keys)
    }
    let page = "<< /Type /Page /Res << /F [1 0 R (x) <41>] /G 2 0 R >> /Cro#70Box [1 2 3 4] /N null /Parent 7 0 R >>"
    let read = entries(page, ["Parent", "CropBox", "Rotate", "Type"])
    #expect(read == [.reference(ObjectIdentity(number: 7, generation: 0)), .array([.integer(1), .integer(2), .integer(3), .integer(4)]), nil, .name("Page")])
    #expect(entries("<< /A 1 /A 2 >>", ["A"]) == nil, "a key asked for, given twice")
    #expect(entries("<< /A 1 /A 2 /B 3 >>", ["B"]) == nil, "a key not asked for, given twice")
    #expect(entries("<< /A 1 /#41 2 /B 3 >>", ["B"]) == nil, "the same key spelt two ways")
    #expect(entries("<< /A << /K 1 /K 2 >> /B 3 >>", ["B"]) == nil, "a key given twice in a skipped dictionary")
    #expect(entries("<< /A abc /B 3 >>", ["B"]) == nil, "a bare word skipped")
    #expect(entries("<< /A true /N null /B 3 >>", ["B"]) == [.integer(3)])
    // Past the first 16 keys, the keys are still checked.
    let many = (0..<20).map { "/K\($0) \($0)" }.joined(separator: " ")
    #expect(entries("<< \(many) /B 3 >>", ["B"]) == [.integer(3)])
    #expect(entries("<< \(many) /K17 1 /B 3 >>", ["B"]) == nil, "the 21st key repeats the 18th")
    #expect(entries("<< \(many) /K#31 1 /B 3 >>", ["B"]) == nil, "the 21st key spells the 2nd with an escape")
    #expect(entries("<< /R << \(many) /K19 0 >> /B 3 >>", ["B"]) == nil, "in a skipped dictionary")
    #expect(entries("<< /A << /B ] >> /C 1 >>", ["C"]) == nil, "what is skipped is checked")
    #expect(entries("<< /A 1 2 /C 1 >>", ["C"]) == nil, "a value without a key")
    #expect(entries("[1 2]", ["C"]) == nil)
    // A skipped word is refused exactly when reading it is.
    let words = [
      "42", "-42", "+.5", "-.25", "5.", "-0", "+0.", "true", "null", "1e5", "1.2.3", "5-", "--1", "+", ".", "abc",
      "100000000000000000000", "-9223372036854775809", "-9223372036854775808", "9223372036854775807",
      String(repeating: "9", count: 39) + ".5", String(repeating: "9", count: 40) + ".5",
    ]
    for word in words {
      let read = entries("<< /A \(word) >>", ["A"])
      #expect((entries("<< /A \(word) /B 3 >>", ["B"]) != nil) == (read != nil), "\(word)")
      #expect((entries("<< /A [1 \(word)] /B 3 >>", ["B"]) != nil) == (read != nil), "\(word) in an array")
    }
  }
}
