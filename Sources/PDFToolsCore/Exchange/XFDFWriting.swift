// SPDX-License-Identifier: GPL-3.0-or-later
/// Writing annotations as XFDF 3.0 (ISO 19444-1) elements.
enum XFDFWriting {
  /// The XFDF namespace.
  static let namespace = "http://ns.adobe.com/xfdf/"

  /// XFDF element names by /Subtype, and back.
  static let elementNames: [String: String] = [
    "Text": "text", "FreeText": "freetext", "Line": "line", "Square": "square", "Circle": "circle",
    "Polygon": "polygon", "PolyLine": "polyline", "Highlight": "highlight", "Underline": "underline",
    "Squiggly": "squiggly", "StrikeOut": "strikeout", "Stamp": "stamp", "Caret": "caret", "Ink": "ink",
    "FileAttachment": "fileattachment", "Sound": "sound", "Link": "link", "Redact": "redact",
  ]

  /// Subtypes by XFDF element name.
  static let subtypes: [String: String] = Dictionary(uniqueKeysWithValues: elementNames.map { ($0.value, $0.key) })

  /// The start of an XFDF document, up to and including the opening of `<xfdf>`.
  static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xfdf xmlns=\"\(namespace)\" xml:space=\"preserve\">\n"

  /// A number as XFDF writes it: its shortest exact form.
  static func number(_ value: Double) -> String { JSON.format(value) }

  /// Numbers joined by commas.
  static func numbers(_ values: [Double]) -> String { values.map(number).joined(separator: ",") }

  /// Points as "x,y;x,y".
  static func points(_ points: [Point]) -> String {
    points.map { number($0.x) + "," + number($0.y) }.joined(separator: ";")
  }

  /// A colour as #RRGGBB.
  static func color(_ color: RGBColor) -> String {
    let hex = Array("0123456789ABCDEF")
    return "#" + [color.r, color.g, color.b].map { component -> String in
      let byte = Int((component * 255).rounded())
      return String([hex[byte >> 4], hex[byte & 15]])
    }.joined()
  }

  /// The XFDF border style name of a /BS /S name.
  static func styleName(_ style: String) -> String {
    switch style {
    case "D": return "dash"
    case "B": return "bevelled"
    case "I": return "inset"
    case "U": return "underline"
    default: return "solid"
    }
  }

  /// The element for `annotation`, indented by two spaces.
  static func element(_ annotation: ExchangedAnnotation) -> String {
    let elementName = elementNames[annotation.subtype] ?? annotation.subtype.lowercased()
    var attributes: [(String, String)] = [
      ("page", String(annotation.page)), ("rect", numbers([annotation.rect.x0, annotation.rect.y0, annotation.rect.x1, annotation.rect.y1])),
      ("name", annotation.name),
    ]
    func add(_ key: String, _ value: String?) { if let value { attributes.append((key, value)) } }
    add("title", annotation.title)
    add("subject", annotation.subject)
    add("date", annotation.modified)
    add("creationdate", annotation.created)
    add("flags", annotation.flags == 0 ? nil : AnnotationFlagNames.text(annotation.flags))
    add("color", annotation.color.map(color))
    add("interior-color", annotation.interiorColor.map(color))
    add("opacity", annotation.opacity.map(number))
    if let border = annotation.border {
      add("width", number(border.width))
      add("style", annotation.cloudyIntensity != nil ? "cloudy" : styleName(border.style))
      if border.style == "D" && !border.dashes.isEmpty { add("dashes", numbers(border.dashes)) }
    } else if annotation.cloudyIntensity != nil {
      add("style", "cloudy")
    }
    add("intensity", annotation.cloudyIntensity.map(number))
    add("inreplyto", annotation.inReplyTo)
    add("replyType", annotation.inReplyTo == nil ? nil : (annotation.replyType == "Group" ? "group" : "reply"))
    add("state", annotation.state)
    add("statemodel", annotation.stateModel)
    add("icon", annotation.icon)
    add("open", annotation.open.map { $0 ? "yes" : "no" })
    add("coords", annotation.quadPoints.isEmpty ? nil : numbers(annotation.quadPoints))
    if annotation.line.count == 2 {
      add("start", number(annotation.line[0].x) + "," + number(annotation.line[0].y))
      add("end", number(annotation.line[1].x) + "," + number(annotation.line[1].y))
    }
    if annotation.subtype == "FreeText" {
      add("head", annotation.lineEndings.first)
    } else if annotation.lineEndings.count == 2 {
      add("head", annotation.lineEndings[0])
      add("tail", annotation.lineEndings[1])
    }
    add("leaderLength", annotation.leaderLength.map(number))
    add("leaderExtension", annotation.leaderExtension.map(number))
    add("leaderOffset", annotation.leaderOffset.map(number))
    add("caption", annotation.caption ? "yes" : nil)
    add("caption-style", annotation.captionPosition)
    add("justification", annotation.justification.map { ["left", "centered", "right"][min(max($0, 0), 2)] })
    add("callout", annotation.callout.isEmpty ? nil : numbers(annotation.callout.flatMap { [$0.x, $0.y] }))
    add("intent", annotation.intent)
    add("fringe", annotation.fringe.isEmpty ? nil : numbers(annotation.fringe))
    add("rotation", annotation.rotation.map(String.init))
    add("symbol", annotation.symbol)
    if let attachment = annotation.attachment { add("file", attachment.name) }

    var children: [String] = []
    if let contents = annotation.contents { children.append("<contents>\(XMLText.escape(contents))</contents>") }
    if let rich = annotation.richContents, let markup = richMarkup(rich) {
      children.append("<contents-richtext>\(markup)</contents-richtext>")
    }
    if let style = annotation.defaultAppearance {
      children.append("<defaultappearance>\(XMLText.escape(style))</defaultappearance>")
    }
    if let style = annotation.defaultStyle {
      children.append("<defaultstyle>\(XMLText.escape(style))</defaultstyle>")
    }
    if !annotation.ink.isEmpty {
      children.append("<inklist>" + annotation.ink.map { "<gesture>\(points($0))</gesture>" }.joined() + "</inklist>")
    }
    if !annotation.vertices.isEmpty { children.append("<vertices>\(points(annotation.vertices))</vertices>") }
    if let popup = annotation.popup {
      var text = "<popup page=\"\(annotation.page)\" rect=\"\(numbers([popup.rect.x0, popup.rect.y0, popup.rect.x1, popup.rect.y1]))\""
      text += " open=\"\(popup.open ? "yes" : "no")\""
      if popup.flags != 0 { text += " flags=\"\(AnnotationFlagNames.text(popup.flags))\"" }
      children.append(text + "/>")
    }
    switch annotation.link {
    case .uri(let uri)?:
      children.append("<OnActivation><Action Trigger=\"U\"><URI Name=\"\(XMLText.escape(uri))\"/></Action></OnActivation>")
    case .page(let page)?:
      children.append("<Dest><Fit Page=\"\(page)\"/></Dest>")
    case nil:
      break
    }
    if let attachment = annotation.attachment {
      let hex = Array("0123456789ABCDEF")
      var data = ""
      data.reserveCapacity(attachment.bytes.count * 2)
      for byte in attachment.bytes {
        data.append(hex[Int(byte >> 4)])
        data.append(hex[Int(byte & 15)])
      }
      children.append("<data MODE=\"raw\" encoding=\"hex\" length=\"\(attachment.bytes.count)\">\(data)</data>")
    }
    let opening = "  <" + elementName + attributes.map { " \($0.0)=\"\(XMLText.escape($0.1))\"" }.joined()
    guard !children.isEmpty else { return opening + "/>\n" }
    return opening + ">" + children.joined() + "</\(elementName)>\n"
  }

  /// Rich text as markup to embed: the /RC value as XML when it is well-formed (without its
  /// XML declaration) and reads back within the reader's limits, else as escaped text (read
  /// back as the same text).
  static func richMarkup(_ rich: String) -> String? {
    guard let root = try? XMLReader.parse(rich), root.depth <= XMLReader.maximumDepth - richTextNesting else {
      return XMLText.escape(rich)
    }
    // Read back, the markup is measured against the text limit, escapes and all.
    let markup = root.markup
    guard markup.utf8.count <= Limits.maximumTextBytes else { return XMLText.escape(rich) }
    return markup
  }

  /// The elements rich text is embedded in: <xfdf>, <annots> (or <add>, <modify>), the
  /// annotation's element and <contents-richtext>.
  static let richTextNesting = 4
}
