// SPDX-License-Identifier: GPL-3.0-or-later
extension ToolStyle {
  /// The style as a JSON object (the format of ``ToolManager/exportStyles()``).
  var json: JSON {
    func color(_ value: RGBColor?) -> JSON {
      guard let value else { return .null }
      return .array([.number(value.r), .number(value.g), .number(value.b)])
    }
    return .object([
      ("color", color(self.color)), ("fill", color(fill)), ("opacity", .number(opacity)), ("width", .number(width)),
      ("border_style", .string(ToolStyle.borderNames[borderStyle] ?? "solid")),
      ("dashes", .array(dashes.map { .number($0) })), ("cloudy", .number(cloudy)),
      ("line_start", .string(lineStart.rawValue)), ("line_end", .string(lineEnd.rawValue)),
      ("font", .string(font)), ("font_size", .number(fontSize)), ("text_color", color(textColor)),
      ("icon", .string(icon)),
    ])
  }

  /// JSON names of the border styles.
  static let borderNames: [BorderStyle: String] = [
    .solid: "solid", .dashed: "dashed", .beveled: "beveled", .inset: "inset", .underline: "underline",
  ]

  /// This style with the keys of `object` applied (keys it lacks keep their values); `path`
  /// names the object in error messages.
  func merging(_ object: JSON, path: String) throws(PDFError) -> ToolStyle {
    guard case .object(let members) = object else { throw PDFError(.invalidArgument, "\(path) must be an object") }
    var style = self
    func bad(_ key: String, _ expected: String) -> PDFError {
      PDFError(.invalidArgument, "\(path).\(key) must be \(expected)")
    }
    func number(_ key: String, _ value: JSON) throws(PDFError) -> Double {
      guard case .number(let number) = value else { throw bad(key, "a number") }
      return number
    }
    func color(_ key: String, _ value: JSON, optional: Bool) throws(PDFError) -> RGBColor? {
      if case .null = value, optional { return nil }
      guard case .array(let items) = value, items.count == 3 else { throw bad(key, "[r, g, b]") }
      var parts: [Double] = []
      for item in items {
        guard case .number(let part) = item, (0...1).contains(part) else { throw bad(key, "[r, g, b] with parts 0 to 1") }
        parts.append(part)
      }
      return RGBColor(parts[0], parts[1], parts[2])
    }
    func text(_ key: String, _ value: JSON) throws(PDFError) -> String {
      guard case .string(let text) = value else { throw bad(key, "a string") }
      return text
    }
    func ending(_ key: String, _ value: JSON) throws(PDFError) -> LineEnding {
      guard let ending = LineEnding(rawValue: try text(key, value)) else {
        throw bad(key, "a line ending name (" + LineEnding.allCases.map(\.rawValue).joined(separator: ", ") + ")")
      }
      return ending
    }
    for (key, value) in members {
      switch key {
      case "color": style.color = try color(key, value, optional: true)
      case "fill": style.fill = try color(key, value, optional: true)
      case "opacity": style.opacity = try number(key, value)
      case "width": style.width = try number(key, value)
      case "border_style":
        let name = try text(key, value)
        guard let border = ToolStyle.borderNames.first(where: { $0.value == name })?.key else {
          throw bad(key, "solid, dashed, beveled, inset or underline")
        }
        style.borderStyle = border
      case "dashes":
        guard case .array(let items) = value else { throw bad(key, "an array of numbers") }
        var dashes: [Double] = []
        for item in items { dashes.append(try number(key, item)) }
        style.dashes = dashes
      case "cloudy": style.cloudy = try number(key, value)
      case "line_start": style.lineStart = try ending(key, value)
      case "line_end": style.lineEnd = try ending(key, value)
      case "font": style.font = try text(key, value)
      case "font_size": style.fontSize = try number(key, value)
      case "text_color": style.textColor = try color(key, value, optional: false) ?? RGBColor(0, 0, 0)
      case "icon": style.icon = try text(key, value)
      default: continue
      }
    }
    do {
      try style.validate()
    } catch {
      throw PDFError(.invalidArgument, "\(path): \(error.message)")
    }
    return style
  }
}

/// A named style of a tool.
public struct ToolPreset: Sendable, Equatable {
  /// The name the host shows.
  public var name: String
  /// The style.
  public var style: ToolStyle
}

/// Every tool's default style and presets.
struct ToolStyleBook: Sendable {
  /// Default style per tool.
  var defaults: [ToolKind: ToolStyle] = Dictionary(uniqueKeysWithValues: ToolKind.allCases.map { ($0, ToolStyle.builtIn($0)) })
  /// Presets per tool.
  var presets: [ToolKind: [ToolPreset]] = [:]

  /// The JSON document of all defaults and presets.
  var json: JSON {
    let tools = ToolKind.allCases.map { tool -> (String, JSON) in
      let presets = (self.presets[tool] ?? []).map { JSON.object([("name", .string($0.name)), ("style", $0.style.json)]) }
      return (tool.name, .object([("style", (defaults[tool] ?? .builtIn(tool)).json), ("presets", .array(presets))]))
    }
    return .object([("version", .number(1)), ("tools", .object(tools))])
  }

  /// The book `json` describes, starting from this one (all or nothing).
  func merging(_ json: JSON) throws(PDFError) -> ToolStyleBook {
    guard case .object = json else { throw PDFError(.invalidArgument, "the style document must be a JSON object") }
    if let version = json["version"] {
      guard case .number(let number) = version, number == 1 else {
        throw PDFError(.invalidArgument, "the style document's version must be 1")
      }
    }
    guard let toolsValue = json["tools"], case .object(let tools) = toolsValue else {
      throw PDFError(.invalidArgument, "the style document needs a \"tools\" object")
    }
    var book = self
    for (name, entry) in tools {
      guard let tool = ToolKind(name: name) else { continue }
      guard case .object = entry else { throw PDFError(.invalidArgument, "tools.\(name) must be an object") }
      if let style = entry["style"] {
        book.defaults[tool] = try (book.defaults[tool] ?? .builtIn(tool)).merging(style, path: "tools.\(name).style")
      }
      if let presetsValue = entry["presets"] {
        guard case .array(let items) = presetsValue else {
          throw PDFError(.invalidArgument, "tools.\(name).presets must be an array")
        }
        var presets: [ToolPreset] = []
        for (index, item) in items.enumerated() {
          let path = "tools.\(name).presets[\(index)]"
          guard let nameValue = item["name"], case .string(let presetName) = nameValue, !presetName.isEmpty else {
            throw PDFError(.invalidArgument, "\(path).name must be a non-empty string")
          }
          let style = try ToolStyle.builtIn(tool).merging(item["style"] ?? .object([]), path: path + ".style")
          presets.append(ToolPreset(name: presetName, style: style))
        }
        book.presets[tool] = presets
      }
    }
    return book
  }
}
