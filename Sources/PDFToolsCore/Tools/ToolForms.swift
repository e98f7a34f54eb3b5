// SPDX-License-Identifier: GPL-3.0-or-later
/// A form field being filled through the tools.
struct FieldFocus {
  /// The field.
  var field: Int64
  /// The widget (annotation id) that has the focus.
  var widget: Int64
  /// The field's type.
  var type: FieldType
  /// A text field's text as typed so far (nil for other types).
  var text: [Character]?
  /// The caret, a character offset into `text`.
  var caret = 0
  /// The other end of the selection (equal to `caret`: none).
  var anchor = 0
  /// The field's value when it took the focus (Escape brings it back).
  var original: [String]
  /// Multiline text field.
  var multiline: Bool
  /// /MaxLen, nil without one.
  var maxLength: Int?
}

extension ToolManager {
  /// True in the modes where annotations (annotate) or widgets (form) are selected and edited.
  var editsAnnotations: Bool { currentMode == .annotate || currentMode == .form }

  /// Whether `info` can be selected in the current mode: widgets in form mode, other
  /// selectable annotations in annotate mode.
  func selectable(_ info: AnnotationInfo) -> Bool {
    if currentMode == .form { return info.subtype == "Widget" && !info.isHidden && !info.isReadOnly }
    return info.isSelectable
  }

  /// Whether the mode and the permissions allow `tool` now.
  func toolAllowed(_ tool: ToolKind) -> Bool {
    switch currentMode {
    case .annotate: return tool.fieldType == nil && document.permissions.contains(.annotate)
    case .form: return tool.isFormTool && document.permissions.contains([.annotate, .modify])
    case .viewer, .pageEdit: return tool.isViewerTool
    }
  }

  /// Throws NOT_PERMITTED unless the document allows designing its form.
  func requireFormDesign() throws(PDFError) {
    guard document.permissions.contains([.annotate, .modify]) else {
      throw PDFError(.notPermitted, "the document's permissions do not allow changing its form")
    }
  }

  /// The topmost visible widget of a field under display point `point` of `page`, or nil.
  func widget(at point: Point, page: Int, tolerance: Double) throws(PDFError) -> Int64? {
    let transform = try document.transform(ofPage: page)
    for id in try document.annotations(onPage: page).reversed() where try document.annotationSubtype(id) == "Widget" {
      let info = AnnotationInfo(id: id, page: page, subtype: "Widget", flags: try document.annotationFlags(id))
      guard !info.isHidden else { continue }
      let frame = transform.toDisplay.apply(try document.annotationRect(id))
      guard frame.grown(by: tolerance).contains(point) else { continue }
      guard (try? document.field(ofWidget: id)) != nil else { continue }
      return id
    }
    return nil
  }

  /// A tap on widget `id`: a check box toggles, a radio button turns on, a text field takes
  /// the focus for typing, a combo or list box asks the host to show its options. Read-only
  /// and locked fields only take the focus (nothing changes). Call under the lock.
  func activateWidget(_ id: Int64) throws(PDFError) {
    let fieldID = try document.field(ofWidget: id)
    let field = try document.formField(fieldID)
    let page = try document.annotationPage(id)
    let fixed = field.flags.contains(.readOnly) || field.isLocked
    let state = field.widgets.first(where: { $0.annotationID == id })
    switch field.type {
    case .checkbox where !fixed:
      try endFieldFocus()
      guard let state, let on = state.onState else { return }
      try document.setFieldValue(fieldID, state.isOn ? "Off" : on)
      reportFieldChange(field, page: page)
      focus(field, widget: id)
    case .radio where !fixed:
      try endFieldFocus()
      // Already on (and the group shows only it): nothing to write.
      guard let on = state?.onState, !field.widgets.allSatisfy({ $0.isOn == ($0.onState == on) }) else { return }
      try document.setFieldValue(fieldID, on)
      reportFieldChange(field, page: page)
      focus(field, widget: id)
    case .comboBox, .listBox:
      try endFieldFocus()
      focus(field, widget: id)
      if !fixed { notify(.requestChoice, page: page, ids: [id], text: field.name) }
    case .text:
      if fieldFocus?.field == fieldID, fieldFocus?.widget == id { return }
      try endFieldFocus()
      focus(field, widget: id)
    default:
      try endFieldFocus()
    }
  }

  /// Gives `field` the focus at widget `widget` (the caret at the end of a text field's text).
  private func focus(_ field: FormField, widget: Int64) {
    var focus = FieldFocus(
      field: field.id, widget: widget, type: field.type, text: nil, original: field.values,
      multiline: field.flags.contains(.multiline), maxLength: field.maxLength)
    if field.type == .text, !field.flags.contains(.readOnly), !field.isLocked {
      let text = Array(field.values.first ?? "")
      focus.text = text
      focus.caret = text.count
      focus.anchor = text.count
    }
    fieldFocus = focus
    notify(.fieldFocused, page: (try? document.annotationPage(widget)) ?? -1, ids: [widget], text: field.name)
  }

  /// Drops the focus when its field or widget is gone, and takes the field's value again when
  /// it changed under the focus (undo, redo, the field functions); call under the lock.
  func syncFocus() throws(PDFError) {
    guard var focus = fieldFocus else { return }
    guard (try? document.annotationPage(focus.widget)) != nil, let field = try? document.formField(focus.field) else {
      try endFieldFocus()
      return
    }
    guard let text = focus.text, String(text) != (field.values.first ?? "") else { return }
    let now = Array(field.values.first ?? "")
    focus.text = now
    focus.caret = now.count
    focus.anchor = now.count
    fieldFocus = focus
  }

  /// Ends the focus (the value typed is already written); call under the lock.
  func endFieldFocus() throws(PDFError) {
    guard fieldFocus != nil else { return }
    fieldFocus = nil
    notify(.fieldFocused)
  }

  /// Reports that `field`'s widgets were redrawn and an undo step written.
  private func reportFieldChange(_ field: FormField, page: Int) {
    notify(.annotationsModified, page: page, ids: field.widgets.map(\.annotationID).filter { $0 != 0 })
    notify(.undoState)
  }

  /// Types `text` into the focused text field: it replaces the selection at the caret. Newlines
  /// are kept in multiline fields only; characters past /MaxLen are dropped. False when no text
  /// field has the focus. Each call writes the value (consecutive calls merge into one undo step).
  public func inputText(_ text: String) throws(PDFError) -> Bool {
    try run { () throws(PDFError) -> Bool in
      try syncFocus()
      guard var focus = fieldFocus, focus.text != nil else { return false }
      var typed = Array(text)
      if !focus.multiline { typed = typed.filter { !$0.isNewline } }
      try replaceSelection(&focus, with: typed)
      return true
    }
  }

  /// Replaces the focused field's selection with `typed` and writes the value.
  private func replaceSelection(_ focus: inout FieldFocus, with typed: [Character]) throws(PDFError) {
    guard var text = focus.text else { return }
    let low = min(focus.caret, focus.anchor, text.count), high = min(max(focus.caret, focus.anchor), text.count)
    var insert = typed
    if let limit = focus.maxLength { insert = Array(insert.prefix(max(limit - (text.count - (high - low)), 0))) }
    text.replaceSubrange(low..<high, with: insert)
    try document.setFieldValue(focus.field, String(text))
    // The text as the field holds it: characters typed apart may join ("\r" and "\n", a letter
    // and a combining accent); the caret stays within it.
    let joined = Array(String(text))
    focus.text = joined
    focus.caret = min(low + insert.count, joined.count)
    focus.anchor = focus.caret
    fieldFocus = focus
    let field = try document.formField(focus.field)
    reportFieldChange(field, page: try document.annotationPage(focus.widget))
  }

  /// A key while a field has the focus; nil when the focus does not take it. Call under the lock.
  func fieldKey(_ key: ToolKey, modifiers: Modifiers) throws(PDFError) -> Bool? {
    try syncFocus()
    guard var focus = fieldFocus else { return nil }
    let shift = modifiers.contains(.shift)
    switch key {
    case .tab:
      try moveFocus(backwards: shift)
      return true
    case .escape:
      if focus.text != nil, (try? document.formField(focus.field).values) != focus.original {
        try document.setFieldValue(focus.field, focus.original.first ?? "")
        reportFieldChange(try document.formField(focus.field), page: try document.annotationPage(focus.widget))
      }
      try endFieldFocus()
      return true
    case .enter:
      if focus.text != nil, focus.multiline {
        try replaceSelection(&focus, with: ["\n"])
        return true
      }
      if focus.text == nil, focus.type.isButtonWithState {
        try activateWidget(focus.widget)
        return true
      }
      try endFieldFocus()
      return true
    case .left, .right:
      guard let text = focus.text else { return nil }
      let low = min(focus.caret, focus.anchor), high = max(focus.caret, focus.anchor)
      if !shift, low != high {
        focus.caret = key == .left ? low : high
      } else {
        focus.caret = min(max(focus.caret + (key == .left ? -1 : 1), 0), text.count)
      }
      if !shift { focus.anchor = focus.caret }
      fieldFocus = focus
      return true
    case .backspace, .delete:
      guard let text = focus.text else { return nil }
      if focus.caret == focus.anchor {
        if key == .backspace {
          guard focus.caret > 0 else { return true }
          focus.anchor = focus.caret - 1
        } else {
          guard focus.caret < text.count else { return true }
          focus.anchor = focus.caret + 1
        }
      }
      try replaceSelection(&focus, with: [])
      return true
    case .up, .down:
      return focus.text != nil ? true : nil
    }
  }

  /// Moves the focus to the next (or previous) field that can be filled, in tab order: pages
  /// in order, on each page the widgets in the order the page lists them.
  func moveFocus(backwards: Bool) throws(PDFError) {
    var order: [(widget: Int64, field: FormField)] = []
    let fields = try document.formFields().filter {
      !$0.flags.contains(.readOnly) && !$0.isLocked && ![.pushButton, .signature, .unknown].contains($0.type)
    }
    var byWidget: [Int64: FormField] = [:]
    for field in fields { for widget in field.widgets where widget.annotationID != 0 { byWidget[widget.annotationID] = field } }
    for page in 0..<document.pageCount {
      for id in try document.annotations(onPage: page) {
        if let field = byWidget[id] { order.append((id, field)) }
      }
    }
    guard !order.isEmpty else { return }
    let current = fieldFocus.flatMap { focus in order.firstIndex { $0.widget == focus.widget } }
    var next: Int
    if let current {
      next = (current + (backwards ? order.count - 1 : 1)) % order.count
      // Radio buttons of one group are one stop: skip the group's other buttons.
      let group = order[current].field.id
      var steps = 0
      while order[next].field.id == group, order[next].field.type == .radio, steps < order.count {
        next = (next + (backwards ? order.count - 1 : 1)) % order.count
        steps += 1
      }
    } else {
      next = backwards ? order.count - 1 : 0
    }
    try endFieldFocus()
    focus(order[next].field, widget: order[next].widget)
  }

  /// The focus ring, caret and selection of the focused field on `page`; call under the lock.
  func fieldFocusItems(page: Int, transform: PageTransform) throws(PDFError) -> [OverlayItem] {
    guard let focus = fieldFocus, (try? document.annotationPage(focus.widget)) == page else { return [] }
    var items: [OverlayItem] = []
    let frame = transform.toDisplay.apply(try document.annotationRect(focus.widget))
    items.append(
      OverlayItem(
        kind: .rect, points: [Point(frame.x0 - 1, frame.y0 - 1), Point(frame.x1 + 1, frame.y1 + 1)],
        stroke: ToolManager.frameColor, width: 1, dash: 2, annotation: focus.widget))
    guard let text = focus.text else { return items }
    let caret = try document.fieldCaret(
      field: focus.field, widget: focus.widget, text: String(text), caret: focus.caret, anchor: focus.anchor)
    for quad in caret.selection {
      items.append(
        OverlayItem(
          kind: .quad, points: [quad.p1, quad.p2, quad.p3, quad.p4].map(transform.toDisplay.apply), fill: 0x5500_78D7,
          annotation: focus.widget))
    }
    items.append(
      OverlayItem(
        kind: .caret, points: [transform.toDisplay.apply(caret.caret.1), transform.toDisplay.apply(caret.caret.0)],
        stroke: 0xFF00_0000, width: 1, annotation: focus.widget))
    return items
  }

  /// Makes a field of the tool's type in display box `box` of the gesture's page, named after
  /// the type ("Text1", "Check Box2", ...), selects its widget and hands over to the box editing
  /// tool (unless the tool is sticky). Call under the lock.
  func createFieldFromTool(_ finished: Gesture, box: Rect) throws(PDFError) {
    guard let type = finished.tool.fieldType else { return }
    let base: String
    switch type {
    case .text: base = "Text"
    case .checkbox: base = "Check Box"
    case .radio: base = "Radio Group"
    case .comboBox: base = "Combo Box"
    case .listBox: base = "List Box"
    case .pushButton: base = "Button"
    case .signature: base = "Signature"
    case .unknown: return
    }
    let taken = Set(try document.formFields().map(\.name))
    var number = 1
    while taken.contains("\(base)\(number)") { number += 1 }
    var spec = FieldSpec(type: type, name: "\(base)\(number)", page: finished.page, rect: finished.transform.toPage.apply(box))
    let style = finished.style
    spec.style.borderColor = style.color
    spec.style.backgroundColor = style.fill
    spec.style.borderWidth = min(max(style.width, 0), 100)
    spec.style.textColor = style.textColor
    spec.style.fontSize = min(max(style.fontSize, 0), 1000)
    if type == .pushButton { spec.options = [FieldOption(exportValue: "Button", displayName: "Button")] }
    let field = try document.createField(spec)
    let widgets = try document.formField(field).widgets.map(\.annotationID)
    notify(.annotationsAdded, page: finished.page, ids: widgets, tool: finished.tool)
    notify(.undoState)
    setSelection(widgets)
    if !isSticky { switchTool(.annotationEdit, handedOff: false) }
  }
}
