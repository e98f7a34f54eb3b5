// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// The tool manager: gestures for the tools on an unrotated page and on a page rotated 90°
/// with an offset crop box, overlays, notifications, undo, permissions and styles.
@Suite struct ToolManagerTests {
  /// Page 0: Letter, unrotated. Page 1: /Rotate 90 with crop box [36 48 576 744]. Both show
  /// "Hello World" and "Second line" in Courier 20 (12 pt per glyph) from (100, 600).
  static let bytes: [UInt8] = {
    let content = "BT /F1 20 Tf 100 600 Td (Hello World) Tj 0 -30 Td (Second line) Tj ET"
    return Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [4 0 R 5 0 R] /Count 2 /MediaBox [0 0 612 792] /Resources << /Font << /F1 6 0 R >> >> >>",
      "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
      "<< /Type /Page /Parent 2 0 R /Contents 3 0 R >>",
      "<< /Type /Page /Parent 2 0 R /Contents 3 0 R /Rotate 90 /CropBox [36 48 576 744] >>",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>",
    ])
  }()

  /// Records notifications.
  final class Recorder: @unchecked Sendable {
    let lock = Lock()
    var notes: [ToolNotification] = []
    func take() -> [ToolNotification] {
      lock.withLock {
        defer { notes.removeAll() }
        return notes
      }
    }
  }

  private func setUp() throws -> (Document, ToolManager, Recorder) {
    let document = try Document.open(bytes: ToolManagerTests.bytes)
    let tools = ToolManager(document: document)
    let recorder = Recorder()
    tools.setObserver { note in recorder.lock.withLock { recorder.notes.append(note) } }
    return (document, tools, recorder)
  }

  private func event(_ page: Int, _ x: Double, _ y: Double, _ modifiers: Modifiers = []) -> PointerEvent {
    PointerEvent(page: page, Point(x, y), modifiers: modifiers)
  }

  /// Drags from `a` to `b` in steps.
  @discardableResult
  private func drag(
    _ tools: ToolManager, page: Int, _ a: Point, _ b: Point, modifiers: Modifiers = [], steps: Int = 8,
    checkDuring: (() throws -> Void)? = nil
  ) throws -> Bool {
    _ = try tools.pointerDown(event(page, a.x, a.y, modifiers))
    for step in 1...steps {
      let t = Double(step) / Double(steps)
      _ = try tools.pointerMove(event(page, a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, modifiers))
    }
    try checkDuring?()
    return try tools.pointerUp(event(page, b.x, b.y, modifiers))
  }

  private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.5 }
  private func close(_ a: Rect, _ b: Rect) -> Bool {
    close(a.x0, b.x0) && close(a.y0, b.y0) && close(a.x1, b.x1) && close(a.y1, b.y1)
  }
  private func close(_ a: Point, _ b: Point) -> Bool { close(a.x, b.x) && close(a.y, b.y) }

  @Test(arguments: [0, 1]) func rectangleIsOneUndoStepAndOneShot(page: Int) throws {
    let (document, tools, recorder) = try setUp()
    try tools.setTool(.rectangle)
    _ = recorder.take()
    let transform = try document.transform(ofPage: page)
    try drag(tools, page: page, Point(100, 100), Point(200, 150)) {
      #expect(!document.isModified, "nothing is written while the pointer moves")
      let overlay = try tools.overlay(page: page, consume: true)
      #expect(overlay.items.map(\.kind) == [.rect])
      #expect(overlay.items.first?.points == [Point(100, 100), Point(200, 150)])
      #expect(overlay.dirty != nil)
    }
    let ids = try document.annotations(onPage: page)
    try #require(ids.count == 1)
    let id = ids[0]
    #expect(try document.annotationSubtype(id) == "Square")
    #expect(close(try document.annotationRect(id), transform.toPage.apply(Rect(100, 100, 200, 150))))
    let properties = try document.annotationProperties(id)
    #expect(properties.color == RGBColor(1, 0, 0))
    #expect(properties.borderWidth == 2)
    let kinds = recorder.take().map(\.kind)
    #expect(kinds == [.annotationsAdded, .undoState, .toolChanged, .selectionChanged])
    #expect(tools.tool.kind == .pan)
    #expect(tools.selection == [id])
    #expect(try document.undo())
    #expect(try document.annotations(onPage: page).isEmpty, "one undo removes the whole gesture")
    #expect(!document.undoState.canUndo)
    let afterUndo = recorder.take()
    #expect(afterUndo.contains { $0.kind == .selectionChanged && $0.ids.isEmpty }, "the undone annotation leaves the selection")
    #expect(afterUndo.contains { $0.kind == .undoState })
    #expect(tools.selection.isEmpty)
  }

  @Test func dragsThatNeverMovedOrStartOffThePageCreateNothing() throws {
    let (document, tools, _) = try setUp()
    try tools.setTool(.rectangle, sticky: true)
    try drag(tools, page: 0, Point(100, 100), Point(101, 100.5))
    #expect(try !tools.pointerDown(event(0, -5, 100)))
    _ = try tools.pointerMove(event(0, 100, 100))
    #expect(try !tools.pointerUp(event(0, 200, 200)))
    #expect(try document.annotations(onPage: 0).isEmpty)
    #expect(!document.isModified)
    #expect(tools.tool.kind == .rectangle, "a sticky tool stays")
  }

  @Test(arguments: [0, 1]) func linesSnapTo15DegreesWithShift(page: Int) throws {
    let (document, tools, _) = try setUp()
    let transform = try document.transform(ofPage: page)
    try tools.setTool(.arrow)
    try drag(tools, page: page, Point(100, 100), Point(200, 108), modifiers: .shift)
    let id = try #require(try document.annotations(onPage: page).first)
    let line = try #require(try document.annotationProperties(id).line)
    let length = (100.0 * 100 + 8 * 8).squareRoot()
    #expect(close(line.0, transform.toPage.apply(Point(100, 100))))
    #expect(close(line.1, transform.toPage.apply(Point(100 + length, 100))))
    #expect(try document.annotationProperties(id).lineEndings.1 == .openArrow)
  }

  @Test func rulerWritesItsLength() throws {
    let (document, tools, _) = try setUp()
    try tools.setTool(.ruler)
    try drag(tools, page: 0, Point(100, 100), Point(200, 100))
    let id = try #require(try document.annotations(onPage: 0).first)
    #expect(try document.annotationText(id, key: "Contents") == "100.00 pt")
    #expect(try document.annotationRawValue(id, key: "IT") == "/LineDimension")
    #expect(try document.annotationRawValue(id, key: "Measure") != nil)
    #expect(try document.annotationProperties(id).caption, "the length is shown as a caption")
    #expect(try document.annotationRawValue(id, key: "CP") == "/Top")
    #expect(try appearance(document, id).contains("(100.00 pt) Tj"))
    // Dragging an end re-measures.
    #expect(tools.tool.kind == .pan)
    try drag(tools, page: 0, Point(200, 100), Point(250, 100))
    #expect(tools.tool.kind == .lineEdit)
    #expect(try document.annotationText(id, key: "Contents") == "150.00 pt")
    #expect(try appearance(document, id).contains("(150.00 pt) Tj"))
    #expect(try document.undo())
    #expect(try document.annotationText(id, key: "Contents") == "100.00 pt")
    #expect(try document.undo())
    #expect(try document.annotations(onPage: 0).isEmpty)
  }

  /// The content of an annotation's normal appearance stream.
  private func appearance(_ document: Document, _ id: Int64) throws -> String {
    try Fixtures.appearanceContent(document, id)
  }

  @Test(arguments: [0, 1]) func highlightDragMarksTheText(page: Int) throws {
    let (document, tools, _) = try setUp()
    let transform = try document.transform(ofPage: page)
    try tools.setTool(.highlight)
    // From inside the first glyph of "Hello" to inside the last of "World", in display space.
    let a = transform.toDisplay.apply(Point(103, 605))
    let b = transform.toDisplay.apply(Point(229, 605))
    try drag(tools, page: page, a, b) {
      let quads = try tools.overlay(page: page, consume: false).items.filter { $0.kind == .quad }
      #expect(quads.count == 1, "the live selection shows as one quad per line")
    }
    let id = try #require(try document.annotations(onPage: page).first)
    #expect(try document.annotationSubtype(id) == "Highlight")
    #expect(try document.annotationText(id, key: "Contents") == "Hello World")
    let quads = try document.annotationProperties(id).quads
    #expect(quads.count == 1)
    let box = try #require(Extent(quads.flatMap(\.corners)).rect)
    #expect(close(box.x0, 100) && close(box.x1, 232), "the quad spans the glyphs")
    #expect(try document.undo())
    #expect(try document.annotations(onPage: page).isEmpty)
  }

  @Test func inkStrokesOfASessionAreOneAnnotationAndOneStep() throws {
    let (document, tools, recorder) = try setUp()
    try tools.setTool(.ink)
    try drag(tools, page: 0, Point(100, 100), Point(150, 140)) {
      let path = try tools.overlay(page: 0, consume: false).items.first { $0.kind == .path }
      #expect((path?.points.count ?? 0) >= 8, "the stroke shows while it is drawn")
      #expect(!document.isModified)
    }
    try drag(tools, page: 0, Point(200, 100), Point(250, 140))
    // Jitter below one unit adds no points.
    _ = try tools.pointerDown(event(0, 300, 300))
    for _ in 0..<20 { _ = try tools.pointerMove(event(0, 300.2, 300.3)) }
    _ = try tools.pointerUp(event(0, 300.3, 300.2))
    let ids = try document.annotations(onPage: 0)
    try #require(ids.count == 1)
    #expect(try document.annotationProperties(ids[0]).inkStrokes.count == 2)
    #expect(tools.tool.kind == .ink, "the ink tool stays for the session")
    #expect(try tools.key(.enter, modifiers: []))
    #expect(tools.tool.kind == .pan)
    #expect(tools.selection == ids)
    #expect(recorder.take().contains { $0.kind == .annotationsModified })
    #expect(try document.undo())
    #expect(try document.annotations(onPage: 0).isEmpty, "one undo removes the session")
  }

  @Test func polygonByTapsClosesOnTheFirstVertex() throws {
    let (document, tools, _) = try setUp()
    try tools.setTool(.cloud)
    for point in [Point(100, 100), Point(200, 100), Point(200, 200)] {
      #expect(try tools.tap(event(0, point.x, point.y)))
    }
    _ = try tools.pointerMove(event(0, 150, 250))
    let overlay = try tools.overlay(page: 0, consume: false).items
    #expect(overlay.first?.kind == .polygon && overlay.first?.points.count == 4, "vertices and the rubber point")
    #expect(try document.annotations(onPage: 0).isEmpty)
    _ = try tools.tap(event(0, 102, 101))
    let id = try #require(try document.annotations(onPage: 0).first)
    #expect(try document.annotationSubtype(id) == "Polygon")
    #expect(try document.annotationProperties(id).vertices.count == 3)
    #expect(try document.annotationProperties(id).cloudyIntensity == 1)
  }

  @Test func verticesUndoAndEscape() throws {
    let (document, tools, _) = try setUp()
    try tools.setTool(.perimeter)
    // down/up pairs count as taps; a host tap for the same press is not counted twice.
    for point in [Point(100, 100), Point(200, 100), Point(200, 200)] {
      _ = try tools.pointerDown(event(0, point.x, point.y))
      _ = try tools.pointerUp(event(0, point.x, point.y))
      _ = try tools.tap(event(0, point.x, point.y))
    }
    #expect(try tools.key(.backspace, modifiers: []))
    #expect(try tools.doubleTap(event(0, 200, 150)))
    let id = try #require(try document.annotations(onPage: 0).first)
    #expect(try document.annotationProperties(id).vertices.count == 3)
    #expect(try document.annotationText(id, key: "Contents") == "150.00 pt")
    try tools.setTool(.polyline)
    _ = try tools.tap(event(0, 300, 300))
    _ = try tools.tap(event(0, 400, 300))
    #expect(try tools.key(.escape, modifiers: []))
    #expect(try tools.key(.enter, modifiers: []) == false)
    #expect(try document.annotations(onPage: 0).count == 1)
  }

  @Test func stickyNoteWaitsForItsText() throws {
    let (document, tools, recorder) = try setUp()
    try tools.setTool(.stickyNote)
    _ = recorder.take()
    #expect(try tools.tap(event(0, 300, 300)))
    #expect(recorder.take().map(\.kind) == [.requestText])
    #expect(try document.annotations(onPage: 0).isEmpty)
    #expect(try tools.overlay(page: 0, consume: false).items.contains { $0.kind == .caret })
    try tools.commitText("Remember this")
    let id = try #require(try document.annotations(onPage: 0).first)
    #expect(try document.annotationSubtype(id) == "Text")
    #expect(try document.annotationText(id, key: "Contents") == "Remember this")
    #expect(try document.annotationProperties(id).iconName == "Comment")
    expectError(.notFound) { () throws(PDFError) in
      try tools.setTool(.stickyNote)
      try tools.commitText("nothing waits")
    }
  }

  @Test func linkAsksForItsTargetAndFollows() throws {
    let (document, tools, recorder) = try setUp()
    try tools.setTool(.link)
    try drag(tools, page: 0, Point(300, 300), Point(400, 340))
    #expect(recorder.take().last?.kind == .requestLinkTarget)
    try tools.provideLinkURI("https://example.org/")
    let id = try #require(try document.annotations(onPage: 0).first)
    #expect(try document.linkURI(id) == "https://example.org/")
    _ = recorder.take()
    _ = try tools.pointerDown(event(0, 350, 320))
    _ = try tools.pointerUp(event(0, 350, 320))
    let followed = recorder.take().first { $0.kind == .linkActivated }
    #expect(followed?.text == "https://example.org/")
  }

  @Test(arguments: [0, 1]) func moveAndResizeBySelectionHandles(page: Int) throws {
    let (document, tools, _) = try setUp()
    let transform = try document.transform(ofPage: page)
    try tools.setTool(.rectangle)
    try drag(tools, page: page, Point(100, 100), Point(200, 150))
    let id = try #require(try document.annotations(onPage: page).first)
    // Pan hands the press to the edit tool, which moves the annotation.
    try tools.setTool(.pan)
    try drag(tools, page: page, Point(150, 125), Point(170, 135))
    #expect(tools.tool.kind == .annotationEdit)
    #expect(close(try document.annotationRect(id), transform.toPage.apply(Rect(120, 110, 220, 160))))
    // Handle 4 (bottom right) with Shift keeps the 2:1 aspect.
    let handles = try tools.overlay(page: page, consume: false).items.filter { $0.kind == .handle }
    #expect(handles.count == 8)
    try drag(tools, page: page, Point(220, 160), Point(320, 170), modifiers: .shift)
    #expect(close(try document.annotationRect(id), transform.toPage.apply(Rect(120, 110, 320, 210))))
    #expect(try document.undo())
    #expect(close(try document.annotationRect(id), transform.toPage.apply(Rect(120, 110, 220, 160))))
    // Arrow keys nudge; a run of nudges is one step.
    for _ in 0..<5 { _ = try tools.key(.right, modifiers: .shift) }
    #expect(close(try document.annotationRect(id), transform.toPage.apply(Rect(170, 110, 270, 160))))
    #expect(try document.undo())
    #expect(close(try document.annotationRect(id), transform.toPage.apply(Rect(120, 110, 220, 160))))
    #expect(try tools.key(.delete, modifiers: []))
    #expect(try document.annotations(onPage: page).isEmpty)
  }

  @Test func hitTestingTellsTheHostWhatIsUnderThePointer() throws {
    let (document, tools, _) = try setUp()
    try tools.setTool(.rectangle)
    try drag(tools, page: 0, Point(300, 300), Point(400, 350))
    let id = try #require(try document.annotations(onPage: 0).first)
    let before = try UndoTests.dump(document)
    // The selected rectangle's bottom-right handle, its body, text, and nothing.
    #expect(try tools.hitTest(event(0, 401, 351)) == ToolHit(annotation: id, handle: (.box, 4)))
    #expect(try tools.hitTest(event(0, 350, 320)) == ToolHit(annotation: id))
    let text = try document.transform(ofPage: 0).toDisplay.apply(Point(110, 605))
    #expect(try tools.hitTest(event(0, text.x, text.y)) == ToolHit(onText: true))
    #expect(try tools.hitTest(event(0, 500, 700)) == ToolHit())
    #expect(try tools.hitTest(event(0, -10, 700)) == ToolHit(), "off the page")
    try tools.setMode(.viewer)
    #expect(try tools.hitTest(event(0, 350, 320)) == ToolHit(), "viewer mode picks no annotation")
    #expect(try UndoTests.dump(document) == before, "hit testing writes nothing")
    expectError(.outOfRange) { () throws(PDFError) in try tools.hitTest(self.event(9, 1, 1)) }
  }

  @Test func lockedAnnotationsStayAndViewerModeCreatesNothing() throws {
    let (document, tools, _) = try setUp()
    try tools.setTool(.rectangle)
    try drag(tools, page: 0, Point(100, 100), Point(200, 150))
    let id = try #require(try document.annotations(onPage: 0).first)
    try document.updateAnnotation(id, [.flags(4 | 128)])
    let before = try document.annotationRect(id)
    try drag(tools, page: 0, Point(150, 125), Point(250, 225))
    #expect(try document.annotationRect(id) == before, "a Locked annotation is not moved")
    #expect(tools.selection == [id], "but it is selected")
    expectError(.notPermitted) { () throws(PDFError) in try tools.deleteSelection() }
    try tools.setMode(.viewer)
    expectError(.notPermitted) { () throws(PDFError) in try tools.setTool(.ink) }
    let count = try document.annotations(onPage: 0).count
    #expect(try !tools.pointerDown(event(0, 400, 400)), "an empty-space drag in viewer mode is the host's scroll")
    _ = try tools.pointerUp(event(0, 450, 450))
    #expect(try document.annotations(onPage: 0).count == count)
  }

  @Test func documentsWithoutAnnotationRightsRefuse() throws {
    let document = try Document.open(path: Fixtures.corpusFile("qpdf-enc-r2-rc4-40.pdf"), password: "view")
    let tools = ToolManager(document: document)
    #expect(tools.mode == .viewer)
    expectError(.notPermitted) { () throws(PDFError) in try tools.setMode(.annotate) }
    expectError(.notPermitted) { () throws(PDFError) in try tools.setTool(.highlight) }
  }

  @Test func eraserRemovesTouchedStrokes() throws {
    let (document, tools, recorder) = try setUp()
    try tools.setTool(.ink, sticky: true)
    try drag(tools, page: 0, Point(100, 100), Point(300, 100))
    try drag(tools, page: 0, Point(100, 200), Point(300, 200))
    let id = try #require(try document.annotations(onPage: 0).first)
    try tools.setTool(.eraser)
    _ = recorder.take()
    try drag(tools, page: 0, Point(200, 80), Point(200, 120))
    #expect(try document.annotationProperties(id).inkStrokes.count == 1)
    #expect(recorder.take().contains { $0.kind == .annotationsModified && $0.ids == [id] })
    try drag(tools, page: 0, Point(150, 180), Point(150, 220))
    #expect(try document.annotations(onPage: 0).isEmpty, "an ink without strokes is deleted")
    #expect(try document.undo())
    #expect(try document.annotationProperties(id).inkStrokes.count == 1)
  }

  @Test func eraserFollowsTheDrawnShapeOfLines() throws {
    let (document, tools, _) = try setUp()
    try tools.setTool(.line)
    try drag(tools, page: 0, Point(100, 100), Point(300, 300))
    let id = try #require(try document.annotations(onPage: 0).first)
    try tools.setTool(.eraser, sticky: true)
    // Inside the line's box, far from the line itself.
    try drag(tools, page: 0, Point(280, 110), Point(280, 140))
    #expect(try document.annotations(onPage: 0) == [id], "an eraser in the empty corner of the box keeps the line")
    #expect(!document.undoState.canUndo || document.undoState.undoLabel == "Add Line")
    try drag(tools, page: 0, Point(180, 220), Point(220, 180))
    #expect(try document.annotations(onPage: 0).isEmpty, "crossing the line erases it")
  }

  @Test func stylesApplyToTheSelectionOrBecomeDefaults() throws {
    let (document, tools, _) = try setUp()
    var style = tools.style(for: .rectangle)
    style.color = RGBColor(0, 0, 1)
    try tools.setStyle(style, for: .rectangle)
    #expect(tools.style(for: .rectangle).color == RGBColor(0, 0, 1))
    try tools.setTool(.rectangle)
    try drag(tools, page: 0, Point(100, 100), Point(200, 150))
    let id = try #require(try document.annotations(onPage: 0).first)
    #expect(try document.annotationProperties(id).color == RGBColor(0, 0, 1))
    let steps = document.undoState
    #expect(steps.canUndo)
    // A colour slider on the selection: one step, the default untouched.
    for green in [0.2, 0.4, 0.6] {
      style.color = RGBColor(0, green, 0)
      try tools.setStyle(style, for: .rectangle)
    }
    #expect(try document.annotationProperties(id).color == RGBColor(0, 0.6, 0))
    #expect(tools.style(for: .rectangle).color == RGBColor(0, 0, 1))
    #expect(try document.undo())
    #expect(try document.annotationProperties(id).color == RGBColor(0, 0, 1), "the slider was one step")
    // A toolbar's width button changes the width alone.
    var thin = ToolStyle(color: RGBColor(1, 0, 1))
    thin.width = 7
    try tools.setStyle(thin, for: .rectangle, fields: .border)
    #expect(try document.annotationProperties(id).borderWidth == 7)
    #expect(try document.annotationProperties(id).color == RGBColor(0, 0, 1))
    // Styles round-trip through JSON; bad documents change nothing.
    try tools.addPreset("Thick", style: style, for: .rectangle)
    let exported = tools.exportStyles()
    let other = ToolManager(document: document)
    try other.importStyles(exported)
    #expect(other.style(for: .rectangle) == tools.style(for: .rectangle))
    #expect(other.presets(for: .rectangle) == tools.presets(for: .rectangle))
    expectError(.invalidArgument) { () throws(PDFError) in
      try other.importStyles(#"{"tools":{"line":{"style":{"width":2}},"oval":{"style":{"opacity":7}}}}"#)
    }
    #expect(other.style(for: .line).width == 2 && other.style(for: .line) == ToolStyle.builtIn(.line))
    expectError(.invalidArgument) { () throws(PDFError) in try other.importStyles("{") }
  }

  @Test func stylesAreSnapshottedAtPointerDown() throws {
    let (document, tools, _) = try setUp()
    try tools.setTool(.oval)
    _ = try tools.pointerDown(event(0, 100, 100))
    _ = try tools.pointerMove(event(0, 150, 150))
    var style = tools.style(for: .oval)
    style.color = RGBColor(0, 1, 0)
    try tools.setStyle(style, for: .oval)
    _ = try tools.pointerUp(event(0, 200, 200))
    let id = try #require(try document.annotations(onPage: 0).first)
    #expect(try document.annotationProperties(id).color == RGBColor(1, 0, 0))
  }

  @Test func failedStepsLeaveNothingBehind() throws {
    let (document, _, _) = try setUp()
    let before = try UndoTests.dump(document)
    expectError(.invalidArgument) { () throws(PDFError) in
      try document.performStep("Broken") { () throws(PDFError) in
        let id = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(10, 10, 50, 50))
        try document.updateAnnotation(id, [.opacity(5)])
      }
    }
    #expect(try UndoTests.dump(document) == before)
    #expect(!document.undoState.canUndo)
    #expect(!document.isModified)
  }

  @Test func failedStepsRollBackWithTheJournalOffAndInsideAHostGroup() throws {
    let (document, _, _) = try setUp()
    let before = try UndoTests.dump(document)
    let broken = { () throws(PDFError) in
      try document.performStep("Broken") { () throws(PDFError) in
        let id = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(10, 10, 50, 50))
        try document.updateAnnotation(id, [.opacity(5)])
      }
    }
    try document.setUndoEnabled(false)
    expectError(.invalidArgument) { () throws(PDFError) in try broken() }
    #expect(try UndoTests.dump(document) == before, "rolled back with the journal off")
    try document.setUndoEnabled(true)
    try document.beginGroup("Host")
    _ = try document.createAnnotation(page: 0, subtype: "Circle", rect: Rect(100, 100, 150, 150))
    let inGroup = try UndoTests.dump(document)
    expectError(.invalidArgument) { () throws(PDFError) in try broken() }
    #expect(try UndoTests.dump(document) == inGroup, "only the failed step is taken back")
    try document.endGroup()
    #expect(try document.undo())
    #expect(try UndoTests.dump(document) == before)
  }

  @Test func callbacksMayCallBackIntoTheManager() throws {
    let (document, tools, _) = try setUp()
    let seen = Recorder()
    // The host's undo callback and the manager's observer both ask the manager for its tool.
    document.setUndoObserver {
      let tool = tools.tool.kind
      seen.lock.withLock { seen.notes.append(ToolNotification(kind: .undoState, tool: tool)) }
    }
    tools.setObserver { note in
      if note.kind == .annotationsAdded { _ = tools.selection }
    }
    let other = ToolManager(document: document)
    let otherSaw = Recorder()
    other.setObserver { note in
      _ = tools.tool
      otherSaw.lock.withLock { otherSaw.notes.append(note) }
    }
    try tools.setTool(.rectangle)
    try drag(tools, page: 0, Point(100, 100), Point(200, 150))
    #expect(try document.annotations(onPage: 0).count == 1)
    #expect(!seen.take().isEmpty, "the host's undo callback ran (without a deadlock)")
    #expect(otherSaw.take().contains { $0.kind == .undoState }, "another manager hears of the step")
  }

  @Test func badEventsAreRefused() throws {
    let (_, tools, _) = try setUp()
    expectError(.invalidArgument) { () throws(PDFError) in try tools.pointerDown(self.event(0, .nan, 1)) }
    expectError(.outOfRange) { () throws(PDFError) in try tools.pointerDown(self.event(7, 1, 1)) }
    expectError(.outOfRange) { () throws(PDFError) in try tools.overlay(page: -1, consume: true) }
  }
}
