// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF
import Testing

@testable import PDFToolsCore

/// Editing annotations another program wrote: appearances it made are kept unless a change
/// shows in them, stamp artwork survives, quads in either corner order are read alike, and
/// moving keeps every part of the annotation together.
@Suite struct ForeignAnnotationTests {
  /// A one-page document whose page holds `annotations` (object bodies, numbered from 5 on),
  /// followed by `extra` objects; object 4 is a form XObject drawing a blue square, the
  /// artwork another program made.
  private func document(_ annotations: [String], extra: [String] = []) throws -> Document {
    let first = 5
    let references = annotations.indices.map { "\(first + $0) 0 R" }.joined(separator: " ")
    let artwork = "<< /Type /XObject /Subtype /Form /BBox [0 0 100 50] /Length 22 >>\nstream\n0 0 1 rg 0 0 100 50 re f\nendstream"
    let objects = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [\(references)] >>",
      artwork,
    ] + annotations + extra
    return try Document.open(bytes: Fixtures.pdf(objects))
  }

  private func onlyAnnotation(_ document: Document, at index: Int = 0) throws -> Int64 {
    try document.annotations(onPage: 0)[index]
  }

  @Test func changesThatDoNotShowKeepAnotherProgramsAppearance() throws {
    let document = try document([
      "<< /Type /Annot /Subtype /Square /Rect [100 100 200 150] /C [1 0 0] /T (Them) /AP << /N 4 0 R >> >>",
    ])
    let id = try onlyAnnotation(document)
    let before = try Fixtures.appearanceContent(document, id)
    #expect(before.contains("0 0 1 rg"))
    try document.updateAnnotation(id, [.text(key: "T", value: "Me")])
    try document.updateAnnotation(id, [.text(key: "Contents", value: "A reply")])
    try document.updateAnnotation(id, [.text(key: "Subj", value: "Check"), .flags(4)])
    #expect(try document.annotationRawValue(id, key: "AP") == "<< /N 4 0 R >>")
    #expect(try Fixtures.appearanceContent(document, id) == before)
    #expect(try document.annotationText(id, key: "T") == "Me")
    // A change that shows draws the square anew.
    try document.updateAnnotation(id, [.color(RGBColor(0, 1, 0))])
    #expect(try document.annotationRawValue(id, key: "AP") != "<< /N 4 0 R >>")
    #expect(try Fixtures.appearanceContent(document, id) != before)
  }

  @Test func aFreeTextsContentsShow() throws {
    let document = try document([
      "<< /Type /Annot /Subtype /FreeText /Rect [100 100 200 150] /DA (0 g /Helv 12 Tf) /Contents (old) /AP << /N 4 0 R >> >>",
    ])
    let id = try onlyAnnotation(document)
    try document.updateAnnotation(id, [.text(key: "Contents", value: "new text")])
    #expect(try document.annotationRawValue(id, key: "AP") != "<< /N 4 0 R >>")
    #expect(try Fixtures.appearanceContent(document, id).contains("(new text)"))
  }

  @Test func aCustomStampKeepsItsArtwork() throws {
    let document = try document([
      "<< /Type /Annot /Subtype /Stamp /Name /OurCompanySeal /Rect [100 100 200 150] /AP << /N 4 0 R >> >>",
    ])
    let id = try onlyAnnotation(document)
    let artwork = try Fixtures.appearanceContent(document, id)
    // Moving and resizing fit the same artwork to the new rectangle.
    try document.updateAnnotation(id, [.rect(Rect(300, 300, 500, 400))])
    #expect(try document.annotationRawValue(id, key: "AP") == "<< /N 4 0 R >>")
    #expect(try document.annotationRawValue(id, key: "Rect") == "[ 300 300 500 400 ]")
    // Colour, fill and border are refused, and nothing changes.
    expectError(.unsupported) { () throws(PDFError) in try document.updateAnnotation(id, [.color(RGBColor(1, 0, 0))]) }
    expectError(.unsupported) { () throws(PDFError) in
      try document.updateAnnotation(id, [.opacity(0.5), .border(width: 2, style: .solid, dashes: [])])
    }
    #expect(try document.annotationRawValue(id, key: "C") == nil)
    #expect(try document.annotationRawValue(id, key: "CA") == nil)
    // An opacity draws the artwork through a form that sets it.
    try document.updateAnnotation(id, [.opacity(0.5)])
    let wrapped = try Fixtures.appearanceContent(document, id)
    #expect(wrapped.contains("/GS0 gs") && wrapped.contains("/Art Do"))
    try document.locked { () throws(PDFError) in
      let object = try document.annotationObject(id).object
      #expect(document.foreignStampArtwork(object).flatMap { document.qpdf.identity($0)?.number } == 4)
    }
    // Back to opaque: the artwork itself again.
    try document.updateAnnotation(id, [.opacity(1)])
    #expect(try document.annotationRawValue(id, key: "AP") == "<< /N 4 0 R >>")
    #expect(try Fixtures.appearanceContent(document, id) == artwork)
    // A standard stamp name is an explicit choice of new artwork.
    try document.updateAnnotation(id, [.icon("Approved")])
    #expect(try Fixtures.appearanceContent(document, id) != artwork)
    try document.updateAnnotation(id, [.color(RGBColor(1, 0, 0))])
  }

  @Test func theLibrarysOwnStampsStayItsOwnAfterASave() throws {
    let made = try Document.makeNew()
    try made.insertBlankPage(at: 0, width: 612, height: 792)
    _ = try made.createAnnotation(page: 0, subtype: "Stamp", rect: Rect(100, 100, 250, 150))
    let reopened = try Document.open(bytes: try made.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) })
    let id = try onlyAnnotation(reopened)
    try reopened.updateAnnotation(id, [.color(RGBColor(0, 0.5, 0)), .border(width: 2, style: .solid, dashes: [])])
    #expect(try reopened.annotationProperties(id).color == RGBColor(0, 0.5, 0))
  }

  @Test func aNewStampNameWaitingToBeDrawnIsNoLongerForeignArtwork() throws {
    let document = try document([
      "<< /Type /Annot /Subtype /Stamp /Name /OurCompanySeal /Rect [100 100 200 150] /AP << /N 4 0 R >> >>",
    ])
    let id = try onlyAnnotation(document)
    try document.updateAnnotation(id, [.icon("Approved")])
    // No read in between: the new drawing is still pending.
    try document.updateAnnotation(id, [.color(RGBColor(0, 0, 1))])
    #expect(try document.annotationProperties(id).color == RGBColor(0, 0, 1))
  }

  @Test func aRestyledTypewriterStaysATypewriter() throws {
    let document = try document([
      "<< /Type /Annot /Subtype /FreeText /IT /FreeTextTypeWriter /Rect [100 100 200 120] /C [1 0 0] /BS << /W 0 >> /DA (/Helv 10 Tf 1 0 0 rg) /Contents (typed) >>",
    ])
    let id = try onlyAnnotation(document)
    var style = ToolStyle()
    style.fontSize = 14
    style.textColor = RGBColor(1, 0, 0)
    style.width = 0
    try document.updateAnnotation(id, style.changes(for: "FreeText", current: try document.annotationProperties(id)))
    let read = try document.annotationProperties(id)
    #expect(read.isTypewriter && read.interiorColor == nil)
    #expect(try document.annotationRawValue(id, key: "IT") == "/FreeTextTypeWriter")
  }

  @Test func defaultAppearanceNumbersAreWrittenAsPDFNumbers() {
    #expect(DefaultAppearance.string(font: "Helvetica", size: 12, color: RGBColor(0.00001, 0.5, 1)) == "/Helvetica 12 Tf 0 0.5 1 rg")
    #expect(DefaultAppearance("/Helv 9 Tf 2 0 0 2 k").color == RGBColor(0, 0, 0), "CMYK components are clamped")
  }

  @Test(arguments: [
    // Counter-clockwise from the lower left, and clockwise from the upper left.
    "[10 20 110 20 110 40 10 40]", "[10 40 110 40 110 20 10 20]",
  ])
  func quadsGoingRoundAreReadInTheUsualOrder(quadPoints: String) throws {
    let document = try document([
      "<< /Type /Annot /Subtype /Highlight /Rect [10 20 110 40] /C [1 1 0] /QuadPoints \(quadPoints) >>",
    ])
    let id = try onlyAnnotation(document)
    let quads = try document.annotationProperties(id).quads
    #expect(quads == [Quad(Point(10, 40), Point(110, 40), Point(10, 20), Point(110, 20))])
    // The usual order is kept as stored.
    let usual = try self.document([
      "<< /Type /Annot /Subtype /Highlight /Rect [10 20 110 40] /C [1 1 0] /QuadPoints [10 40 110 40 10 20 110 20] >>",
    ])
    #expect(try usual.annotationProperties(onlyAnnotation(usual)).quads == quads)
  }

  @Test func aQuadTurnedOnThePageKeepsItsDirection() {
    // Text running up the page (90 degrees), stored counter-clockwise from its lower left.
    let read = Quad.reading(Point(40, 10), Point(40, 110), Point(20, 110), Point(20, 10))
    #expect(read == Quad(Rect(20, 10, 40, 110), direction: 90))
  }

  @Test func aFreeTextIsFilledWithItsCAndBorderedInItsTextColour() throws {
    // As MuPDF writes them: /C the background, /BS /W 0 no border, the text colour in /DA.
    let document = try document([
      "<< /Type /Annot /Subtype /FreeText /Rect [100 100 300 160] /C [1 1 0.8] /BS << /W 0 >> /DA (/Helv 12 Tf 0 0 1 rg) /Contents (MuPDF) /AP << /N 4 0 R >> >>",
      // As pdfcpu writes them: no /BS and no /Border mean no border, a /DA without Tf.
      "<< /Type /Annot /Subtype /FreeText /Rect [100 300 300 360] /C [0.5 0.5 0.5] /DA ( 0 0.5 0 rg) /Contents (pdfcpu) >>",
    ])
    let mupdf = try onlyAnnotation(document, at: 0)
    let pdfcpu = try onlyAnnotation(document, at: 1)
    let read = try document.annotationProperties(mupdf)
    #expect(read.interiorColor == RGBColor(1, 1, 0.8))
    #expect(read.color == RGBColor(0, 0, 1) && read.textColor == RGBColor(0, 0, 1))
    #expect(read.borderWidth == 0)
    #expect(try document.annotationProperties(pdfcpu).borderWidth == 0)
    #expect(try document.annotationProperties(pdfcpu).interiorColor == RGBColor(0.5, 0.5, 0.5))
    // A move that redraws it keeps the fill, adds no border and keeps the blue text.
    try document.updateAnnotation(mupdf, [.rect(Rect(120, 100, 320, 160))])
    let drawn = try Fixtures.appearanceContent(document, mupdf)
    #expect(drawn.contains("1 1 0.8 rg") && drawn.contains("0 0 1 rg"))
    #expect(!drawn.contains(" RG"), "no border is stroked")
    #expect(try document.annotationRawValue(mupdf, key: "C") == "[ 1 1 0.8 ]")
    #expect(try document.annotationRawValue(mupdf, key: "IC") == nil)
    // The stroke colour is the text colour; the interior colour is /C.
    try document.updateAnnotation(mupdf, [.color(RGBColor(1, 0, 0)), .border(width: 2, style: .solid, dashes: [])])
    #expect(try document.annotationProperties(mupdf).textColor == RGBColor(1, 0, 0))
    #expect(try Fixtures.appearanceContent(document, mupdf).contains("1 0 0 RG"))
    try document.updateAnnotation(mupdf, [.interiorColor(RGBColor(0, 1, 0))])
    #expect(try document.annotationRawValue(mupdf, key: "C") == "[ 0 1 0 ]")
    try document.updateAnnotation(mupdf, [.interiorColor(nil)])
    #expect(try document.annotationRawValue(mupdf, key: "C") == nil, "no fill is no /C (PDFium fills an empty /C black)")
    expectError(.invalidArgument) { () throws(PDFError) in try document.updateAnnotation(mupdf, [.color(nil)]) }
    // What the library creates says its border width, so engines that draw one by default agree.
    let made = try document.createAnnotation(page: 0, subtype: "FreeText", rect: Rect(400, 400, 500, 450))
    #expect(try document.annotationRawValue(made, key: "BS") == "<< /S /S /Type /Border /W 0 >>")
  }

  @Test func aTypewriterIsNeitherFilledNorPadded() throws {
    // As Acrobat and Edge write them: the text colour in /C too, no border, a box just the text's height.
    let document = try document([
      "<< /Type /Annot /Subtype /FreeText /IT /FreeTextTypewriter /Rect [100 100 168 110] /C [0 0.47 0.83] /BS << /W 0 >> /DA (/Helv 8 Tf 0 0.47 0.83 rg) /Contents (typed) >>",
    ])
    let id = try onlyAnnotation(document)
    let read = try document.annotationProperties(id)
    #expect(read.isTypewriter && read.interiorColor == nil && read.borderWidth == 0)
    try document.updateAnnotation(id, [.text(key: "Contents", value: "typed again")])
    let drawn = try Fixtures.appearanceContent(document, id)
    #expect(drawn.contains("(typed again) Tj"))
    #expect(drawn.contains("1 0 0 1 100 "), "the text starts at the box's left edge: no padding")
    #expect(drawn.contains("0 0.47 0.83 rg"))
    #expect(!drawn.contains(" re\nf"), "no fill")
    // It is written back in ISO 32000's spelling.
    try document.updateAnnotation(id, [.freeText(font: "Helvetica", size: 8, color: RGBColor(0, 0, 0), alignment: 0, intent: "FreeTextTypewriter")])
    #expect(try document.annotationRawValue(id, key: "IT") == "/FreeTextTypeWriter")
  }

  /// The /BBox of annotation `id`'s normal appearance.
  private func appearanceBox(_ document: Document, _ id: Int64) throws -> Rect? {
    try document.locked { () throws(PDFError) -> Rect? in
      let qpdf = document.qpdf
      let object = try document.annotationObject(id).object
      guard let ap = qpdf.entry(object, "/AP"), let normal = qpdf.entry(ap, "/N") else { return nil }
      return qpdf.entry(qpdf_oh_get_dict(qpdf.data, normal), "/BBox").flatMap { qpdf.rect($0) }
    }
  }

  @Test func aRestyleKeepsTheRectOfATightlyDrawnInk() throws {
    // MuPDF leaves room around the strokes; a new colour must not shrink /Rect to the library's drawing.
    let document = try document([
      "<< /Type /Annot /Subtype /Ink /Rect [92 100 344 200] /C [0 0 1] /BS << /W 2 >> /InkList [[100 110 200 190 336 120]] >>",
    ])
    let id = try onlyAnnotation(document)
    try document.updateAnnotation(id, [.color(RGBColor(1, 0, 0))])
    #expect(try document.annotationProperties(id).rect == Rect(92, 100, 344, 200))
    #expect(try appearanceBox(document, id) == Rect(92, 100, 344, 200), "drawn 1:1 into the kept rectangle")
    // A thicker border grows it by what the border needs, no more.
    try document.updateAnnotation(id, [.border(width: 30, style: .solid, dashes: [])])
    let grown = try document.annotationProperties(id).rect
    #expect(grown.x0 < 92 && grown.x1 > 344 && grown.x0 > 60 && grown.x1 < 380)
    // New geometry: the rectangle is the box around the new drawing.
    try document.updateAnnotation(id, [.border(width: 2, style: .solid, dashes: []), .ink([[Point(200, 150), Point(220, 160)]])])
    let fitted = try document.annotationProperties(id).rect
    #expect(fitted.x0 > 190 && fitted.x1 < 230 && fitted.y0 > 140 && fitted.y1 < 170)
  }

  @Test func aSmallNoteKeepsItsRectangle() throws {
    let document = try document([
      "<< /Type /Annot /Subtype /Text /Rect [100 100 116 116] /C [1 1 0] /Name /Comment >>",
    ])
    let id = try onlyAnnotation(document)
    try document.updateAnnotation(id, [.color(RGBColor(0, 1, 0))])
    #expect(try document.annotationProperties(id).rect == Rect(100, 100, 116, 116))
    #expect(try appearanceBox(document, id) == Rect(100, 100, 116, 116), "the icon is drawn within /Rect, not 20 pt wide")
  }

  @Test func aFreeTextsCalloutFollowsItsBox() throws {
    let document = try document([
      "<< /Type /Annot /Subtype /FreeText /IT /FreeTextCallout /Rect [50 50 300 200] /RD [50 50 0 0] /CL [50 50 80 120 100 120] /DA (/Helv 12 Tf 0 g) /BS << /W 1 >> /Contents (box) >>",
    ])
    let id = try onlyAnnotation(document)
    #expect(try document.annotationProperties(id).rect == Rect(100, 100, 300, 200))
    // A move takes the whole callout along.
    try document.updateAnnotation(id, [.rect(Rect(150, 100, 350, 200))])
    let moved = try document.annotationProperties(id)
    #expect(moved.rect == Rect(150, 100, 350, 200))
    #expect(moved.callout == [Point(100, 50), Point(130, 120), Point(150, 120)])
    // A resize keeps the spot pointed at; the end stays on the box.
    try document.updateAnnotation(id, [.rect(Rect(150, 100, 450, 300))])
    let resized = try document.annotationProperties(id)
    #expect(resized.callout.first == Point(100, 50))
    #expect(resized.callout.last == Point(150, 140))
    #expect(resized.rect == Rect(150, 100, 450, 300))
  }

  @Test func aDefaultStyleColourIsTheTextColour() throws {
    let document = try document([
      "<< /Type /Annot /Subtype /FreeText /Rect [100 100 300 160] /DA (/Helv 12 Tf 0 g) /DS (font: Helvetica 12pt; color:#0000FF) /Contents (blue) >>",
    ])
    let id = try onlyAnnotation(document)
    #expect(try document.annotationProperties(id).textColor == RGBColor(0, 0, 1))
    try document.updateAnnotation(id, [.freeText(font: "Helvetica", size: 12, color: RGBColor(1, 0, 0), alignment: 0, intent: "FreeText")])
    #expect(try document.annotationProperties(id).textColor == RGBColor(1, 0, 0))
    #expect(try document.annotationRawValue(id, key: "DS") == nil, "no style colour left to contradict /DA")
    #expect(DefaultStyle.color("color: #0f0") == RGBColor(0, 1, 0))
    #expect(DefaultStyle.color("font: Times 10pt") == nil)
  }

  @Test func missingAppearancesAreWrittenOnRequestInOneStep() throws {
    let document = try document([
      "<< /Type /Annot /Subtype /Square /Rect [100 100 200 150] /C [1 0 0] >>",
      "<< /Type /Annot /Subtype /Ink /Rect [80 280 320 420] /C [0 0 1] /InkList [[100 300 200 400 300 300]] >>",
      "<< /Type /Annot /Subtype /Circle /Rect [300 300 400 400] /C [0 1 0] /AP << /N 4 0 R >> >>",
      "<< /Type /Annot /Subtype /Popup /Rect [400 600 500 700] >>",
    ])
    let ids = try document.annotations(onPage: 0)
    #expect(try document.generateAppearances(page: 0) == 2)
    #expect(try document.annotationRawValue(ids[0], key: "AP") != nil)
    #expect(try document.annotationRawValue(ids[1], key: "AP") != nil)
    #expect(try document.annotationRawValue(ids[2], key: "AP") == "<< /N 4 0 R >>", "an appearance it has is kept")
    #expect(try document.annotationRawValue(ids[3], key: "AP") == nil, "viewers draw pop-ups themselves")
    #expect(try document.annotationProperties(ids[1]).rect == Rect(80, 280, 320, 420), "the ink keeps its /Rect")
    #expect(try document.generateAppearances(page: nil) == 0, "nothing left to write")
    #expect(try document.undo())
    #expect(try document.annotationRawValue(ids[0], key: "AP") == nil)
    #expect(try document.annotationRawValue(ids[1], key: "AP") == nil)
    expectError(.outOfRange) { () throws(PDFError) in _ = try document.generateAppearances(page: 1) }
  }

  @Test func translateMovesEveryPartAndKeepsTheAppearance() throws {
    let document = try document([
      "<< /Type /Annot /Subtype /Ink /Rect [100 100 200 150] /InkList [[100 100 150 150 200 100]] /Popup 9 0 R /AP << /N 4 0 R >> >>",
      "<< /Type /Annot /Subtype /Highlight /Rect [10 20 110 40] /QuadPoints [10 40 110 40 10 20 110 20] >>",
      "<< /Type /Annot /Subtype /Line /Rect [0 0 100 100] /L [10 10 90 90] >>",
      "<< /Type /Annot /Subtype /FreeText /Rect [300 300 400 400] /RD [40 0 0 50] /CL [300 300 320 330 340 330] /DA (0 g /Helv 12 Tf) /AP << /N 4 0 R >> >>",
      "<< /Type /Annot /Subtype /Popup /Rect [400 600 500 700] /Parent 5 0 R >>",
    ])
    let ids = try document.annotations(onPage: 0)
    for id in ids { try document.translateAnnotation(id, dx: 10, dy: -20) }
    #expect(try document.annotationRawValue(ids[0], key: "Rect") == "[ 110 80 210 130 ]")
    #expect(try document.annotationRawValue(ids[0], key: "InkList") == "[ [ 110 80 160 130 210 80 ] ]")
    #expect(try document.annotationRawValue(ids[0], key: "AP") == "<< /N 4 0 R >>")
    #expect(try document.annotationRawValue(ids[1], key: "QuadPoints") == "[ 20 20 120 20 20 0 120 0 ]")
    #expect(try document.annotationRawValue(ids[2], key: "L") == "[ 20 -10 100 70 ]")
    #expect(try document.annotationRawValue(ids[3], key: "CL") == "[ 310 280 330 310 350 310 ]")
    #expect(try document.annotationRawValue(ids[3], key: "RD") == "[ 40 0 0 50 ]")
    #expect(try document.annotationRawValue(ids[3], key: "AP") == "<< /N 4 0 R >>")
    // The ink's pop-up went with it (and then moved again as an annotation of its own).
    #expect(try document.annotationRawValue(ids[4], key: "Rect") == "[ 420 560 520 660 ]")
    // One undo step per move.
    #expect(try document.undo())
    #expect(try document.annotationRawValue(ids[4], key: "Rect") == "[ 410 580 510 680 ]")
    expectError(.invalidArgument) { () throws(PDFError) in try document.translateAnnotation(ids[0], dx: .nan, dy: 0) }
    expectError(.invalidArgument) { () throws(PDFError) in try document.translateAnnotation(ids[0], dx: 1e300, dy: 0) }
    #expect(try document.annotationRawValue(ids[0], key: "Rect") == "[ 110 80 210 130 ]")
  }
}
