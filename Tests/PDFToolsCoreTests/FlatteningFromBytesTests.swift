// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF
import Testing

@testable import PDFToolsCore

/// Flattening reads unchanged annotations and their appearances from the file's bytes: the
/// result is what reading them through qpdf gives.
@Suite struct FlatteningFromBytesTests {
  /// Files with other programs' annotations, appearances and pop-ups, rotated pages among them.
  static let files = [
    "pdfjs-annotation-square-circle.pdf", "pdfjs-annotation-line.pdf", "pdfjs-annotation-link-text-popup.pdf",
    "pdfjs-annotation-stamp.pdf", "pdfjs-annotation-caret-ink.pdf", "pdfjs-annotation-freetext.pdf",
    "pdfjs-quadpoints-markup.pdf", "pdfium-annots.pdf", "qpdf-overlay-copy-annotations-rotated.pdf",
    "pdfjs-issue14438-many-annots.pdf",
  ]

  /// The saved document's page renders (scale 0.5), the annotations left and the count removed.
  private func flattened(_ document: Document) throws -> (removed: Int, left: Int, pages: [[UInt8]]) {
    let removed = try document.flatten()
    let saved = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) }
    let reread = try Document.open(bytes: saved)
    var pages: [[UInt8]] = []
    var left = 0
    for page in 0..<reread.pageCount {
      left += try reread.annotations(onPage: page).count
      pages.append(try FlatteningTests.render(reread, page: page, scale: 0.5))
    }
    return (removed, left, pages)
  }

  @Test(arguments: files) func bytesAndQPDFFlattenAlike(_ name: String) throws {
    let fromBytes = try Document.open(path: Fixtures.corpusFile(name))
    let throughQPDF = try Document.open(path: Fixtures.corpusFile(name))
    throughQPDF.flattensFromBytes = false
    // The bytes are read for at least one annotation of the file.
    var read = 0
    for page in 0..<fromBytes.pageCount {
      for id in try fromBytes.annotations(onPage: page) {
        read += try fromBytes.locked { () throws(PDFError) -> Int in
          let (object, _) = try fromBytes.annotationObject(id)
          guard let identity = fromBytes.qpdf.identity(object) else { return 0 }
          return fromBytes.flattenFactsFromBytes(identity) == nil ? 0 : 1
        }
      }
    }
    #expect(read > 0, "\(name): some annotation is read from the bytes")
    let a = try flattened(fromBytes)
    let b = try flattened(throughQPDF)
    #expect(a.removed == b.removed && a.left == b.left, "\(name): \(a.removed) and \(b.removed) removed")
    #expect(a.pages.count == b.pages.count)
    for (page, (x, y)) in zip(a.pages, b.pages).enumerated() {
      let same = x == y
      #expect(same, "\(name): page \(page) looks the same")
    }
  }

  @Test func statesRotationAndOddEntriesReadAsQPDFReadsThem() throws {
    // A checkbox-like state dictionary with /AS, a NoRotate note on a turned page, a form
    // without /Subtype (qpdf path), a /Rect given by reference (qpdf path), a hidden square.
    let form = "<< /Type /XObject /Subtype /Form /BBox [0 0 20 20] /Length 27 >>\nstream\n0 0 1 rg 0 0 20 20 re f\nendstream"
    let bytes = Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Rotate 90 /Annots [4 0 R 5 0 R 6 0 R 7 0 R 8 0 R] >>",
      "<< /Type /Annot /Subtype /Square /Rect [10 10 40 40] /AP << /N 9 0 R >> /AS /On >>",
      "<< /Type /Annot /Subtype /Text /F 16 /Rect [100 100 120 120] /AP << /N 10 0 R >> /Popup 8 0 R >>",
      "<< /Type /Annot /Subtype /Square /Rect [150 150 200 200] /AP << /N 11 0 R >> >>",
      "<< /Type /Annot /Subtype /Square /Rect 12 0 R /AP << /N 10 0 R >> /F 2 >>",
      "<< /Type /Annot /Subtype /Popup /Rect [0 0 10 10] /Parent 5 0 R >>",
      "<< /On 10 0 R /Off 11 0 R >>",
      form,
      "<< /BBox [0 0 20 20] /Matrix [1 0 0 1 5 5] /Length 27 >>\nstream\n1 0 0 rg 0 0 20 20 re f\nendstream",
      "[200 10 260 70]",
    ])
    let fromBytes = try Document.open(bytes: bytes)
    let throughQPDF = try Document.open(bytes: bytes)
    throughQPDF.flattensFromBytes = false
    _ = try fromBytes.annotations(onPage: 0)
    let read = try fromBytes.locked { () throws(PDFError) -> [Bool] in (4...8).map { fromBytes.flattenFactsFromBytes(ObjectIdentity(number: Int32($0), generation: 0)) != nil }
    }
    #expect(read == [true, true, false, false, true], "plain entries are read; a form without /Subtype and a /Rect by reference are not")
    let a = try flattened(fromBytes)
    let b = try flattened(throughQPDF)
    #expect(a.removed == 4 && b.removed == 4 && a.left == 0 && b.left == 0)
    let same = a.pages == b.pages
    #expect(same, "the page looks the same")
  }
}
