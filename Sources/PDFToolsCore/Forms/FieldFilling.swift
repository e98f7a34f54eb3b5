// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// Sets the value of field `id`: the text of a text field or combo box, the export value (or
  /// display name) of a choice option, the export value or state name that turns a check box
  /// or radio button on ("Off" turns it off). The widgets' appearances are rebuilt; one undo
  /// step, and consecutive values of one text field merge into one step (typing).
  ///
  /// Refused with NOT_PERMITTED for read-only and signature-locked fields and when the
  /// document's permissions allow neither filling forms nor annotating; INVALID_ARGUMENT for
  /// push buttons and signatures, text over /MaxLen, and a value that is not an option of a
  /// check box, radio group, list box or non-editable combo box.
  public func setFieldValue(_ id: Int64, _ value: String) throws(PDFError) {
    try Limits.checkText(value, "a field value")
    try editField(id, label: "Fill Field", coalescing: true) { node throws(PDFError) in
      switch node.type {
      case .text:
        // A value over /MaxLen is refused, unless it is no longer than the value the field
        // already holds (deleting from a value another program made too long).
        let current = textValues(node.attributes.value).first?.count ?? 0
        if let limit = node.attributes.maxLength, limit > 0, value.count > limit, value.count > current {
          throw PDFError(.invalidArgument, "field '\(node.name)' takes at most \(limit) characters (\(value.count) given)")
        }
        try storeChoice(node, values: [value], selected: [])
      case .comboBox:
        let options = choiceOptions(node.attributes.options)
        if let index = optionIndex(value, in: options) {
          try storeChoice(node, values: [options[index].exportValue], selected: [index])
        } else if node.attributes.flags.contains(.edit) {
          try storeChoice(node, values: [value], selected: [])
        } else {
          throw PDFError(.invalidArgument, "'\(value)' is not an option of combo box '\(node.name)'")
        }
      case .listBox:
        let options = choiceOptions(node.attributes.options)
        guard let index = optionIndex(value, in: options) else {
          throw PDFError(.invalidArgument, "'\(value)' is not an option of list box '\(node.name)'")
        }
        try storeChoice(node, values: [options[index].exportValue], selected: [index])
      case .checkbox, .radio:
        try storeButtonState(node, value)
      case .pushButton, .signature, .unknown:
        throw PDFError(.invalidArgument, "field '\(node.name)' (\(node.type)) does not take a value")
      }
    }
  }

  /// Turns a check box on (its first widget's on state) or off.
  public func setFieldChecked(_ id: Int64, _ checked: Bool) throws(PDFError) {
    try editField(id, label: checked ? "Check" : "Uncheck", coalescing: false) { node throws(PDFError) in
      guard node.type == .checkbox else {
        throw PDFError(.invalidArgument, "field '\(node.name)' is not a check box (\(node.type))")
      }
      guard checked else { return try storeButtonState(node, "Off") }
      guard let state = node.widgets.lazy.compactMap({ self.onState(of: $0) }).first else {
        throw PDFError(.damaged, "check box '\(node.name)' has no on state")
      }
      try storeButtonState(node, state)
    }
  }

  /// Selects the options at `indices` of a choice field (several only for a multi-select list
  /// box; none clears the value).
  public func setFieldSelection(_ id: Int64, _ indices: [Int]) throws(PDFError) {
    try editField(id, label: "Choose", coalescing: false) { node throws(PDFError) in
      guard node.type.isChoice else {
        throw PDFError(.invalidArgument, "field '\(node.name)' is not a combo or list box (\(node.type))")
      }
      let options = choiceOptions(node.attributes.options)
      let chosen = Array(Set(indices)).sorted()
      guard chosen.allSatisfy({ options.indices.contains($0) }) else {
        throw PDFError(.invalidArgument, "field '\(node.name)' has \(options.count) options; an index is out of range")
      }
      guard chosen.count <= 1 || (node.type == .listBox && node.attributes.flags.contains(.multiSelect)) else {
        throw PDFError(.invalidArgument, "field '\(node.name)' takes one option, not \(chosen.count)")
      }
      try storeChoice(node, values: chosen.map { options[$0].exportValue }, selected: chosen)
    }
  }

  /// Resets field `id` to its default value (/DV; no value without one).
  public func resetField(_ id: Int64) throws(PDFError) {
    try editField(id, label: "Reset Field", coalescing: false) { node throws(PDFError) in try reset(node) }
  }

  /// Resets every field that takes a value and is neither read-only nor locked to its default
  /// value, as one undo step; returns how many fields were reset.
  @discardableResult
  public func resetForm() throws(PDFError) -> Int {
    try locked { () throws(PDFError) -> Int in
      try requireFormFilling()
      let nodes = fieldNodes()
      let locks = fieldLocks(nodes)
      var count = 0
      for node in nodes where takesValue(node) && !node.attributes.flags.contains(.readOnly) && !locks.isLocked(node) {
        try reset(node)
        count += 1
      }
      try commitChange("reset the form", label: "Reset Form")
      return count
    }
  }

  /// Runs `perform` on field `id` after the checks every fill makes (permissions, read-only,
  /// signature locks) and commits it as one step. Call outside the lock.
  private func editField(
    _ id: Int64, label: String, coalescing: Bool, _ perform: (FieldNode) throws(PDFError) -> Void
  ) throws(PDFError) {
    try locked { () throws(PDFError) in
      try requireFormFilling()
      let node = try fieldNode(id)
      if node.attributes.flags.contains(.readOnly) {
        throw PDFError(.notPermitted, "field '\(node.name)' is read-only")
      }
      if fieldLocks(fieldNodes()).isLocked(node) {
        throw PDFError(.notPermitted, "field '\(node.name)' is locked by a signature")
      }
      try perform(node)
      if let form = acroForm(), qpdf.value(form, "XFA") != nil {
        Log.emit(
          .info, "pdftools",
          "field '\(node.name)' was filled in the form's AcroForm part; its XFA description is not changed")
      }
      try commitChange(
        "fill field \(id)", label: label,
        key: coalescing && node.type == .text ? Journal.CoalescingKey(properties: ["Field Value"], targets: [-id]) : nil)
    }
  }

  /// Throws NOT_PERMITTED unless the permissions allow filling forms (or annotating, which
  /// includes it); call under the lock.
  func requireFormFilling() throws(PDFError) {
    let granted = currentPermissions()
    guard granted.contains(.fillForms) || granted.contains(.annotate) else {
      throw PDFError(.notPermitted, "the document's permissions do not allow to fill in form fields")
    }
  }

  /// True for fields that hold a value (not push buttons, signatures or unknown types).
  private func takesValue(_ node: FieldNode) -> Bool {
    switch node.type {
    case .text, .checkbox, .radio, .comboBox, .listBox: return true
    case .pushButton, .signature, .unknown: return false
    }
  }

  /// The option whose export value is `value`, else the first whose display name is.
  private func optionIndex(_ value: String, in options: [FieldOption]) -> Int? {
    options.firstIndex(where: { $0.exportValue == value }) ?? options.firstIndex(where: { $0.displayName == value })
  }

  /// Stores the value of a text or choice field (/V, and /I for multi-select list boxes) and
  /// rebuilds its widgets; no values removes /V. Call under the lock.
  func storeChoice(_ node: FieldNode, values: [String], selected: [Int]) throws(PDFError) {
    let write = writer
    // A choice is written with the bytes of its /Opt string: readers that compare the value
    // with the options byte for byte (poppler) then find it, whatever encoding the form used.
    let spelled = optionSpellings(node)
    func string(_ value: String) -> qpdf_oh {
      spelled[value].map { qpdf.makeBinaryString($0) } ?? qpdf.makeTextString(value)
    }
    if values.isEmpty {
      try write.remove("/V", from: node.object)
    } else if values.count == 1 {
      try write.set("/V", string(values[0]), in: node.object)
    } else {
      try write.set("/V", qpdf.makeArray(values.map(string)), in: node.object)
    }
    // A rich text value (/RV) would show the old text in viewers that prefer it: the plain value
    // written now replaces it.
    if node.type == .text { try write.remove("/RV", from: node.object) }
    if node.type == .listBox && node.attributes.flags.contains(.multiSelect) && !selected.isEmpty {
      try write.set("/I", qpdf.makeArray(selected.map { qpdf.makeInteger($0) }), in: node.object)
    } else {
      try write.remove("/I", from: node.object)
    }
    if let content = widgetContent(node, values: values, selected: selected) {
      try writeFieldAppearances(node, content: content)
    }
  }

  /// The bytes of each export value of a choice field's /Opt, by its text; call under the lock.
  private func optionSpellings(_ node: FieldNode) -> [String: [UInt8]] {
    guard node.type.isChoice, let items = node.attributes.options.flatMap({ qpdf.items($0) }) else { return [:] }
    var result: [String: [UInt8]] = [:]
    for item in items {
      let export = qpdf.items(item)?.first ?? item
      guard let text = qpdf.text(export), let bytes = qpdf.stringBytes(export), result[text] == nil else { continue }
      result[text] = bytes
    }
    return result
  }

  /// Turns on the widgets of a check box or radio group whose on state is `value` (or whose
  /// export value is) and the others off; "Off" turns all off. Call under the lock.
  private func storeButtonState(_ node: FieldNode, _ value: String) throws(PDFError) {
    let exports = buttonExportValues(node)
    var state = value
    if value != "Off", !exports.contains(where: { $0.state == value }) {
      guard let match = exports.first(where: { $0.export == value }) else {
        let known = exports.map(\.export).joined(separator: ", ")
        throw PDFError(.invalidArgument, "'\(value)' is not a value of field '\(node.name)' (Off, \(known))")
      }
      state = match.state
    }
    let write = writer
    try write.set("/V", qpdf.makeName(state), in: node.object)
    for widget in node.widgets {
      let on = onState(of: widget)
      let shown = on != nil && on == state ? state : "Off"
      if let on { try ensureButtonAppearances(widget, of: node, onState: on) }
      if qpdf.entry(widget, "/AS").flatMap({ qpdf.name($0) }) != shown {
        try write.set("/AS", qpdf.makeName(shown), in: widget)
      }
    }
  }

  /// Gives `node` its default value; call under the lock.
  private func reset(_ node: FieldNode) throws(PDFError) {
    let defaults = node.attributes.defaultValue
    switch node.type {
    case .checkbox, .radio:
      let state = defaults.flatMap { qpdf.name($0) } ?? "Off"
      try storeButtonState(node, buttonExportValues(node).contains(where: { $0.state == state }) ? state : "Off")
    case .text, .comboBox, .listBox:
      let values = textValues(defaults)
      let options = choiceOptions(node.attributes.options)
      let selected = node.type.isChoice ? options.indices.filter { values.contains(options[$0].exportValue) } : []
      try storeChoice(node, values: values, selected: selected)
    case .pushButton, .signature, .unknown:
      break
    }
  }
}
