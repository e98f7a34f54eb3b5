// SPDX-License-Identifier: GPL-3.0-or-later
extension ToolManager {
  /// The default style of `tool`.
  public func style(for tool: ToolKind) -> ToolStyle {
    lock.withLock { styles.defaults[tool] ?? .builtIn(tool) }
  }

  /// Applies the `fields` of `style` as a toolbar does: to the selected annotations (one step,
  /// merged with a directly preceding change of the same fields of the same selection), or,
  /// with none selected, to the default of `tool`.
  public func setStyle(_ style: ToolStyle, for tool: ToolKind, fields: StyleFields = .all) throws(PDFError) {
    try style.validate()
    let fields = fields.intersection(.all)
    guard !fields.isEmpty else { throw PDFError(.invalidArgument, "no style fields were named") }
    try run { () throws(PDFError) in
      pruneSelection()
      guard !selectedIDs.isEmpty else {
        styles.defaults[tool] = (styles.defaults[tool] ?? .builtIn(tool)).replacing(fields, from: style)
        return
      }
      guard currentMode == .annotate else { throw PDFError(.notPermitted, "changing annotations needs annotate mode") }
      var targets: [(id: Int64, subtype: String, page: Int)] = []
      for id in selectedIDs {
        let info = try annotationInfo(id)
        if !info.isLocked { targets.append((id, info.subtype, info.page)) }
      }
      guard !targets.isEmpty else { throw PDFError(.notPermitted, "the selected annotations are locked") }
      // A run of changes to the same fields of the same selection (a slider) is one step.
      let key = Journal.CoalescingKey(properties: ["Style \(fields.rawValue)"], targets: Set(selectedIDs))
      try document.performStep("Change Style", key: key) { () throws(PDFError) in
        for target in targets {
          let current = try document.annotationProperties(target.id)
          let changes = style.changes(for: target.subtype, current: current).filter {
            !$0.styleFields.intersection(fields).isEmpty
          }
          if !changes.isEmpty { try document.updateAnnotation(target.id, changes) }
        }
      }
      notify(.annotationsModified, page: targets[0].page, ids: targets.map(\.id))
      notify(.undoState)
    }
  }

  /// Makes `style` the default of `tool`, whatever is selected.
  public func setDefaultStyle(_ style: ToolStyle, for tool: ToolKind) throws(PDFError) {
    try style.validate()
    lock.withLock { styles.defaults[tool] = style }
  }

  /// Adds (or replaces, by name) a preset of `tool`.
  public func addPreset(_ name: String, style: ToolStyle, for tool: ToolKind) throws(PDFError) {
    guard !name.isEmpty else { throw PDFError(.invalidArgument, "a preset needs a name") }
    try style.validate()
    lock.withLock {
      var list = styles.presets[tool] ?? []
      if let index = list.firstIndex(where: { $0.name == name }) {
        list[index].style = style
      } else {
        list.append(ToolPreset(name: name, style: style))
      }
      styles.presets[tool] = list
    }
  }

  /// The presets of `tool`.
  public func presets(for tool: ToolKind) -> [ToolPreset] { lock.withLock { styles.presets[tool] ?? [] } }

  /// Removes preset `index` of `tool`.
  public func removePreset(at index: Int, for tool: ToolKind) throws(PDFError) {
    try lock.withLock { () throws(PDFError) in
      var list = styles.presets[tool] ?? []
      guard index >= 0, index < list.count else {
        throw PDFError(.outOfRange, "preset \(index) is out of range (the \(tool.name) tool has \(list.count))")
      }
      list.remove(at: index)
      styles.presets[tool] = list
    }
  }

  /// Every default and preset as JSON.
  public func exportStyles() -> String { lock.withLock { styles.json.text } }

  /// Loads defaults and presets from JSON (all or nothing).
  public func importStyles(_ text: String) throws(PDFError) {
    let json = try JSON.parse(text)
    try lock.withLock { () throws(PDFError) in styles = try styles.merging(json) }
  }
}
