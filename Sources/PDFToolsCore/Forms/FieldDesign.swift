// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// Creates a field from `spec` (a top-level field with one widget on `spec.page`) and
  /// returns its id; one undo step. The form (/AcroForm) is made when the document has none;
  /// the font of the style joins the form's /DR. The widget gets an appearance at once.
  ///
  /// INVALID_ARGUMENT for an unknown type, an empty name or one with '.', a name another
  /// top-level field has, a bad rectangle or style, a comb without /MaxLen, a default value
  /// that is not an option; NOT_PERMITTED when design is not allowed (``requireFormDesign()``).
  public func createField(_ spec: FieldSpec) throws(PDFError) -> Int64 {
    try Document.checkRect(spec.rect)
    try spec.style.validate()
    try Document.checkFieldName(spec.name)
    for option in spec.options {
      try Limits.checkText(option.exportValue, "an option")
      try Limits.checkText(option.displayName, "an option")
    }
    guard spec.type != .unknown else { throw PDFError(.invalidArgument, "a new field needs a type") }
    if spec.flags.contains(.comb) && (spec.maxLength ?? 0) <= 0 {
      throw PDFError(.invalidArgument, "a comb field needs a maximum length")
    }
    if let length = spec.maxLength, length <= 0 || length > 1_000_000 {
      throw PDFError(.invalidArgument, "the maximum length must be between 1 and 1000000")
    }
    return try locked { () throws(PDFError) -> Int64 in
      try requireFormDesign()
      let page = try pageObject(spec.page)
      let form = try formForDesign()
      if fieldNodes().contains(where: { $0.name == spec.name || $0.name.hasPrefix(spec.name + ".") }) {
        throw PDFError(.invalidArgument, "the form already has a field named '\(spec.name)'")
      }
      let resource = try fontResource(for: spec.style.font, in: form)
      let write = writer
      var flags = spec.flags.subtracting([.radio, .pushButton, .combo])
      var fieldEntries: [(String, qpdf_oh)] = [("/T", qpdf.makeTextString(spec.name))]
      switch spec.type {
      case .text: fieldEntries.append(("/FT", qpdf.makeName("Tx")))
      case .checkbox: fieldEntries.append(("/FT", qpdf.makeName("Btn")))
      case .radio:
        fieldEntries.append(("/FT", qpdf.makeName("Btn")))
        flags.insert(.radio)
      case .pushButton:
        fieldEntries.append(("/FT", qpdf.makeName("Btn")))
        flags.insert(.pushButton)
      case .comboBox:
        fieldEntries.append(("/FT", qpdf.makeName("Ch")))
        flags.insert(.combo)
      case .listBox: fieldEntries.append(("/FT", qpdf.makeName("Ch")))
      case .signature: fieldEntries.append(("/FT", qpdf.makeName("Sig")))
      case .unknown: break
      }
      if flags.rawValue != 0 { fieldEntries.append(("/Ff", qpdf.makeInteger(Int(flags.rawValue)))) }
      fieldEntries.append(("/DA", qpdf.makeByteString(DefaultAppearance.string(font: resource, size: spec.style.fontSize, color: spec.style.textColor))))
      if spec.style.alignment != 0 { fieldEntries.append(("/Q", qpdf.makeInteger(spec.style.alignment))) }
      if let length = spec.maxLength, spec.type == .text { fieldEntries.append(("/MaxLen", qpdf.makeInteger(length))) }
      if let tooltip = spec.tooltip { fieldEntries.append(("/TU", qpdf.makeTextString(tooltip))) }
      if spec.type.isChoice, !spec.options.isEmpty { fieldEntries.append(("/Opt", optionArray(spec.options))) }
      let field = try write.makeIndirect(qpdf.makeDictionary(fieldEntries))
      let exportValue = spec.type.isButtonWithState ? spec.options.first?.exportValue ?? (spec.type == .radio ? "Choice1" : "Yes") : nil
      if let exportValue { try Document.checkStateName(exportValue) }
      let widget = try makeWidget(for: field, page: page, rect: spec.rect, style: spec.style, caption: spec.type == .pushButton ? spec.options.first?.displayName ?? spec.name : nil, radio: spec.type == .radio)
      try write.set("/Kids", qpdf.makeArray([widget]), in: field)
      try appendToForm(field, form: form)
      guard let identity = qpdf.identity(field) else { throw PDFError(.internal, "the new field has no object number") }
      var node = try currentNode(identity)
      if let exportValue {
        try ensureButtonAppearances(widget, of: node, onState: exportValue, force: true)
        try write.set("/AS", qpdf.makeName("Off"), in: widget)
        try write.set("/V", qpdf.makeName("Off"), in: field)
      }
      if let value = spec.defaultValue {
        try storeDefault(value, in: node)
        node = try currentNode(identity)
        try storeDefaultAsValue(node)
      } else if let content = widgetContent(node, values: [], selected: []) {
        try writeFieldAppearances(node, content: content)
      }
      try commitChange("create field '\(spec.name)'", label: "Add Field")
      return fieldIDs.id(identity)
    }
  }

  /// Adds a widget to field `id` on `page` at `rect` (another radio button of a group, with
  /// `exportValue`; another place showing a text or choice field; another box of a check box
  /// whose on value is `exportValue`) and returns its annotation id; one undo step. Only for
  /// fields whose widgets are kids of the field (those the library creates, and most others).
  public func addFieldWidget(_ id: Int64, page: Int, rect: Rect, exportValue: String?) throws(PDFError) -> Int64 {
    try Document.checkRect(rect)
    return try locked { () throws(PDFError) -> Int64 in
      try requireFormDesign()
      let node = try fieldNode(id)
      let pageObject = try pageObject(page)
      guard node.widgets.allSatisfy({ qpdf.identity($0) != node.identity }) else {
        throw PDFError(.unsupported, "field '\(node.name)' is its own widget; a second widget needs a field with kids")
      }
      var state: String? = nil
      if node.type.isButtonWithState {
        let value = exportValue ?? "Choice\(node.widgets.count + 1)"
        try Document.checkStateName(value)
        state = value
      }
      let first = node.widgets.first
      var style = FieldStyle()
      if let first {
        let look = widgetLook(first, of: node).look
        style.borderColor = look.border
        style.backgroundColor = look.background
        style.borderWidth = look.borderWidth
        style.borderStyle = BorderStyle(rawValue: look.borderStyle) ?? .solid
      }
      let caption = first.flatMap { qpdf.entry($0, "/MK") }.flatMap { qpdf.entry($0, "/CA") }.flatMap { qpdf.text($0) }
      let widget = try makeWidget(
        for: node.object, page: pageObject, rect: rect, style: style, caption: node.type == .pushButton ? caption : nil,
        radio: node.type == .radio)
      guard let kids = qpdf.entry(node.object, "/Kids") else { throw PDFError(.damaged, "field '\(node.name)' has no /Kids") }
      try writer.append(widget, to: kids, owner: node.object)
      let updated = try currentNode(node.identity)
      if let state {
        try ensureButtonAppearances(widget, of: updated, onState: state, force: true)
        let current = updated.attributes.value.flatMap { qpdf.name($0) }
        try writer.set("/AS", qpdf.makeName(current == state ? state : "Off"), in: widget)
      } else {
        let field = describe(updated, places: [:], locks: FieldLocks())
        if let content = widgetContent(updated, values: field.values, selected: field.selected) {
          try writeFieldAppearances(updated, content: content)
        }
      }
      try commitChange("add a widget to field '\(node.name)'", label: "Add Widget")
      guard let listing = try listing(ofPage: page), let identity = qpdf.identity(widget),
        let position = listing.objects.firstIndex(of: identity), listing.ids.indices.contains(position)
      else { throw PDFError(.internal, "the new widget is not listed on its page") }
      return listing.ids[position]
    }
  }

  /// Removes field `id` from the form with its widgets; one undo step.
  public func deleteField(_ id: Int64) throws(PDFError) {
    try locked { () throws(PDFError) in
      try requireFormDesign()
      let node = try fieldNode(id)
      try removeWidgets(node.widgets.compactMap { qpdf.identity($0) })
      try detach(node)
      try commitChange("delete field '\(node.name)'", label: "Delete Field")
    }
  }

  /// Gives field `id` the partial name `name` (its full name changes with it); one undo step.
  public func renameField(_ id: Int64, to name: String) throws(PDFError) {
    try Document.checkFieldName(name)
    try locked { () throws(PDFError) in
      try requireFormDesign()
      let node = try fieldNode(id)
      let parentName = node.name.hasSuffix(node.partialName) ? String(node.name.dropLast(node.partialName.count)) : ""
      let full = parentName + name
      if full != node.name, fieldNodes().contains(where: { $0.name == full }) {
        throw PDFError(.invalidArgument, "the form already has a field named '\(full)'")
      }
      try writer.set("/T", qpdf.makeTextString(name), in: node.object)
      try commitChange("rename field '\(node.name)'", label: "Rename Field")
    }
  }

  /// Sets the flags of field `id` other than those that make its type (radio, push button,
  /// combo); one undo step. Appearances are rebuilt (multiline, comb and password show).
  public func setFieldFlags(_ id: Int64, _ flags: FieldFlags) throws(PDFError) {
    try locked { () throws(PDFError) in
      try requireFormDesign()
      let node = try fieldNode(id)
      let typeBits = node.attributes.flags.intersection([.radio, .pushButton, .combo])
      let wanted = flags.subtracting([.radio, .pushButton, .combo]).union(typeBits)
      if wanted.contains(.comb), node.type == .text, (node.attributes.maxLength ?? 0) <= 0 {
        throw PDFError(.invalidArgument, "a comb field needs a maximum length")
      }
      try writer.set("/Ff", qpdf.makeInteger(Int(wanted.rawValue)), in: node.object)
      try refreshAppearances(try currentNode(node.identity))
      try commitChange("set the flags of field '\(node.name)'", label: "Change Field Flags")
    }
  }

  /// Replaces the options of combo or list box `id` (the value is kept when it is still an
  /// option, or the field is an editable combo box; cleared otherwise); one undo step.
  public func setFieldOptions(_ id: Int64, _ options: [FieldOption]) throws(PDFError) {
    for option in options {
      try Limits.checkText(option.exportValue, "an option")
      try Limits.checkText(option.displayName, "an option")
    }
    try locked { () throws(PDFError) in
      try requireFormDesign()
      let node = try fieldNode(id)
      guard node.type.isChoice else { throw PDFError(.invalidArgument, "field '\(node.name)' is not a combo or list box") }
      try writer.set("/Opt", optionArray(options), in: node.object)
      let updated = try currentNode(node.identity)
      let values = textValues(updated.attributes.value)
      let kept = updated.attributes.flags.contains(.edit)
        ? values : values.filter { value in options.contains { $0.exportValue == value } }
      let selected = options.indices.filter { kept.contains(options[$0].exportValue) }
      try storeChoice(updated, values: kept, selected: selected)
      try commitChange("set the options of field '\(node.name)'", label: "Change Field Options")
    }
  }

  /// Sets the default value (/DV) of field `id` (nil removes it); one undo step. Check boxes
  /// and radio groups take an export value or "Off"; choices an option.
  public func setFieldDefaultValue(_ id: Int64, _ value: String?) throws(PDFError) {
    if let value { try Limits.checkText(value, "a default value") }
    try locked { () throws(PDFError) in
      try requireFormDesign()
      let node = try fieldNode(id)
      if let value {
        try storeDefault(value, in: node)
      } else {
        try writer.remove("/DV", from: node.object)
      }
      try commitChange("set the default value of field '\(node.name)'", label: "Change Default Value")
    }
  }

  /// Sets /TU (nil removes it) or /MaxLen (nil removes it) of field `id`; one undo step each.
  public func setFieldTooltip(_ id: Int64, _ tooltip: String?) throws(PDFError) {
    if let tooltip { try Limits.checkText(tooltip, "a tooltip") }
    try locked { () throws(PDFError) in
      try requireFormDesign()
      let node = try fieldNode(id)
      if let tooltip {
        try writer.set("/TU", qpdf.makeTextString(tooltip), in: node.object)
      } else {
        try writer.remove("/TU", from: node.object)
      }
      try commitChange("set the tooltip of field '\(node.name)'", label: "Change Tooltip")
    }
  }

  /// Sets the maximum length of text field `id` (nil removes it; a longer value is kept);
  /// one undo step.
  public func setFieldMaxLength(_ id: Int64, _ length: Int?) throws(PDFError) {
    if let length, length <= 0 || length > 1_000_000 {
      throw PDFError(.invalidArgument, "the maximum length must be between 1 and 1000000")
    }
    try locked { () throws(PDFError) in
      try requireFormDesign()
      let node = try fieldNode(id)
      guard node.type == .text else { throw PDFError(.invalidArgument, "field '\(node.name)' is not a text field") }
      if let length {
        try writer.set("/MaxLen", qpdf.makeInteger(length), in: node.object)
      } else {
        if node.attributes.flags.contains(.comb) { throw PDFError(.invalidArgument, "a comb field needs a maximum length") }
        try writer.remove("/MaxLen", from: node.object)
      }
      try refreshAppearances(try currentNode(node.identity))
      try commitChange("set the maximum length of field '\(node.name)'", label: "Change Maximum Length")
    }
  }

  /// Gives every widget of field `id` the look `style` (/DA and /Q on the field, /MK and /BS
  /// on the widgets) and rebuilds their appearances; one undo step.
  public func setFieldStyle(_ id: Int64, _ style: FieldStyle) throws(PDFError) {
    try style.validate()
    try locked { () throws(PDFError) in
      try requireFormDesign()
      let node = try fieldNode(id)
      let form = try formForDesign()
      let resource = try fontResource(for: style.font, in: form)
      let write = writer
      try write.set("/DA", qpdf.makeByteString(DefaultAppearance.string(font: resource, size: style.fontSize, color: style.textColor)), in: node.object)
      try write.set("/Q", qpdf.makeInteger(style.alignment), in: node.object)
      for widget in node.widgets {
        try write.remove("/DA", from: widget)
        try write.remove("/Q", from: widget)
        // A new /MK: the widget's other entries (caption, rotation) and the new colours.
        let old = qpdf.entry(widget, "/MK").flatMap { qpdf.isDictionary($0) ? $0 : nil }
        var entries: [(String, qpdf_oh)] = []
        if let old {
          for key in qpdf.keys(old) where key != "BC" && key != "BG" {
            if let value = qpdf.value(old, key) { entries.append(("/" + key, value)) }
          }
        }
        entries += [("/BC", qpdf.colorArray(style.borderColor)), ("/BG", qpdf.colorArray(style.backgroundColor))]
        let characteristics = qpdf.makeDictionary(entries)
        try write.set("/MK", characteristics, in: widget)
        try write.set("/BS", borderStyle(style), in: widget)
      }
      try refreshAppearances(try currentNode(node.identity), force: true)
      try commitChange("set the style of field '\(node.name)'", label: "Change Field Style")
    }
  }

  // MARK: - Under the lock

  /// Throws NOT_PERMITTED unless form design is allowed: the permissions grant annotating and
  /// changing the document, and no certifying signature limits changes (DocMDP /P 1 to 3).
  /// Call under the lock.
  func requireFormDesign() throws(PDFError) {
    let granted = currentPermissions()
    guard granted.contains(.annotate) && granted.contains(.modify) else {
      throw PDFError(.notPermitted, "the document's permissions do not allow to change its form")
    }
    if fieldNodes().contains(where: { $0.attributes.fieldType == "Sig" && $0.attributes.value.map(qpdf.isDictionary) == true }) {
      throw PDFError(.notPermitted, "the document is signed: changing its form would break the signatures")
    }
  }

  /// The terminal field node of `identity` as the tree gives it now.
  private func currentNode(_ identity: ObjectIdentity) throws(PDFError) -> FieldNode {
    guard let node = fieldNodes().first(where: { $0.identity == identity }) else {
      throw PDFError(.internal, "the field is not in the form's tree")
    }
    return node
  }

  /// The /AcroForm dictionary, made (with /Fields, /DA and /DR) when the document has none.
  private func formForDesign() throws(PDFError) -> qpdf_oh {
    if let form = acroForm() {
      if qpdf.value(form, "Fields").flatMap({ qpdf.items($0) }) == nil {
        try writer.set("/Fields", qpdf.makeArray(), in: form, owner: qpdf.root)
      }
      return form
    }
    let form = try writer.makeIndirect(qpdf.makeDictionary([
      ("/Fields", qpdf.makeArray()), ("/DA", qpdf.makeByteString("/Helv 0 Tf 0 g")),
      ("/DR", qpdf.makeDictionary([("/Font", qpdf.makeDictionary())])),
    ]))
    try writer.set("/AcroForm", form, in: qpdf.root)
    return form
  }

  /// The /DR font resource name for `font`, added to the form's /DR when missing.
  private func fontResource(for font: String, in form: qpdf_oh) throws(PDFError) -> String {
    let standard = DefaultAppearance.standardName(font)
    let short: String
    switch standard {
    case "Helvetica": short = "Helv"
    case "Helvetica-Bold": short = "HeBo"
    case "Times-Roman": short = "TiRo"
    case "Courier": short = "Cour"
    default: short = font
    }
    let write = writer
    var resources = qpdf.value(form, "DR")
    if resources == nil || !qpdf.isDictionary(resources!) {
      try write.set("/DR", qpdf.makeDictionary([("/Font", qpdf.makeDictionary())]), in: form, owner: qpdf.root)
      resources = qpdf.value(form, "DR")
    }
    guard let resources else { throw PDFError(.internal, "the form has no /DR") }
    let resourcesOwner = qpdf.identity(resources) != nil ? resources : (qpdf.identity(form) != nil ? form : qpdf.root)
    var fonts = qpdf.value(resources, "Font")
    if fonts == nil || !qpdf.isDictionary(fonts!) {
      try write.set("/Font", qpdf.makeDictionary(), in: resources, owner: resourcesOwner)
      fonts = qpdf.value(resources, "Font")
    }
    guard let fonts else { throw PDFError(.internal, "the form's /DR has no /Font") }
    if qpdf.value(fonts, short) == nil {
      let base = StandardFont.isStandard(font) ? StandardFont.named(standard).name : font
      var entries = [("/Type", qpdf.makeName("Font")), ("/Subtype", qpdf.makeName("Type1")), ("/BaseFont", qpdf.makeName(base))]
      if StandardFont.isStandard(font) { entries.append(("/Encoding", qpdf.makeName("WinAnsiEncoding"))) }
      try write.set("/" + short, qpdf.makeDictionary(entries), in: fonts, owner: qpdf.identity(fonts) != nil ? fonts : resourcesOwner)
    }
    return short
  }

  /// A new widget annotation, kid of `field`, on `page` (appended to its /Annots).
  private func makeWidget(
    for field: qpdf_oh, page: qpdf_oh, rect: Rect, style: FieldStyle, caption: String?, radio: Bool
  ) throws(PDFError) -> qpdf_oh {
    var characteristics: [(String, qpdf_oh)] = [
      ("/BC", qpdf.colorArray(style.borderColor)), ("/BG", qpdf.colorArray(style.backgroundColor)),
    ]
    if let caption { characteristics.append(("/CA", qpdf.makeTextString(caption))) }
    if radio { characteristics.append(("/CA", qpdf.makeByteString("l"))) }
    let widget = try writer.makeIndirect(qpdf.makeDictionary([
      ("/Type", qpdf.makeName("Annot")), ("/Subtype", qpdf.makeName("Widget")),
      ("/Rect", qpdf.numberArray([rect.x0, rect.y0, rect.x1, rect.y1])), ("/P", page), ("/Parent", field),
      ("/F", qpdf.makeInteger(4)), ("/NM", qpdf.makeTextString(Document.uniqueName())),
      ("/MK", qpdf.makeDictionary(characteristics)), ("/BS", borderStyle(style)),
    ]))
    if let annots = qpdf.entry(page, "/Annots"), qpdf_oh_is_array(qpdf.data, annots) != QPDF_FALSE {
      try writer.append(widget, to: annots, owner: page)
    } else {
      try writer.set("/Annots", qpdf.makeArray([widget]), in: page)
    }
    return widget
  }

  /// A /BS dictionary for `style`.
  private func borderStyle(_ style: FieldStyle) -> qpdf_oh {
    var entries = [("/W", qpdf.makeReal(style.borderWidth)), ("/S", qpdf.makeName(style.borderStyle.rawValue))]
    if style.borderStyle == .dashed { entries.append(("/D", qpdf.numberArray([3]))) }
    return qpdf.makeDictionary(entries)
  }

  /// An /Opt array: plain strings where export value and display name agree, pairs otherwise.
  private func optionArray(_ options: [FieldOption]) -> qpdf_oh {
    qpdf.makeArray(options.map { option in
      option.exportValue == option.displayName
        ? qpdf.makeTextString(option.exportValue)
        : qpdf.makeArray([qpdf.makeTextString(option.exportValue), qpdf.makeTextString(option.displayName)])
    })
  }

  /// Appends `field` to the form's /Fields.
  private func appendToForm(_ field: qpdf_oh, form: qpdf_oh) throws(PDFError) {
    guard let fields = qpdf.value(form, "Fields") else { throw PDFError(.internal, "the form has no /Fields") }
    try writer.append(field, to: fields, owner: qpdf.identity(form) != nil ? form : qpdf.root)
  }

  /// Stores /DV of `node` from `value` (checked against the type).
  private func storeDefault(_ value: String, in node: FieldNode) throws(PDFError) {
    switch node.type {
    case .checkbox, .radio:
      let exports = buttonExportValues(node)
      guard let state = value == "Off" ? "Off" : exports.first(where: { $0.export == value || $0.state == value })?.state else {
        throw PDFError(.invalidArgument, "'\(value)' is not a value of field '\(node.name)'")
      }
      try writer.set("/DV", qpdf.makeName(state), in: node.object)
    case .comboBox, .listBox:
      let options = choiceOptions(node.attributes.options)
      let match = options.first(where: { $0.exportValue == value }) ?? options.first(where: { $0.displayName == value })
      guard let export = match?.exportValue ?? (node.attributes.flags.contains(.edit) ? value : nil) else {
        throw PDFError(.invalidArgument, "'\(value)' is not an option of field '\(node.name)'")
      }
      try writer.set("/DV", qpdf.makeTextString(export), in: node.object)
    case .text:
      try writer.set("/DV", qpdf.makeTextString(value), in: node.object)
    case .pushButton, .signature, .unknown:
      throw PDFError(.invalidArgument, "field '\(node.name)' (\(node.type)) has no value")
    }
  }

  /// Gives a new field its default value as its value.
  private func storeDefaultAsValue(_ node: FieldNode) throws(PDFError) {
    let defaults = node.attributes.defaultValue
    switch node.type {
    case .checkbox, .radio:
      let state = defaults.flatMap { qpdf.name($0) } ?? "Off"
      try writer.set("/V", qpdf.makeName(state), in: node.object)
      for widget in node.widgets {
        try writer.set("/AS", qpdf.makeName(onState(of: widget) == state ? state : "Off"), in: widget)
      }
    default:
      let values = textValues(defaults)
      let options = choiceOptions(node.attributes.options)
      try storeChoice(node, values: values, selected: options.indices.filter { values.contains(options[$0].exportValue) })
    }
  }

  /// Rebuilds the appearances of `node`'s widgets from its value (buttons: only when `force`,
  /// keeping their on states).
  func refreshAppearances(_ node: FieldNode, force: Bool = false) throws(PDFError) {
    if node.type.isButtonWithState {
      guard force else { return }
      for widget in node.widgets {
        guard let state = onState(of: widget) else { continue }
        try ensureButtonAppearances(widget, of: node, onState: state, force: true)
      }
      return
    }
    let field = describe(node, places: [:], locks: FieldLocks())
    if let content = widgetContent(node, values: field.values, selected: field.selected) {
      try writeFieldAppearances(node, content: content)
    }
  }

  /// Removes the widget annotations `widgets` from the pages that list them.
  func removeWidgets(_ widgets: [ObjectIdentity]) throws(PDFError) {
    let targets = Set(widgets)
    guard !targets.isEmpty else { return }
    for page in 0..<pageTree.count {
      guard let listing = try listing(ofPage: page), listing.objects.contains(where: targets.contains) else { continue }
      let pageObject = try pageObject(page)
      guard let annots = qpdf.entry(pageObject, "/Annots"), let items = qpdf.items(annots) else { continue }
      for (position, item) in items.enumerated().reversed() {
        guard let identity = qpdf.identity(item), targets.contains(identity) else { continue }
        try writer.removeItem(at: position, from: annots, owner: pageObject)
      }
    }
  }

  /// Takes the field `node` out of the field tree as it was walked (its parent's /Kids, or the
  /// form's /Fields), and then each ancestor left without kids out of its own parent. Call
  /// under the lock.
  func detach(_ node: FieldNode) throws(PDFError) {
    var chain = node.ancestors
    var target = node.object
    while true {
      guard let identity = qpdf.identity(target) else { return }
      let holder: qpdf_oh
      let key: String
      if let parent = chain.last {
        (holder, key) = (parent, "Kids")
      } else if let form = acroForm() {
        (holder, key) = (form, "Fields")
      } else {
        return
      }
      guard let array = qpdf.value(holder, key), let items = qpdf.items(array) else { return }
      let owner = qpdf.identity(holder) != nil ? holder : (qpdf.identity(array) != nil ? array : qpdf.root)
      for (position, item) in items.enumerated().reversed() where qpdf.identity(item) == identity {
        try writer.removeItem(at: position, from: array, owner: owner)
      }
      // A parent field left without kids goes too.
      guard let parent = chain.popLast(), qpdf.items(array)?.isEmpty == true else { return }
      target = parent
    }
  }

  /// Accepts a partial field name: 1 to 1000 characters without '.'.
  static func checkFieldName(_ name: String) throws(PDFError) {
    guard !name.isEmpty, name.count <= 1000, !name.contains(".") else {
      throw PDFError(.invalidArgument, "a field name must be 1 to 1000 characters without '.'")
    }
  }

  /// Accepts an on-state name: 1 to 127 bytes, not "Off", no NUL.
  static func checkStateName(_ name: String) throws(PDFError) {
    guard !name.isEmpty, name.utf8.count <= 127, name != "Off", !name.utf8.contains(0) else {
      throw PDFError(.invalidArgument, "an export value of a button must be 1 to 127 bytes, not 'Off'")
    }
  }
}

extension Document {
  /// A widget's rectangle (or another property it shows) changed through the annotation
  /// interface: a text or choice field's widgets are laid out again; buttons and signatures
  /// keep their appearances (viewers fit them to the new rectangle). Call under the lock.
  func widgetDidChange(_ widget: qpdf_oh) throws(PDFError) {
    guard let identity = qpdf.identity(widget),
      let node = fieldNodes().first(where: { $0.widgets.contains { qpdf.identity($0) == identity } }),
      node.type == .text || node.type.isChoice
    else { return }
    try refreshAppearances(node)
  }

  /// A widget annotation was deleted from its page: it leaves its field's /Kids, and a field
  /// left without widgets leaves the form. Call under the lock.
  func widgetWasRemoved(_ widget: qpdf_oh) throws(PDFError) {
    guard let identity = qpdf.identity(widget),
      let node = fieldNodes().first(where: { $0.widgets.contains { qpdf.identity($0) == identity } })
    else { return }
    let others = node.widgets.filter { qpdf.identity($0) != identity }
    if others.isEmpty || node.identity == identity {
      try removeWidgets(others.compactMap { qpdf.identity($0) })
      try detach(node)
      return
    }
    guard let kids = qpdf.entry(node.object, "/Kids"), let items = qpdf.items(kids) else { return }
    for (position, item) in items.enumerated().reversed() where qpdf.identity(item) == identity {
      try writer.removeItem(at: position, from: kids, owner: node.object)
    }
  }
}
