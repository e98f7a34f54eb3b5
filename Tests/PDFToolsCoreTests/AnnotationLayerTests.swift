// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF
import Testing

@testable import PDFToolsCore

/// Pages whose annotations alone changed (by an edit, or by undoing or redoing one) are
/// rendered from the kept view with their annotations drawn on top: the pixels are those of a
/// view brought up to date, and the kept view is not replaced.
@Suite struct AnnotationLayerTests {
  /// Renders page 0 at scale 0.75.
  private func render(_ document: Document) throws -> [UInt8] {
    let size = try document.renderSize(ofPage: 0, scale: 0.75)
    var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
    var options = RenderOptions()
    options.scale = 0.75
    try pixels.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      try document.render(page: 0, options: options, into: base, width: size.width, height: size.height, stride: size.width * 4)
    }
    return pixels
  }

  /// How many bytes differ between two renders (their sizes must match).
  private func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
    guard a.count == b.count else { return max(a.count, b.count) }
    return zip(a, b).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
  }

  /// The render view's poppler document and how many sections it has. The view is held (not
  /// its address): a view let go may leave its address to the next one.
  private func viewState(_ document: Document) throws -> (view: PopplerView?, sections: Int?) {
    try document.locked { () throws(PDFError) in
      (document.popplerChain?.poppler, document.popplerChain?.sections)
    }
  }

  /// One change of each kind an annotation tool makes, on page 0 of `document`.
  private static var steps: [(String, (Document, inout [Int64]) throws -> Void)] { [
    ("square", { document, ids in
      let id = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(100, 100, 220, 180))
      try document.updateAnnotation(id, [.color(RGBColor(1, 0, 0)), .interiorColor(RGBColor(0, 0.5, 1)), .opacity(0.6)])
      ids.append(id)
    }),
    ("highlight", { document, ids in
      let id = try document.createAnnotation(page: 0, subtype: "Highlight", rect: Rect(60, 700, 220, 740))
      let quad = Quad(Point(60, 740), Point(220, 740), Point(60, 700), Point(220, 700))
      try document.updateAnnotation(id, [.quads([quad]), .color(RGBColor(1, 1, 0)), .opacity(0.5)])
      ids.append(id)
    }),
    ("ink", { document, ids in
      let id = try document.createAnnotation(page: 0, subtype: "Ink", rect: Rect(300, 300, 400, 400))
      try document.updateAnnotation(id, [.ink([[Point(300, 300), Point(350, 390), Point(400, 310)]]), .color(RGBColor(0, 0.6, 0))])
      ids.append(id)
    }),
    ("free text", { document, ids in
      let id = try document.createAnnotation(page: 0, subtype: "FreeText", rect: Rect(250, 500, 450, 560))
      try document.updateAnnotation(id, [
        .text(key: "Contents", value: "Layered text"),
        .freeText(font: "Helvetica", size: 14, color: RGBColor(0, 0, 0.8), alignment: 0, intent: "FreeText"),
      ])
      ids.append(id)
    }),
    ("line", { document, ids in
      let id = try document.createAnnotation(page: 0, subtype: "Line", rect: Rect(80, 400, 260, 480))
      try document.updateAnnotation(id, [
        .line(start: Point(90, 410), end: Point(250, 470), startEnding: .none, endEnding: .openArrow, leaderLength: 0, leaderExtension: 0),
        .color(RGBColor(0.5, 0, 0.5)),
      ])
      ids.append(id)
    }),
    ("note", { document, ids in
      ids.append(try document.createAnnotation(page: 0, subtype: "Text", rect: Rect(500, 700, 520, 720)))
    }),
    ("recolour", { document, ids in
      try document.updateAnnotation(ids[0], [.color(RGBColor(0, 0, 0))])
    }),
    ("move", { document, ids in
      try document.updateAnnotation(ids[2], [.rect(Rect(320, 200, 420, 300))])
    }),
    ("hide", { document, ids in
      try document.updateAnnotation(ids[1], [.flags(2)])
    }),
    ("delete", { document, ids in
      try document.deleteAnnotation(ids[3])
    }),
    ("undo the delete", { document, _ in
      let done = try document.undo()
      #expect(done)
    }),
    ("undo the hiding", { document, _ in
      let done = try document.undo()
      #expect(done)
    }),
    ("redo the hiding", { document, _ in
      let done = try document.redo()
      #expect(done)
    }),
  ] }

  /// Documents whose page 0 differs in what a layer must match: plain, turned, cropped, and a
  /// real paper with embedded fonts.
  static var documents: [(String, () throws -> Document)] { [
    ("plain", { try Document.open(bytes: ViewTests.document) }),
    ("turned", { try Document.open(bytes: ReliabilityTests.document(pageExtra: "/Rotate 90")) }),
    ("cropped", { try Document.open(bytes: ReliabilityTests.document(pageExtra: "/CropBox [40 60 520 740]")) }),
    ("paper", { try Document.open(path: Fixtures.corpusFile("pdfjs-tracemonkey.pdf")) }),
  ] }

  @Test(arguments: 0..<4) func layersDrawWhatAnUpToDateViewDraws(_ which: Int) throws {
    let (name, open) = Self.documents[which]
    let layered = try open()
    let full = try open()
    full.drawsAnnotationLayers = false
    #expect(differing(try render(layered), try render(full)) == 0, "\(name): the same pixels before any change")
    let kept = try viewState(layered)
    var layeredIDs: [Int64] = []
    var fullIDs: [Int64] = []
    for (step, change) in Self.steps {
      try change(layered, &layeredIDs)
      try change(full, &fullIDs)
      let shown = try render(layered)
      #expect(differing(shown, try render(full)) == 0, "\(name), \(step): the layer draws what an up-to-date view draws")
      let state = try viewState(layered)
      #expect(state.view === kept.view && state.sections == 0, "\(name), \(step): the view is kept, with no section")
    }
    #expect(try viewState(full).sections ?? 0 > 0, "\(name): the other document brought its view up to date")
    // A fresh read of the saved document shows the same.
    let saved = try layered.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) }
    #expect(differing(try render(Document.open(bytes: saved)), try render(layered)) == 0, "\(name): the saved document shows the same")
  }

  @Test func contentChangesBringTheViewUpToDate() throws {
    let document = try Document.open(bytes: ViewTests.document)
    let before = try render(document)
    let kept = try viewState(document)
    _ = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(100, 100, 200, 200))
    _ = try render(document)
    #expect(try viewState(document).view === kept.view, "an annotation change keeps the view")
    // Flattening changes page content: the view must show it, not the layer over stale content.
    var scope = FlattenScope()
    scope.pages = [0]
    #expect(try document.flatten(scope) == 1)
    let flattened = try render(document)
    #expect(try viewState(document).view !== kept.view, "a content change brings the view up to date")
    #expect(differing(flattened, before) > 0, "the flattened square is drawn")
    let saved = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) }
    #expect(differing(try render(Document.open(bytes: saved)), flattened) == 0)
  }

  @Test func changesElsewhereKeepThePageRenderedFromTheKeptView() throws {
    let bytes = ReliabilityTests.document(pageExtra: "")
    let document = try Document.open(bytes: try Self.twoPages(bytes))
    let before = try render(document)
    let kept = try viewState(document)
    _ = try document.createAnnotation(page: 1, subtype: "Circle", rect: Rect(100, 100, 200, 200))
    #expect(differing(try render(document), before) == 0, "page 0 is unchanged")
    #expect(try viewState(document).view === kept.view, "and drawn from the kept view")
    // Page 0's layer is made once; a change on page 1 leaves it, one on page 0 makes it again.
    let square = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(300, 300, 400, 400))
    let shown = try render(document)
    let layer = try layerOfPage0(document)
    #expect(layer != nil)
    _ = try document.createAnnotation(page: 1, subtype: "Circle", rect: Rect(300, 100, 400, 200))
    #expect(differing(try render(document), shown) == 0)
    #expect(try layerOfPage0(document) === layer, "a change on another page keeps page 0's layer")
    try document.updateAnnotation(square, [.color(RGBColor(0, 0, 1))])
    #expect(differing(try render(document), shown) > 0)
    #expect(try layerOfPage0(document) !== layer, "a change of page 0's annotation makes its layer again")
    #expect(try viewState(document).view === kept.view)
  }

  @Test func aLayerMadeAgainReadsOnlyWhatChanged() throws {
    let document = try Document.open(bytes: ReliabilityTests.document(pageExtra: ""))
    _ = try render(document)
    let still = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(100, 100, 200, 200))
    let edited = try document.createAnnotation(page: 0, subtype: "Circle", rect: Rect(300, 300, 400, 400))
    _ = try render(document)
    let before = try keptText(document, still, edited)
    try document.updateAnnotation(edited, [.color(RGBColor(0, 0, 1))])
    _ = try render(document)
    let after = try keptText(document, still, edited)
    // The unchanged annotation's text is the one read before (the same storage); the edited
    // one's was read again.
    let kept = try #require(before.still), keptAgain = try #require(after.still)
    #expect(kept.withUnsafeBufferPointer { $0.baseAddress } == keptAgain.withUnsafeBufferPointer { $0.baseAddress })
    let old = try #require(before.edited), new = try #require(after.edited)
    #expect(old != new, "the recoloured circle's text is read again")
  }

  /// The texts the view chain keeps for layers of the annotations `still` and `edited`.
  private func keptText(
    _ document: Document, _ still: Int64, _ edited: Int64
  ) throws -> (still: [UInt8]?, edited: [UInt8]?) {
    try document.locked { () throws(PDFError) -> (still: [UInt8]?, edited: [UInt8]?) in
      func text(_ id: Int64) throws(PDFError) -> [UInt8]? {
        guard let identity = document.qpdf.identity(try document.annotationObject(id).object) else { return nil }
        return document.popplerChain?.layerTexts[identity]?.body
      }
      return (try text(still), try text(edited))
    }
  }

  /// The annotation layer kept for page 0, if any (held, as ``viewState(_:)`` holds views).
  private func layerOfPage0(_ document: Document) throws -> PopplerView? {
    try document.locked { () throws(PDFError) -> PopplerView? in
      let page = try document.pageObject(0)
      guard let identity = document.qpdf.identity(page) else { return nil }
      return document.popplerChain?.layers[identity]?.layer.view
    }
  }

  @Test func formWidgetsAndOptionalContentAreDrawnFromAnUpToDateView() throws {
    let widget = "/Annots [<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /Rect [100 600 300 630] /F 4 >>]"
    for bytes in [ReliabilityTests.document(annots: widget), Self.withOptionalContent()] {
      let document = try Document.open(bytes: bytes)
      _ = try render(document)
      let kept = try viewState(document)
      _ = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(100, 100, 200, 200))
      let shown = try render(document)
      #expect(try viewState(document).view !== kept.view, "the view is brought up to date")
      let saved = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) }
      #expect(differing(try render(Document.open(bytes: saved)), shown) == 0)
    }
  }

  @Test func theReachOfAChangeIsJudgedByWhatItChanges() throws {
    let document = try Document.open(bytes: ViewTests.document)
    let id = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(100, 100, 200, 200))
    let reaches = try document.locked { () throws(PDFError) -> [ChangeReach]? in
      let qpdf = document.qpdf
      let page = try document.pageObject(0)
      guard let annots = qpdf.entry(page, "/Annots"), let annotation = qpdf.items(annots)?.first,
        let contents = qpdf.entry(page, "/Contents")
      else { return nil }
      return [
        ChangeReach.ofEntry("/Annots", in: page, qpdf), ChangeReach.ofEntry("/Contents", in: page, qpdf),
        ChangeReach.ofEntry("/C", in: annotation, qpdf), ChangeReach.ofEntry("/Length", in: contents, qpdf),
        ChangeReach.ofItem(annotation, qpdf), ChangeReach.ofItem(contents, qpdf), ChangeReach.ofItem(page, qpdf),
      ]
    }
    #expect(reaches == [.annotations, .anything, .annotations, .anything, .annotations, .anything, .anything])
    // The information dictionary shows on no page: a new title keeps the view.
    let plain = try Document.open(bytes: ViewTests.document)
    _ = try render(plain)
    let kept = try viewState(plain)
    try plain.setMetadata("Title", "Kept")
    try plain.setMetadata("Subject", "Also kept")
    _ = try render(plain)
    #expect(try viewState(plain).view === kept.view)
    _ = id
  }

  /// `bytes` (one page) with a second page sharing its content.
  private static func twoPages(_ bytes: [UInt8]) throws -> [UInt8] {
    let document = try Document.open(bytes: bytes)
    try document.insertBlankPage(at: 1, width: 612, height: 792)
    return try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) }
  }

  /// A page with one optional content group in the catalog.
  private static func withOptionalContent() -> [UInt8] {
    let content = "BT /F1 12 Tf 72 720 Td (Hello world) Tj ET"
    return Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [6 0 R] /D << /OFF [6 0 R] >> >> >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
      "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      "<< /Type /OCG /Name (hidden) >>",
    ])
  }
}
