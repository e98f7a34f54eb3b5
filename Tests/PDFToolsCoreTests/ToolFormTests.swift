// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// The tool manager and forms: filling by taps, typing and Tab in viewer mode, designing in
/// form mode, on an unrotated page and on a page turned 90 degrees.
@Suite struct ToolFormTests {
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

  /// Two pages (the second turned 90 degrees), each with text field `name<page>`, check box
  /// `agree<page>`, radio group `size<page>` (S, M) and combo box `city<page>`.
  private func setUp() throws -> (Document, ToolManager, Recorder) {
    let document = try Document.makeNew()
    try document.insertBlankPage(at: 0, width: 612, height: 792)
    try document.insertBlankPage(at: 1, width: 612, height: 792)
    try document.setPageRotation(1, 90)
    for page in 0..<2 {
      var text = FieldSpec(type: .text, name: "name\(page)", page: page, rect: Rect(100, 700, 300, 720))
      text.style.fontSize = 12
      _ = try document.createField(text)
      _ = try document.createField(FieldSpec(type: .checkbox, name: "agree\(page)", page: page, rect: Rect(100, 660, 116, 676)))
      var radio = FieldSpec(type: .radio, name: "size\(page)", page: page, rect: Rect(100, 620, 116, 636))
      radio.options = [FieldOption(exportValue: "S", displayName: "S")]
      let size = try document.createField(radio)
      _ = try document.addFieldWidget(size, page: page, rect: Rect(130, 620, 146, 636), exportValue: "M")
      var combo = FieldSpec(type: .comboBox, name: "city\(page)", page: page, rect: Rect(100, 580, 300, 600))
      combo.options = [FieldOption(exportValue: "Paris", displayName: "Paris")]
      _ = try document.createField(combo)
    }
    try document.clearUndo()
    let tools = ToolManager(document: document)
    try tools.setMode(.viewer)
    let recorder = Recorder()
    tools.setObserver { note in recorder.lock.withLock { recorder.notes.append(note) } }
    return (document, tools, recorder)
  }

  /// The display-space centre of the widget of field `name` (its first widget, or `index`).
  private func centre(_ document: Document, _ name: String, widget index: Int = 0) throws -> (page: Int, point: Point) {
    let widget = try document.formField(try document.findField(named: name)).widgets[index]
    let frame = try document.transform(ofPage: widget.page).toDisplay.apply(widget.rect)
    return (widget.page, Point((frame.x0 + frame.x1) / 2, (frame.y0 + frame.y1) / 2))
  }

  private func tap(_ tools: ToolManager, _ at: (page: Int, point: Point)) throws -> Bool {
    try tools.tap(PointerEvent(page: at.page, at.point))
  }

  private func value(_ document: Document, _ name: String) throws -> [String] {
    try document.formField(try document.findField(named: name)).values
  }

  @Test(arguments: [0, 1])
  func tapsFillButtonsAndTypingFillsText(page: Int) throws {
    let (document, tools, recorder) = try setUp()
    #expect(try tap(tools, try centre(document, "agree\(page)")))
    #expect(try value(document, "agree\(page)") == ["Yes"])
    #expect(recorder.take().contains { $0.kind == .annotationsModified })
    #expect(try tap(tools, try centre(document, "agree\(page)")) && value(document, "agree\(page)") == ["Off"])
    #expect(try tap(tools, try centre(document, "size\(page)", widget: 1)) && value(document, "size\(page)") == ["M"])
    // A press and release on the widget is a tap too.
    let small = try centre(document, "size\(page)")
    _ = try tools.pointerDown(PointerEvent(page: small.page, small.point))
    _ = try tools.pointerUp(PointerEvent(page: small.page, small.point))
    #expect(try value(document, "size\(page)") == ["S"])

    _ = recorder.take()
    #expect(try tap(tools, try centre(document, "name\(page)")))
    #expect(recorder.take().contains { $0.kind == .fieldFocused && $0.text == "name\(page)" })
    for piece in ["A", "d", "a", " L"] { #expect(try tools.inputText(piece)) }
    #expect(try tools.key(.backspace, modifiers: []) && tools.key(.left, modifiers: []))
    #expect(try tools.inputText("x"))
    #expect(try value(document, "name\(page)") == ["Adax "])
    // The caret and the focus ring are drawn inside the widget.
    let widget = try document.formField(try document.findField(named: "name\(page)")).widgets[0]
    let frame = try document.transform(ofPage: page).toDisplay.apply(widget.rect)
    let items = try tools.overlay(page: page, consume: true).items
    let caret = try #require(items.first { $0.kind == .caret })
    #expect(caret.points.allSatisfy { frame.grown(by: 0.5).contains($0) }, "\(caret.points) in \(frame)")
    #expect(items.contains { $0.kind == .rect && $0.annotation == widget.annotationID })
    // Typing was one undo step.
    #expect(try document.undo() && value(document, "name\(page)").isEmpty)
    #expect(try document.redo() && value(document, "name\(page)") == ["Adax "])
  }

  @Test func escapeEnterTabAndChoices() throws {
    let (document, tools, recorder) = try setUp()
    try document.setFieldValue(try document.findField(named: "name0"), "keep")
    #expect(try tap(tools, try centre(document, "name0")))
    #expect(try tools.inputText("ing"))
    #expect(try value(document, "name0") == ["keeping"])
    #expect(try tools.key(.escape, modifiers: []))
    #expect(try value(document, "name0") == ["keep"], "Escape gives the value back")
    #expect(!(try tools.inputText("x")), "no field has the focus")
    // Tab walks the fields that can be filled, in page order; a radio group is one stop.
    var visited: [String] = []
    _ = recorder.take()
    for _ in 0..<9 {
      #expect(try tools.key(.tab, modifiers: []))
      if let note = recorder.take().last(where: { $0.kind == .fieldFocused && $0.text != nil }) { visited.append(note.text ?? "") }
    }
    #expect(visited == ["name0", "agree0", "size0", "city0", "name1", "agree1", "size1", "city1", "name0"])
    #expect(try tools.key(.tab, modifiers: [.shift]))
    #expect(recorder.take().last { $0.kind == .fieldFocused }?.text == "city1")
    // Enter on a focused check box toggles it.
    #expect(try tools.key(.tab, modifiers: [.shift]) && tools.key(.tab, modifiers: [.shift]))
    #expect(try tools.key(.enter, modifiers: []))
    #expect(try value(document, "agree1") == ["Yes"])
    // A combo box asks the host for the choice.
    _ = recorder.take()
    #expect(try tap(tools, try centre(document, "city0")))
    let request = try #require(recorder.take().first { $0.kind == .requestChoice })
    #expect(request.text == "city0" && request.ids.count == 1)
  }

  @Test func formModeDesignsFields() throws {
    let (document, tools, _) = try setUp()
    expectError(.notPermitted) { () throws(PDFError) in try tools.setTool(.formText) }
    try tools.setMode(.form)
    try tools.setTool(.formText)
    _ = try tools.pointerDown(PointerEvent(page: 0, Point(100, 300)))
    _ = try tools.pointerMove(PointerEvent(page: 0, Point(200, 320)))
    _ = try tools.pointerUp(PointerEvent(page: 0, Point(300, 330)))
    let made = try document.findField(named: "Text1")
    let widget = try #require(try document.formField(made).widgets.first)
    #expect(tools.selection == [widget.annotationID] && tools.tool.kind == .annotationEdit)
    #expect(try document.transform(ofPage: 0).toDisplay.apply(widget.rect) == Rect(100, 300, 300, 330))
    // Drag the selected widget by 50 to the right: the field moves (and is laid out again).
    _ = try tools.pointerDown(PointerEvent(page: 0, Point(200, 315)))
    _ = try tools.pointerMove(PointerEvent(page: 0, Point(225, 315)))
    _ = try tools.pointerUp(PointerEvent(page: 0, Point(250, 315)))
    #expect(try document.formField(made).widgets[0].rect.x0 == widget.rect.x0 + 50)
    // A second field of the same kind gets the next name; Delete removes the selected field.
    try tools.setTool(.formCheckbox)
    _ = try tools.pointerDown(PointerEvent(page: 0, Point(100, 400)))
    _ = try tools.pointerMove(PointerEvent(page: 0, Point(110, 410)))
    _ = try tools.pointerUp(PointerEvent(page: 0, Point(116, 416)))
    let box = try document.findField(named: "Check Box1")
    #expect(try tools.key(.delete, modifiers: []))
    expectError(.notFound) { () throws(PDFError) in try document.formField(box) }
    // Taps in form mode select widgets instead of filling them.
    #expect(try tap(tools, try centre(document, "agree0")))
    #expect(try value(document, "agree0") == ["Off"] && tools.selection.count == 1)
    try tools.setMode(.annotate)
    expectError(.notPermitted) { () throws(PDFError) in try tools.setTool(.formRadio) }
  }

  @Test func joinedCharactersKeepTheCaretInRange() throws {
    let (document, tools, _) = try setUp()
    let name = try document.findField(named: "name0")
    try document.setFieldFlags(name, [.multiline])
    #expect(try tap(tools, try centre(document, "name0")))
    #expect(try tools.inputText("\r") && tools.key(.enter, modifiers: []))
    #expect(try tools.key(.left, modifiers: [.shift]) && tools.inputText("e") && tools.inputText("\u{301}"))
    #expect(try tools.key(.left, modifiers: [.shift]))
    let items = try tools.overlay(page: 0, consume: true).items
    #expect(items.contains { $0.kind == .caret })
    // Swift compares text by canonical equivalence: "e" + U+0301 equals U+00E9.
    #expect(try value(document, "name0") == ["\u{e9}"])
  }
}
