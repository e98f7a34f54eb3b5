// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// The look of `widget` of the field `node`: its size in its own frame, /MK colours, /BS
  /// border and /DA text style (the widget's own /DA and /Q first). Call under the lock.
  func widgetLook(_ widget: qpdf_oh, of node: FieldNode) -> (look: WidgetLook, rotation: Int) {
    let rect = qpdf.entry(widget, "/Rect").flatMap { qpdf.rect($0) } ?? Rect(0, 0, 0, 0)
    let characteristics = qpdf.entry(widget, "/MK").flatMap { qpdf.isDictionary($0) ? $0 : nil }
    let turns = characteristics.flatMap { qpdf.entry($0, "/R") }.flatMap { qpdf.integer($0) } ?? 0
    let rotation = ((turns % 360) + 360) % 360 / 90 * 90
    let sideways = rotation == 90 || rotation == 270
    var look = WidgetLook(width: sideways ? rect.height : rect.width, height: sideways ? rect.width : rect.height)
    if let characteristics {
      look.background = qpdf.color(qpdf.entry(characteristics, "/BG"))
      look.border = qpdf.color(qpdf.entry(characteristics, "/BC"))
    }
    if let style = qpdf.entry(widget, "/BS"), qpdf.isDictionary(style) {
      if let width = qpdf.entry(style, "/W").flatMap({ qpdf.number($0) }) { look.borderWidth = min(max(width, 0), 100) }
      if let kind = qpdf.entry(style, "/S").flatMap({ qpdf.name($0) }) { look.borderStyle = kind }
      if let dashes = qpdf.entry(style, "/D").flatMap({ qpdf.items($0) })?.compactMap({ qpdf.number($0) }),
        dashes.contains(where: { $0 > 0 }), dashes.allSatisfy({ $0 >= 0 && $0 < 1000 })
      {
        look.dashes = dashes
      }
    } else if let border = qpdf.entry(widget, "/Border").flatMap({ qpdf.items($0) }), border.count >= 3,
      let width = qpdf.number(border[2])
    {
      look.borderWidth = min(max(width, 0), 100)
    }
    let appearance = DefaultAppearance(
      qpdf.entry(widget, "/DA").flatMap { qpdf.text($0) } ?? node.attributes.defaultAppearance ?? "")
    look.fontSize = appearance.fontSize ?? 0
    look.textColor = appearance.color ?? RGBColor(0, 0, 0)
    look.fontName = appearance.fontResource.flatMap { formFontName(resource: $0) } ?? appearance.fontName ?? "Helvetica"
    look.alignment = min(max(qpdf.entry(widget, "/Q").flatMap { qpdf.integer($0) } ?? node.attributes.alignment ?? 0, 0), 2)
    return (look, rotation)
  }

  /// Whether `widget`'s /Rect can carry an appearance (finite, within the coordinate limit, with
  /// an area); a widget without one keeps what it has, logged. Call under the lock.
  private func hasUsableRect(_ widget: qpdf_oh) -> Bool {
    guard let rect = qpdf.entry(widget, "/Rect").flatMap({ qpdf.rect($0) }), AppearanceLimits.isUsable(rect), !rect.isEmpty
    else {
      Log.emit(.warning, "pdftools", "a widget without a usable /Rect keeps its appearance")
      return false
    }
    return true
  }

  /// The font a /DA resource name asks for: the /BaseFont of that font in the form's /DR
  /// (without a subset tag); nil when /DR does not have it. Call under the lock.
  private func formFontName(resource: String) -> String? {
    guard let font = acroForm().flatMap({ qpdf.value($0, "DR") }).flatMap({ qpdf.value($0, "Font") })
      .flatMap({ qpdf.value($0, resource) }),
      let base = qpdf.entry(font, "/BaseFont").flatMap({ qpdf.name($0) })
    else { return nil }
    let parts = base.split(separator: "+", maxSplits: 1)
    if parts.count == 2, parts[0].count == 6, parts[0].allSatisfy(\.isUppercase) { return String(parts[1]) }
    return base
  }

  /// What the widgets of a text or choice field show for `values`; nil for other fields.
  /// Call under the lock.
  func widgetContent(_ node: FieldNode, values: [String], selected: [Int]) -> WidgetContent? {
    let flags = node.attributes.flags
    switch node.type {
    case .text:
      let comb = flags.contains(.comb) && !flags.contains(.multiline) && !flags.contains(.password)
        ? node.attributes.maxLength.flatMap { $0 > 0 ? $0 : nil } : nil
      return .text(
        values.first ?? "", multiline: flags.contains(.multiline), combCells: comb, password: flags.contains(.password))
    case .comboBox:
      let options = choiceOptions(node.attributes.options)
      let value = values.first ?? ""
      let shown = options.first(where: { $0.exportValue == value })?.displayName ?? value
      return .text(shown, multiline: false, combCells: nil, password: false)
    case .listBox:
      let options = choiceOptions(node.attributes.options)
      let top = qpdf.entry(node.object, "/TI").flatMap { qpdf.integer($0) } ?? 0
      return .list(options.map(\.displayName), selected: Set(selected), top: top)
    case .pushButton:
      let caption = node.widgets.first.flatMap { qpdf.entry($0, "/MK") }.flatMap { qpdf.entry($0, "/CA") }
        .flatMap { qpdf.text($0) } ?? ""
      return .caption(caption)
    case .signature:
      return .caption("")
    default:
      return nil
    }
  }

  /// Rebuilds the appearance of every widget of a text or choice field from `content`. Call
  /// under the lock.
  func writeFieldAppearances(_ node: FieldNode, content: WidgetContent) throws(PDFError) {
    for widget in node.widgets {
      guard hasUsableRect(widget) else { continue }
      let (look, rotation) = widgetLook(widget, of: node)
      let stream = try writeWidgetStream(WidgetAppearance.build(content, look: look), rotation: rotation, for: widget)
      try writer.set("/AP", qpdf.makeDictionary([("/N", stream)]), in: widget)
    }
  }

  /// Gives a check box or radio button widget appearances for `onState` and Off when its
  /// normal appearance has no state dictionary holding `onState` (always when `force`). Call
  /// under the lock.
  func ensureButtonAppearances(
    _ widget: qpdf_oh, of node: FieldNode, onState: String, force: Bool = false
  ) throws(PDFError) {
    if !force, let normal = qpdf.entry(widget, "/AP").flatMap({ qpdf.entry($0, "/N") }), qpdf.isDictionary(normal),
      qpdf_oh_is_stream(qpdf.data, normal) == QPDF_FALSE, qpdf.keys(normal).contains(onState)
    {
      return
    }
    guard hasUsableRect(widget) else { return }
    let (look, rotation) = widgetLook(widget, of: node)
    let round = node.type == .radio
    let caption = qpdf.entry(widget, "/MK").flatMap { qpdf.entry($0, "/CA") }.flatMap { qpdf.text($0) }
    let symbol = caption?.first ?? (round ? "l" : "4")
    let on = try writeWidgetStream(
      WidgetAppearance.build(.check(symbol: symbol, on: true, round: round), look: look), rotation: rotation, for: nil)
    let off = try writeWidgetStream(
      WidgetAppearance.build(.check(symbol: symbol, on: false, round: round), look: look), rotation: rotation, for: nil)
    try writer.set(
      "/AP", qpdf.makeDictionary([("/N", qpdf.makeDictionary([("/" + onState, on), ("/Off", off)]))]), in: widget)
  }

  /// Writes `appearance` as a form XObject (its /BBox in the widget's frame, turned by
  /// `rotation`); rewrites the stream this document made for `widget` when there is one.
  /// Call under the lock.
  private func writeWidgetStream(
    _ appearance: AppearanceStream, rotation: Int, for widget: qpdf_oh?
  ) throws(PDFError) -> qpdf_oh {
    let box = appearance.bbox
    var entries: [(String, qpdf_oh)] = [
      ("/Type", qpdf.makeName("XObject")), ("/Subtype", qpdf.makeName("Form")),
      ("/BBox", qpdf.numberArray([box.x0, box.y0, box.x1, box.y1])),
      ("/Resources", qpdf.makeDictionary(try resourceEntries(for: appearance))),
    ]
    switch rotation {
    case 90: entries.append(("/Matrix", qpdf.numberArray([0, 1, -1, 0, 0, 0])))
    case 180: entries.append(("/Matrix", qpdf.numberArray([-1, 0, 0, -1, 0, 0])))
    case 270: entries.append(("/Matrix", qpdf.numberArray([0, -1, 1, 0, 0, 0])))
    default: break
    }
    let content = Array(appearance.content.utf8)
    if let widget, let owner = qpdf.identity(widget),
      let normal = qpdf.entry(widget, "/AP").flatMap({ qpdf.entry($0, "/N") }),
      qpdf_oh_is_stream(qpdf.data, normal) != QPDF_FALSE, let identity = qpdf.identity(normal),
      ownAppearanceStreams[identity] == owner
    {
      try writer.rewriteStream(normal, content, dictionary: entries, reach: .annotations)
      return normal
    }
    let stream = try writer.makeStream(content, dictionary: entries)
    if let widget, let identity = qpdf.identity(stream), let owner = qpdf.identity(widget) {
      ownAppearanceStreams[identity] = owner
    }
    return stream
  }
}
