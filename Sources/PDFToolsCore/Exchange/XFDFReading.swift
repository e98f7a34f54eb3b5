// SPDX-License-Identifier: GPL-3.0-or-later
/// Reading XFDF annotation elements into ``ExchangedAnnotation``s. Every value is checked; a
/// bad one is an `.invalidArgument` error naming the element, the attribute and the line.
struct XFDFReading {
  /// The element being read.
  let element: XMLElement

  /// A failure naming the element and its line.
  func failure(_ what: String) -> PDFError {
    PDFError(.invalidArgument, "XFDF line \(element.line), <\(element.name)>: \(what)")
  }

  /// Numbers of a comma- or space-separated list.
  func numbers(_ text: String, _ attribute: String) throws(PDFError) -> [Double] {
    var values: [Double] = []
    for part in text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == ";" || $0 == "\n" || $0 == "\t" || $0 == "\r" }) {
      guard let value = Double(part), Limits.isCoordinate(value) else {
        throw failure("\(attribute) holds '\(part)', not a number (of magnitude at most \(Int(Limits.maximumCoordinate)))")
      }
      values.append(value)
    }
    return values
  }

  /// Points of "x,y;x,y" (or any even list of numbers).
  func points(_ text: String, _ attribute: String) throws(PDFError) -> [Point] {
    let values = try numbers(text, attribute)
    guard values.count % 2 == 0 else { throw failure("\(attribute) holds an odd count of numbers") }
    guard values.count / 2 <= Limits.maximumPoints else { throw failure("\(attribute) holds too many points") }
    return stride(from: 0, to: values.count, by: 2).map { Point(values[$0], values[$0 + 1]) }
  }

  /// A required rectangle attribute.
  func rect(_ attribute: String, in element: XMLElement? = nil) throws(PDFError) -> Rect {
    guard let text = (element ?? self.element).attribute(attribute) else { throw failure("the \(attribute) attribute is missing") }
    let values = try numbers(text, attribute)
    guard values.count == 4 else { throw failure("\(attribute) must hold 4 numbers (got \(values.count))") }
    // Without area is allowed: other programs write such rectangles (an ink of one dot).
    return Rect(min(values[0], values[2]), min(values[1], values[3]), max(values[0], values[2]), max(values[1], values[3]))
  }

  /// An optional number attribute.
  func number(_ attribute: String) throws(PDFError) -> Double? {
    guard let text = element.attribute(attribute) else { return nil }
    let values = try numbers(text, attribute)
    guard values.count == 1 else { throw failure("\(attribute) must be one number") }
    return values[0]
  }

  /// An optional colour attribute (#RRGGBB or #RGB; "" or "transparent" for none).
  func color(_ attribute: String) throws(PDFError) -> RGBColor? {
    guard let text = element.attribute(attribute), !text.isEmpty, text.lowercased() != "transparent" else { return nil }
    var digits = Array(text)
    guard digits.first == "#" else { throw failure("\(attribute) '\(text)' is not a #RRGGBB colour") }
    digits.removeFirst()
    if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
    guard digits.count == 6, let value = Int(String(digits), radix: 16) else {
      throw failure("\(attribute) '\(text)' is not a #RRGGBB colour")
    }
    return RGBColor(Double((value >> 16) & 255) / 255, Double((value >> 8) & 255) / 255, Double(value & 255) / 255)
  }

  /// A yes/no attribute (also true/false, 1/0).
  func flag(_ attribute: String) throws(PDFError) -> Bool? {
    guard let text = element.attribute(attribute)?.lowercased() else { return nil }
    switch text {
    case "yes", "true", "1", "on": return true
    case "no", "false", "0", "off": return false
    default: throw failure("\(attribute) must be yes or no (got '\(text)')")
    }
  }

  /// A PDF name value from an attribute: printable ASCII without delimiters.
  func name(_ attribute: String) throws(PDFError) -> String? {
    guard let text = element.attribute(attribute) else { return nil }
    do throws(PDFError) { try Document.checkName(text) } catch { throw failure("\(attribute): \(error.message)") }
    return text
  }

  /// Checked text of an attribute or child.
  func checked(_ text: String?, _ what: String) throws(PDFError) -> String? {
    guard let text else { return nil }
    guard text.utf8.count <= Limits.maximumTextBytes else { throw failure("\(what) is longer than \(Limits.maximumTextBytes) bytes") }
    return text
  }

  /// The annotation the element describes; `pageCount` bounds its page.
  func annotation(pageCount: Int) throws(PDFError) -> ExchangedAnnotation {
    guard let subtype = XFDFWriting.subtypes[element.name] else { throw failure("not an annotation element") }
    guard let pageText = element.attribute("page") else { throw failure("the page attribute is missing") }
    guard let page = Int(pageText), page >= 0 else { throw failure("page '\(pageText)' is not a page index") }
    guard page < pageCount else {
      throw failure("page \(page) does not exist (the document has \(pageCount) pages, counted from 0)")
    }
    guard let name = element.attribute("name"), !name.isEmpty else { throw failure("the name attribute is missing") }
    var annotation = ExchangedAnnotation(subtype: subtype, page: page, rect: try rect("rect"), name: try checked(name, "name") ?? name)
    annotation.sourceLine = element.line
    if let text = element.attribute("flags") {
      switch AnnotationFlagNames.flags(text) {
      case .success(let flags): annotation.flags = flags
      case .failure(let unknown): throw failure("flags names '\(unknown.name)', not an annotation flag")
      }
    }
    annotation.color = try color("color")
    annotation.interiorColor = try color("interior-color")
    if let opacity = try number("opacity") {
      guard (0...1).contains(opacity) else { throw failure("opacity must be between 0 and 1") }
      annotation.opacity = opacity
    }
    annotation.title = try checked(element.attribute("title"), "title")
    annotation.subject = try checked(element.attribute("subject"), "subject")
    annotation.modified = try date("date")
    annotation.created = try date("creationdate")
    annotation.contents = try checked(element.element("contents")?.text, "contents")
    if let rich = element.element("contents-richtext") {
      annotation.richContents = try checked(rich.elements.first?.markup ?? rich.text, "contents-richtext")
    }
    try readBorder(into: &annotation)
    try readGeometry(into: &annotation)
    try readStyle(into: &annotation)
    try readRelations(into: &annotation, pageCount: pageCount)
    return annotation
  }

  /// A PDF date attribute, kept as written when it looks like one.
  private func date(_ attribute: String) throws(PDFError) -> String? {
    guard let text = element.attribute(attribute) else { return nil }
    guard XFDFReading.isDate(text), let moment = PDFDateValue(text) else {
      throw failure("\(attribute) '\(text)' is not a PDF date (D:YYYYMMDDHHmmSS)")
    }
    // A PDF date is kept as written; an ISO 8601 date becomes the PDF date of its moment.
    if text.hasPrefix("D:") { return text }
    if text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) { return "D:" + text }
    return moment.pdfText
  }

  /// True for a PDF date XFDF can carry: printable ASCII, at most 64 bytes, a date
  /// ``PDFDateValue`` reads.
  static func isDate(_ text: String) -> Bool {
    text.utf8.count <= 64 && text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 })
      && PDFDateValue(text) != nil
  }

  /// width, style, dashes and intensity.
  private func readBorder(into annotation: inout ExchangedAnnotation) throws(PDFError) {
    let style = element.attribute("style")?.lowercased()
    let width = try number("width")
    if let width { guard width >= 0, width <= 1000 else { throw failure("width must be between 0 and 1000") } }
    let styleName: String
    switch style {
    case nil, "solid": styleName = "S"
    case "dash", "dashed": styleName = "D"
    case "bevelled", "beveled": styleName = "B"
    case "inset": styleName = "I"
    case "underline": styleName = "U"
    case "cloudy": styleName = "S"
    default: throw failure("style '\(style ?? "")' is not a border style")
    }
    var dashes: [Double] = []
    if let text = element.attribute("dashes") {
      dashes = try numbers(text, "dashes")
      guard dashes.count <= 16, dashes.allSatisfy({ $0 >= 0 }), dashes.contains(where: { $0 > 0 }) else {
        throw failure("dashes must be 1 to 16 lengths, not all zero")
      }
    }
    if width != nil || (style != nil && style != "cloudy") {
      annotation.border = .init(width: width ?? 1, style: styleName, dashes: styleName == "D" ? (dashes.isEmpty ? [3] : dashes) : [])
    }
    if style == "cloudy" || element.attribute("intensity") != nil && style == "cloudy" {
      let intensity = try number("intensity") ?? 1
      guard (0...2).contains(intensity) else { throw failure("intensity must be between 0 and 2") }
      annotation.cloudyIntensity = intensity
    }
  }

  /// coords, inklist, vertices, start/end, callout, fringe. Geometry may be missing (other
  /// programs write inks without strokes); such an annotation draws nothing.
  private func readGeometry(into annotation: inout ExchangedAnnotation) throws(PDFError) {
    if let text = element.attribute("coords") {
      let values = try numbers(text, "coords")
      guard values.count % 8 == 0, !values.isEmpty, values.count / 8 <= Limits.maximumQuads else {
        throw failure("coords must hold 8 numbers per quadrilateral")
      }
      annotation.quadPoints = values
    }
    if let list = element.element("inklist") {
      for gesture in list.elements where gesture.name == "gesture" {
        let stroke = try points(gesture.text, "gesture")
        if !stroke.isEmpty { annotation.ink.append(stroke) }
      }
      guard annotation.ink.count <= Limits.maximumStrokes, annotation.ink.reduce(0, { $0 + $1.count }) <= Limits.maximumPoints else {
        throw failure("the ink list is too large")
      }
    }
    if let vertices = element.element("vertices") {
      annotation.vertices = try points(vertices.text, "vertices")
    }
    if let start = element.attribute("start"), let end = element.attribute("end") {
      let line = try points(start, "start") + points(end, "end")
      guard line.count == 2 else { throw failure("start and end must be one point each (x,y)") }
      annotation.line = line
    }
    if let text = element.attribute("callout") {
      let callout = try points(text, "callout")
      guard callout.count == 2 || callout.count == 3 else { throw failure("callout must hold 2 or 3 points") }
      annotation.callout = callout
    }
    if let text = element.attribute("fringe") {
      let fringe = try numbers(text, "fringe")
      guard fringe.count == 4, fringe.allSatisfy({ $0 >= 0 }) else { throw failure("fringe must hold 4 margins") }
      annotation.fringe = fringe
    }
  }

  /// Endings, leader lines, caption, icon, FreeText style, rotation, symbol, state.
  private func readStyle(into annotation: inout ExchangedAnnotation) throws(PDFError) {
    let head = try name("head")
    let tail = try name("tail")
    for ending in [head, tail].compactMap({ $0 }) where LineEnding(rawValue: ending) == nil {
      throw failure("'\(ending)' is not a line ending")
    }
    if annotation.subtype == "FreeText" {
      if let head { annotation.lineEndings = [head] }
    } else if head != nil || tail != nil {
      annotation.lineEndings = [head ?? "None", tail ?? "None"]
    }
    annotation.leaderLength = try number("leaderLength")
    annotation.leaderExtension = try number("leaderExtension")
    if let value = annotation.leaderExtension, value < 0 { throw failure("leaderExtension must not be negative") }
    annotation.leaderOffset = try number("leaderOffset")
    annotation.caption = try flag("caption") ?? false
    if let position = element.attribute("caption-style") {
      guard position == "Inline" || position == "Top" else { throw failure("caption-style must be Inline or Top") }
      annotation.captionPosition = position
    }
    annotation.icon = try name("icon")
    annotation.open = try flag("open")
    if annotation.subtype != "Text" { annotation.open = nil }
    if let style = element.element("defaultappearance") {
      annotation.defaultAppearance = try checked(style.text, "defaultappearance")
    }
    if let style = element.element("defaultstyle") { annotation.defaultStyle = try checked(style.text, "defaultstyle") }
    if let text = element.attribute("justification") {
      switch text.lowercased() {
      case "left", "0": annotation.justification = 0
      case "centered", "center", "1": annotation.justification = 1
      case "right", "2": annotation.justification = 2
      default: throw failure("justification must be left, centered or right")
      }
    }
    annotation.intent = try name("intent")
    if let text = element.attribute("rotation") {
      guard let degrees = Int(text), degrees % 90 == 0 else { throw failure("rotation must be a multiple of 90") }
      annotation.rotation = ((degrees % 360) + 360) % 360
    }
    annotation.symbol = try name("symbol")
    annotation.state = try checked(element.attribute("state"), "state")
    annotation.stateModel = try checked(element.attribute("statemodel"), "statemodel")
  }

  /// inreplyto, replyType, popup, link targets and attached files.
  private func readRelations(into annotation: inout ExchangedAnnotation, pageCount: Int) throws(PDFError) {
    annotation.inReplyTo = try checked(element.attribute("inreplyto"), "inreplyto")
    if annotation.inReplyTo == annotation.name { throw failure("an annotation cannot reply to itself") }
    if let type = element.attribute("replyType")?.lowercased() {
      guard type == "reply" || type == "group" else { throw failure("replyType must be reply or group") }
      annotation.replyType = type == "group" ? "Group" : nil
    }
    if let popup = element.element("popup") {
      let reading = XFDFReading(element: popup)
      var flags: UInt32 = 0
      if let text = popup.attribute("flags") {
        guard case .success(let value) = AnnotationFlagNames.flags(text) else {
          throw reading.failure("flags names an unknown annotation flag")
        }
        flags = value
      }
      annotation.popup = .init(rect: try reading.rect("rect"), open: try reading.flag("open") ?? false, flags: flags)
    }
    if annotation.subtype == "Link" {
      if let uri = element.element("OnActivation")?.element("Action")?.element("URI")?.attribute("Name") {
        guard !uri.isEmpty, uri.utf8.count <= Limits.maximumTextBytes,
          uri.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F })
        else { throw failure("the link URI must be printable ASCII") }
        annotation.link = .uri(uri)
      } else if let fit = element.element("Dest")?.elements.first, let text = fit.attribute("Page") {
        guard let page = Int(text), page >= 0, page < pageCount else {
          throw failure("the link destination page '\(text)' does not exist")
        }
        annotation.link = .page(page)
      }
    }
    if annotation.subtype == "FileAttachment", let data = element.element("data") {
      let file = element.attribute("file") ?? ""
      guard !file.isEmpty else { throw failure("the file attribute is missing") }
      annotation.attachment = .init(name: file, bytes: try fileBytes(data))
    }
  }

  /// The bytes of a <data> element: hex, compressed (Flate) or not.
  private func fileBytes(_ data: XMLElement) throws(PDFError) -> [UInt8] {
    var bytes: [UInt8] = []
    var high: UInt8? = nil
    for unit in data.text.utf8 {
      let value: UInt8
      switch unit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = unit - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): value = unit - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): value = unit - UInt8(ascii: "A") + 10
      case 0x20, 0x09, 0x0A, 0x0D: continue
      default: throw failure("the file data is not hexadecimal")
      }
      if let first = high {
        bytes.append(first << 4 | value)
        high = nil
      } else {
        high = value
      }
      guard bytes.count <= Limits.maximumAttachmentBytes else { throw failure("the file is too large") }
    }
    if let high { bytes.append(high << 4) }
    switch data.attribute("encoding")?.lowercased() {
    case nil, "hex", "ascii":
      return bytes
    case "compress", "flate":
      guard let inflated = Flate.inflate(bytes, limit: Limits.maximumAttachmentBytes) else {
        throw failure("the compressed file data cannot be read")
      }
      return inflated
    case let other?:
      throw failure("file data encoding '\(other)' is not hex or compress")
    }
  }
}
