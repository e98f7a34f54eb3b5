// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// Creating and changing annotations of every subtype, with appearance streams, and reading
/// them back after a save.
@Suite struct AnnotationEditingTests {
  private func blank() throws -> Document {
    let document = try Document.makeNew()
    try document.insertBlankPage(at: 0, width: 612, height: 792)
    return document
  }

  private func reopen(_ document: Document) throws -> Document {
    try Document.open(bytes: try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) })
  }

  @Test(arguments: CreatableSubtype.names.sorted())
  func everySubtypeRoundTrips(subtype: String) throws {
    let document = try blank()
    let rect = Rect(100, 500, 300, 600)
    let id = try document.createAnnotation(page: 0, subtype: subtype, rect: rect)
    try document.updateAnnotation(id, [
      .color(RGBColor(0, 0.5, 1)), .opacity(0.75), .text(key: "Contents", value: "Grüße – ✓ note"),
      .text(key: "T", value: "Ann"), .text(key: "Subj", value: "Review"),
    ])
    let live = try document.annotationProperties(id)
    if Document.rectFollowsDrawing.contains(subtype) {
      #expect(live.rect.intersection(rect) != nil, "\(subtype): the rect follows the drawing")
    } else {
      #expect(live.rect == rect)
    }
    let saved = try reopen(document)
    let ids = try saved.annotations(onPage: 0)
    #expect(ids.count == 1)
    let back = try saved.annotationProperties(ids[0])
    #expect(back.subtype == subtype)
    #expect(back.rect == live.rect)
    #expect(back.color == RGBColor(0, 0.5, 1))
    #expect(back.opacity == 0.75)
    #expect(back.contents == "Grüße – ✓ note")
    #expect(try saved.annotationText(ids[0], key: "T") == "Ann")
    #expect(try saved.annotationText(ids[0], key: "NM")?.hasPrefix("pdftools-") == true)
    let hasAppearance = try saved.annotationRawValue(ids[0], key: "AP") != nil
    // Popups and borderless links have nothing to draw.
    #expect(hasAppearance == !["Popup", "Link"].contains(subtype), "\(subtype) appearance")
  }

  @Test func geometryPropertiesRoundTrip() throws {
    let document = try blank()
    let highlight = try document.createAnnotation(page: 0, subtype: "Highlight", rect: Rect(10, 10, 200, 40))
    let quads = [Quad(Point(10, 40), Point(200, 40), Point(10, 25), Point(200, 25)), Quad(Point(10, 25), Point(120, 25), Point(10, 10), Point(120, 10))]
    try document.updateAnnotation(highlight, [.quads(quads)])
    let ink = try document.createAnnotation(page: 0, subtype: "Ink", rect: Rect(300, 300, 400, 400))
    let strokes = [[Point(300, 300), Point(350, 380), Point(400, 300)], [Point(310, 310), Point(390, 310)]]
    try document.updateAnnotation(ink, [.ink(strokes), .border(width: 3, style: .solid, dashes: [])])
    let line = try document.createAnnotation(page: 0, subtype: "Line", rect: Rect(50, 600, 250, 700))
    try document.updateAnnotation(line, [.line(start: Point(60, 610), end: Point(240, 690), startEnding: .circle, endEnding: .closedArrow, leaderLength: 10, leaderExtension: 2), .interiorColor(RGBColor(1, 0, 0))])
    let polygon = try document.createAnnotation(page: 0, subtype: "Polygon", rect: Rect(400, 600, 550, 750))
    try document.updateAnnotation(polygon, [.vertices([Point(410, 610), Point(540, 610), Point(475, 740)]), .cloudy(1), .border(width: 2, style: .dashed, dashes: [4, 2])])
    let note = try document.createAnnotation(page: 0, subtype: "FreeText", rect: Rect(50, 100, 250, 200))
    try document.updateAnnotation(note, [.freeText(font: "Times-Roman", size: 14, color: RGBColor(0, 0, 1), alignment: 1, intent: "FreeTextCallout"), .callout([Point(300, 150), Point(270, 150), Point(250, 150)])])
    let saved = try reopen(document)
    let ids = try saved.annotations(onPage: 0)
    #expect(ids.count == 5)
    let all = try ids.map { try saved.annotationProperties($0) }
    #expect(all[0].quads == quads)
    #expect(all[1].inkStrokes == strokes && all[1].borderWidth == 3)
    #expect(all[2].line?.0 == Point(60, 610) && all[2].lineEndings.1 == .closedArrow && all[2].leaderLength == 10)
    #expect(all[2].interiorColor == RGBColor(1, 0, 0))
    #expect(all[3].vertices.count == 3 && all[3].cloudyIntensity == 1 && all[3].dashes == [4, 2])
    #expect(all[4].fontName == "Times-Roman" && all[4].fontSize == 14 && all[4].alignment == 1)
    #expect(all[4].textColor == RGBColor(0, 0, 1) && all[4].callout.count == 3)
    #expect(all[4].rect == Rect(50, 100, 250, 200), "the text box survives the callout widening /Rect")
    #expect(try saved.annotationRawValue(ids[4], key: "IT") == "/FreeTextCallout")
  }

  @Test func relationsLinksAndFiles() throws {
    let document = try blank()
    try document.insertBlankPage(at: 1, width: 612, height: 792)
    let note = try document.createAnnotation(page: 0, subtype: "Text", rect: Rect(10, 10, 30, 30))
    let popup = try document.addPopup(to: note, rect: Rect(40, 10, 200, 100), open: true)
    let reply = try document.createAnnotation(page: 0, subtype: "Text", rect: Rect(10, 40, 30, 60))
    try document.setReply(reply, to: note)
    #expect(try document.replyParent(of: reply) == note)
    let link = try document.createAnnotation(page: 0, subtype: "Link", rect: Rect(100, 100, 200, 120))
    try document.setLinkURI(link, "https://example.org/a?b=c")
    let jump = try document.createAnnotation(page: 0, subtype: "Link", rect: Rect(100, 130, 200, 150))
    try document.setLinkDestination(jump, page: 1)
    let file = try document.createAnnotation(page: 0, subtype: "FileAttachment", rect: Rect(300, 10, 320, 30))
    try document.setAttachment(file, name: "data ü.txt", bytes: Array("hello\u{0}world".utf8))
    try document.moveAnnotation(file, toZIndex: 0)
    #expect(try document.annotations(onPage: 0).first == file)
    let saved = try reopen(document)
    let ids = try saved.annotations(onPage: 0)
    #expect(ids.count == 6)
    let subtypes = try ids.map { try saved.annotationSubtype($0) }
    #expect(subtypes == ["FileAttachment", "Text", "Popup", "Text", "Link", "Link"])
    #expect(try saved.replyParent(of: ids[3]) == ids[1])
    #expect(try saved.annotationRawValue(ids[2], key: "Parent") != nil)
    #expect(try saved.linkURI(ids[4]) == "https://example.org/a?b=c")
    #expect(try saved.linkDestinationPage(ids[5]) == 1)
    let attached = try saved.attachment(ids[0])
    #expect(attached?.name == "data ü.txt" && attached?.bytes == Array("hello\u{0}world".utf8))
    try saved.deleteAnnotation(ids[1])
    #expect(try saved.annotations(onPage: 0).count == 4, "the popup goes with its parent")
    _ = popup
  }

  @Test func editsRewriteTheAnnotationsOwnAppearanceStream() throws {
    let document = try blank()
    let a = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(100, 100, 200, 200))
    let b = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(300, 100, 400, 200))
    let reference = try #require(try document.annotationRawValue(a, key: "AP"))
    func content(_ id: Int64) throws -> String { try Fixtures.appearanceContent(document, id) }
    let red = try content(a)
    for step in 1...5 { try document.updateAnnotation(a, [.color(RGBColor(0, Double(step) / 5, 0))]) }
    #expect(try document.annotationRawValue(a, key: "AP") == reference, "the same stream object is rewritten")
    #expect(try content(a) != red)
    #expect(try document.undo())
    #expect(try content(a) == red, "undo restores the stream's old content")
    // Each annotation has a stream of its own.
    try document.updateAnnotation(b, [.color(RGBColor(0, 0, 1))])
    #expect(try document.annotationRawValue(b, key: "AP") != reference)
    #expect(try content(a) == red)
  }

  @Test func invalidInputWritesNothing() throws {
    let document = try blank()
    expectError(.invalidArgument) { () throws(PDFError) in
      try document.createAnnotation(page: 0, subtype: "Bogus", rect: Rect(0, 0, 10, 10))
    }
    expectError(.invalidArgument) { () throws(PDFError) in
      try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(0, 0, 0, 10))
    }
    expectError(.invalidArgument) { () throws(PDFError) in
      try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(.nan, 0, 10, 10))
    }
    expectError(.outOfRange) { () throws(PDFError) in
      try document.createAnnotation(page: 4, subtype: "Square", rect: Rect(0, 0, 10, 10))
    }
    let id = try document.createAnnotation(page: 0, subtype: "Highlight", rect: Rect(0, 0, 10, 10))
    let before = try document.annotationProperties(id)
    expectError(.invalidArgument) { () throws(PDFError) in
      try document.updateAnnotation(id, [.color(RGBColor(1, 0, 0)), .quads([])])
    }
    expectError(.invalidArgument) { () throws(PDFError) in
      try document.updateAnnotation(id, [.ink([[Point(.infinity, 0)]])])
    }
    expectError(.invalidArgument) { () throws(PDFError) in try document.updateAnnotation(id, [.opacity(2)]) }
    #expect(try document.annotationProperties(id) == before, "nothing was half-written")
    try document.deleteAnnotation(id)
    expectError(.notFound) { () throws(PDFError) in try document.updateAnnotation(id, [.opacity(1)]) }
  }

  @Test func appearancesShowInRendering() throws {
    let document = try blank()
    var options = RenderOptions()
    options.scale = 1
    func pixels() throws -> [UInt8] {
      var buffer = [UInt8](repeating: 0, count: 612 * 792 * 4)
      try buffer.withUnsafeMutableBytes { raw in
        guard let base = raw.baseAddress else { return }
        try document.render(page: 0, options: options, into: base, width: 612, height: 792, stride: 612 * 4)
      }
      return buffer
    }
    let empty = try pixels()
    for (index, subtype) in ["Square", "Circle", "Highlight", "Ink", "Line", "FreeText", "Stamp", "Text"].enumerated() {
      let x = Double(40 + (index % 4) * 140)
      let y = Double(500 - (index / 4) * 200)
      let rect = Rect(x, y, x + 100, y + 80)
      let id = try document.createAnnotation(page: 0, subtype: subtype, rect: rect)
      if subtype == "FreeText" { try document.updateAnnotation(id, [.text(key: "Contents", value: "Hello there")]) }
      let drawn = try pixels()
      let maps = try document.transform(ofPage: 0)
      let area = maps.toDisplay.apply(rect)
      var inside = 0
      var outside = 0
      for row in 0..<792 {
        for column in 0..<612 {
          let offset = (row * 612 + column) * 4
          guard drawn[offset..<offset + 4] != empty[offset..<offset + 4] else { continue }
          let near = Double(column) >= area.x0 - 12 && Double(column) <= area.x1 + 12
            && Double(row) >= area.y0 - 12 && Double(row) <= area.y1 + 12
          if near { inside += 1 } else { outside += 1 }
        }
      }
      #expect(inside > 20, "\(subtype) draws inside its rect")
      #expect(outside == 0, "\(subtype) draws nothing far outside its rect")
      try document.deleteAnnotation(id)
    }
  }
}
