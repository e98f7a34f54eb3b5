// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF
import Testing

@testable import PDFToolsCore

/// The views poppler reads are kept across changes: each change appends what it changed, text
/// survives annotation changes, and rendering shows exactly the document's state.
@Suite struct ViewTests {
  /// A page with text and a black square at [100 500 150 550].
  static let document: [UInt8] = ReliabilityTests.document(pageExtra: "")

  private func render(_ document: Document) throws -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: 612 * 792 * 4)
    try pixels.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      try document.render(page: 0, options: RenderOptions(), into: base, width: 612, height: 792, stride: 612 * 4)
    }
    return pixels
  }

  /// The pixels that differ between two renders, as a box in display space (nil when none).
  private func changedBox(_ a: [UInt8], _ b: [UInt8]) -> Rect? {
    var box: Rect? = nil
    for y in 0..<792 {
      for x in 0..<612 {
        let offset = (y * 612 + x) * 4
        if a[offset..<(offset + 4)] != b[offset..<(offset + 4)] {
          let pixel = Rect(Double(x), Double(y), Double(x + 1), Double(y + 1))
          box = box.map { $0.merged(with: pixel) } ?? pixel
        }
      }
    }
    return box
  }

  /// True when `inner` lies in `outer` grown by `margin`.
  private func inside(_ inner: Rect, _ outer: Rect, margin: Double = 2) -> Bool {
    inner.x0 >= outer.x0 - margin && inner.y0 >= outer.y0 - margin && inner.x1 <= outer.x1 + margin
      && inner.y1 <= outer.y1 + margin
  }

  /// Display-space box of a page-space rect on the unrotated 612 x 792 page.
  private func display(_ rect: Rect) -> Rect { Rect(rect.x0, 792 - rect.y1, rect.x1, 792 - rect.y0) }

  @Test func everyKindOfChangeShowsExactlyInsideItsRect() throws {
    let document = try Document.open(bytes: Self.document)
    let text = try document.text(ofPage: 0).text
    var before = try render(document)
    let rect = Rect(300, 300, 400, 380)
    let id = try document.createAnnotation(page: 0, subtype: "Square", rect: rect)
    var after = try render(document)
    let created = try #require(changedBox(before, after), "creating draws the annotation")
    #expect(inside(created, display(rect)))
    #expect(try document.text(ofPage: 0).text == text, "an annotation does not change the text")

    before = after
    try document.updateAnnotation(id, [.color(RGBColor(0, 0, 1))])
    after = try render(document)
    #expect(changedBox(before, after).map { inside($0, display(rect)) } == true, "a colour change repaints the rect")

    before = after
    let moved = Rect(50, 50, 120, 100)
    try document.updateAnnotation(id, [.rect(moved)])
    after = try render(document)
    let box = try #require(changedBox(before, after))
    #expect(inside(box, display(rect).merged(with: display(moved))))

    let undoneMove = try render(document)
    try document.undo()
    #expect(changedBox(undoneMove, try render(document)) != nil, "undo shows the old place")
    try document.redo()
    #expect(changedBox(undoneMove, try render(document)) == nil, "redo shows the new place again")

    try document.deleteAnnotation(id)
    let empty = try render(document)
    #expect(changedBox(empty, try render(Document.open(bytes: Self.document))) == nil, "deleting leaves the page as it was")

    try document.setMetadata("Title", "changed")
    #expect(changedBox(empty, try render(document)) == nil, "metadata changes no pixel")
    #expect(try document.text(ofPage: 0).text == text)

    try document.insertBlankPage(at: 0, width: 200, height: 200)
    #expect(try document.text(ofPage: 1).text == text, "the page moved to index 1 keeps its text")
    #expect(try document.text(ofPage: 0).text.isEmpty)
    try document.undo()
    #expect(try document.text(ofPage: 0).text == text)
  }

  @Test func annotationChangesKeepTheTextAndTheViewBase() throws {
    let document = try Document.open(bytes: Self.document)
    // Sections are what this checks: no layer drawn over a kept view.
    document.drawsAnnotationLayers = false
    _ = try document.text(ofPage: 0)
    _ = try render(document)
    let base = try document.locked { () throws(PDFError) -> ObjectIdentifier? in
      document.popplerChain.map { ObjectIdentifier($0.bytes.parts[0]) }
    }
    for index in 0..<5 {
      _ = try document.createAnnotation(page: 0, subtype: "Circle", rect: Rect(100 + 10 * Double(index), 100, 150, 150))
      _ = try render(document)
    }
    let state = try document.locked { () throws(PDFError) in
      (document.pageTexts.text(0) != nil, document.popplerChain.map { ObjectIdentifier($0.bytes.parts[0]) },
       document.popplerChain?.sections, document.popplerChain?.dirty.isEmpty)
    }
    #expect(state.0, "annotation changes keep the text read")
    #expect(state.1 == base, "the bytes as read are shared, not copied")
    #expect(state.2 == 5, "each change appended one section")
    #expect(state.3 == true)
  }

  @Test func longChainsAreRebuiltWithOneSection() throws {
    let document = try Document.open(bytes: Self.document)
    let id = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(100, 100, 200, 200))
    for index in 0...ViewChain.maximumSections + 2 {
      try document.updateAnnotation(id, [.opacity(0.5 + Double(index) / 100)])
      _ = try render(document)
    }
    let sections = try document.locked { () throws(PDFError) in document.popplerChain?.sections }
    #expect(sections.map { $0 < ViewChain.maximumSections } == true)
  }

  @Test func annotationsPopplerCannotDrawAreLeftOutOfRendering() throws {
    let squiggly = "/Annots [<< /Type /Annot /Subtype /Squiggly /Rect [-1000000000 100 1000000000 120] /QuadPoints [-1000000000 120 1000000000 120 -1000000000 100 1000000000 100] >> << /Type /Annot /Subtype /FreeText /Rect [100 100 300 200] /DA (/Helv 12 Tf 0 g) /Contents <FEFF004100> >> << /Type /Annot /Subtype /Square /Rect [300 300 400 380] /C [1 0 0] >>]"
    let document = try Document.open(bytes: ReliabilityTests.document(annots: squiggly))
    let pixels = try render(document)  // used to build a path until memory ran out
    // The Square poppler draws itself stays.
    let red = (298...303).contains { x in
      let offset = ((792 - 340) * 612 + x) * 4
      return pixels[offset + 2] > 200 && pixels[offset] < 80 && pixels[offset + 1] < 80
    }
    #expect(red, "the red border of the square is drawn")
    #expect(try document.annotations(onPage: 0).count == 3, "the document keeps all three")
    let saved = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) }
    #expect(try Document.open(bytes: saved).annotations(onPage: 0).count == 3)
  }

  @Test func pagesQPDFCannotReadAreRenderedBlank() throws {
    // qpdf cannot read the page (a number beyond 64 bits); poppler can, and would draw a
    // Squiggly from -1e99 that never ends.
    let huge = "-" + String(repeating: "9", count: 120)
    let squiggly = "/Annots [<< /Type /Annot /Subtype /Squiggly /Rect [0 0 100 100] /QuadPoints [\(huge) 120 100 120 \(huge) 100 100 100] >>]"
    let document = try Document.open(bytes: ReliabilityTests.document(annots: squiggly))
    let pixels = try render(document)  // never ended
    #expect(pixels.allSatisfy { $0 == 255 }, "the page the document does not have is blank")
    #expect(try document.pageCount == 1)
  }
}
