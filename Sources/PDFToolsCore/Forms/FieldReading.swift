// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// What the document's interactive form holds.
  public func formInfo() throws(PDFError) -> FormInfo {
    try locked { () throws(PDFError) -> FormInfo in
      let nodes = fieldNodes()
      let form = acroForm()
      let need = form.flatMap { qpdf.entry($0, "/NeedAppearances") }.map { qpdf_oh_is_bool(qpdf.data, $0) != QPDF_FALSE && qpdf_oh_get_bool_value(qpdf.data, $0) != QPDF_FALSE } ?? false
      let signed = nodes.filter { $0.attributes.fieldType == "Sig" && $0.attributes.value.map(qpdf.isDictionary) == true }.count
      return FormInfo(
        hasForm: !nodes.isEmpty, needAppearances: need, hasXFA: form.flatMap { qpdf.value($0, "XFA") } != nil,
        fieldCount: nodes.count, signedCount: signed, isCertifiedNoChanges: certificationForbidsChanges())
    }
  }

  /// Every field of the form (terminal fields, depth first in /Fields order).
  public func formFields() throws(PDFError) -> [FormField] {
    try locked { () throws(PDFError) -> [FormField] in
      let nodes = fieldNodes()
      let places = widgetPlaces(nodes)
      let locks = fieldLocks(nodes)
      return nodes.map { describe($0, places: places, locks: locks) }
    }
  }

  /// Field `id`.
  public func formField(_ id: Int64) throws(PDFError) -> FormField {
    try locked { () throws(PDFError) -> FormField in
      let node = try fieldNode(id)
      return describe(node, places: widgetPlaces([node]), locks: fieldLocks(fieldNodes()))
    }
  }

  /// The id of the field with the fully qualified name `name`; NOT_FOUND when none has it
  /// (the first in tree order when several do).
  public func findField(named name: String) throws(PDFError) -> Int64 {
    try locked { () throws(PDFError) -> Int64 in
      guard let node = fieldNodes().first(where: { $0.name == name }) else {
        throw PDFError(.notFound, "the form has no field named '\(name)'")
      }
      return fieldIDs.id(node.identity)
    }
  }

  /// The field of a widget annotation; NOT_FOUND when `annotation` is not a widget of a field.
  public func field(ofWidget annotation: Int64) throws(PDFError) -> Int64 {
    try locked { () throws(PDFError) -> Int64 in
      guard let widget = qpdf.identity(try annotationObject(annotation).object),
        let node = fieldNodes().first(where: { $0.widgets.contains { qpdf.identity($0) == widget } })
      else { throw PDFError(.notFound, "annotation \(annotation) is not the widget of a form field") }
      return fieldIDs.id(node.identity)
    }
  }

  /// The public description of `node`; call under the lock.
  func describe(
    _ node: FieldNode, places: [ObjectIdentity: (page: Int, id: Int64)], locks: FieldLocks
  ) -> FormField {
    let attributes = node.attributes
    let type = node.type
    var widgets: [FieldWidget] = []
    let exports = buttonExportValues(node)
    for widget in node.widgets {
      let place = qpdf.identity(widget).flatMap { places[$0] }
      let onState = type.isButtonWithState ? onState(of: widget) : nil
      let shown = qpdf.entry(widget, "/AS").flatMap { qpdf.name($0) }
      widgets.append(
        FieldWidget(
          annotationID: place?.id ?? 0, page: place?.page ?? -1,
          rect: qpdf.entry(widget, "/Rect").flatMap { qpdf.rect($0) } ?? Rect(0, 0, 0, 0),
          onState: onState, isOn: onState != nil && shown == onState))
    }
    var options: [FieldOption] = []
    var values: [String] = []
    var defaults: [String] = []
    var selected: [Int] = []
    switch type {
    case .checkbox, .radio:
      for value in exports where !options.contains(where: { $0.exportValue == value.export }) {
        options.append(FieldOption(exportValue: value.export, displayName: value.export))
      }
      let state = attributes.value.flatMap { qpdf.name($0) } ?? "Off"
      let export = exports.first(where: { $0.state == state })?.export ?? state
      values = [export]
      if let index = options.firstIndex(where: { $0.exportValue == export }) { selected = [index] }
      if let state = attributes.defaultValue.flatMap({ qpdf.name($0) }) {
        defaults = [exports.first(where: { $0.state == state })?.export ?? state]
      }
    case .comboBox, .listBox:
      options = choiceOptions(attributes.options)
      values = textValues(attributes.value)
      defaults = textValues(attributes.defaultValue)
      selected = selectedIndices(node, options: options, values: values)
      // Values that are all options come in option order (free text of an editable combo box stays).
      if values.count > 1, selected.count == values.count { values = selected.map { options[$0].exportValue } }
    case .text:
      values = textValues(attributes.value)
      defaults = textValues(attributes.defaultValue)
    case .pushButton, .signature, .unknown:
      break
    }
    return FormField(
      id: fieldIDs.id(node.identity), name: node.name, partialName: node.partialName, type: type,
      flags: attributes.flags, values: values, defaultValues: defaults, options: options, selected: selected,
      alignment: min(max(attributes.alignment ?? 0, 0), 2), maxLength: attributes.maxLength.flatMap { $0 > 0 ? $0 : nil },
      defaultAppearance: attributes.defaultAppearance, tooltip: qpdf.entry(node.object, "/TU").flatMap { qpdf.text($0) },
      mappingName: qpdf.entry(node.object, "/TM").flatMap { qpdf.text($0) }, widgets: widgets,
      isLocked: locks.isLocked(node),
      isSigned: attributes.fieldType == "Sig" && attributes.value.map(qpdf.isDictionary) == true)
  }

  /// The state name (other than Off) a button widget's normal appearance turns on, nil
  /// without one; call under the lock.
  func onState(of widget: qpdf_oh) -> String? {
    for key in ["/N", "/D"] {
      guard let appearances = qpdf.entry(widget, "/AP").flatMap({ qpdf.entry($0, key == "/N" ? "/N" : "/D") }),
        qpdf.isDictionary(appearances)
      else { continue }
      if let state = qpdf.keys(appearances).first(where: { $0 != "Off" }) { return state }
    }
    return nil
  }

  /// The on state and export value of each widget of a check box or radio group: the export
  /// value is the widget's entry in /Opt when the field has one, else its on state. Call under
  /// the lock.
  func buttonExportValues(_ node: FieldNode) -> [(state: String, export: String)] {
    let opt = node.attributes.options.flatMap { qpdf.items($0) }?.map { qpdf.text($0) }
    var result: [(state: String, export: String)] = []
    for (index, widget) in node.widgets.enumerated() {
      guard let state = onState(of: widget) else { continue }
      var export = state
      if let opt, opt.indices.contains(index), let text = opt[index] { export = text }
      result.append((state, export))
    }
    return result
  }

  /// The options of a choice field's /Opt; call under the lock.
  func choiceOptions(_ opt: qpdf_oh?) -> [FieldOption] {
    guard let items = opt.flatMap({ qpdf.items($0) }) else { return [] }
    return items.compactMap { item in
      if let text = qpdf.text(item) { return FieldOption(exportValue: text, displayName: text) }
      guard let pair = qpdf.items(item), let first = pair.first.flatMap({ qpdf.text($0) }) else { return nil }
      let display = pair.count > 1 ? qpdf.text(pair[1]) ?? first : first
      return FieldOption(exportValue: first, displayName: display)
    }
  }

  /// The texts of a /V or /DV: one string, or an array of strings; call under the lock.
  func textValues(_ value: qpdf_oh?) -> [String] {
    guard let value else { return [] }
    if let text = qpdf.text(value) { return [text] }
    if let name = qpdf.name(value) { return [name] }
    return qpdf.items(value)?.compactMap { qpdf.text($0) } ?? []
  }

  /// The selected option indices of a choice field: /I when it agrees with the value, else the
  /// options whose export value is a value; call under the lock.
  func selectedIndices(_ node: FieldNode, options: [FieldOption], values: [String]) -> [Int] {
    let fromValues = options.indices.filter { values.contains(options[$0].exportValue) }
    if let indices = qpdf.value(node.object, "I").flatMap({ qpdf.items($0) })?.compactMap({ qpdf.integer($0) }),
      !indices.isEmpty, indices.allSatisfy({ options.indices.contains($0) }),
      Set(indices.map { options[$0].exportValue }) == Set(values)
    {
      return indices.sorted()
    }
    return fromValues
  }
}
