// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// Reading an annotation dictionary into the typed model, and writing the model back.
extension Document {
  /// The typed properties of an annotation dictionary; call under the lock.
  func readProperties(_ object: qpdf_oh) -> AppearanceInput {
    let subtype = qpdf.entry(object, "/Subtype").flatMap { qpdf.name($0) } ?? ""
    var input = AppearanceInput(
      subtype: subtype, rect: qpdf.entry(object, "/Rect").flatMap { qpdf.rect($0) } ?? Rect(0, 0, 0, 0))
    input.color = qpdf.color(qpdf.entry(object, "/C"))
    input.interiorColor = qpdf.color(qpdf.entry(object, "/IC"))
    if let opacity = qpdf.entry(object, "/CA").flatMap({ qpdf.number($0) }) {
      input.opacity = min(max(opacity, 0), 1)
    }
    if let border = qpdf.entry(object, "/BS") {
      if let width = qpdf.entry(border, "/W").flatMap({ qpdf.number($0) }), width >= 0 {
        input.borderWidth = width
      }
      if let style = qpdf.entry(border, "/S").flatMap({ qpdf.name($0) }).flatMap(BorderStyle.init) {
        input.borderStyle = style
      }
      let dashes = qpdf.entry(border, "/D").flatMap { qpdf.items($0) }?.compactMap { qpdf.number($0) }
      if let dashes, !dashes.isEmpty { input.dashes = dashes }
    } else if let border = qpdf.entry(object, "/Border").flatMap({ qpdf.items($0) }), border.count >= 3,
      let width = qpdf.number(border[2]), width >= 0
    {
      input.borderWidth = width
    }
    if let effect = qpdf.entry(object, "/BE"), qpdf.entry(effect, "/S").flatMap({ qpdf.name($0) }) == "C" {
      input.cloudyIntensity = qpdf.entry(effect, "/I").flatMap { qpdf.number($0) } ?? 1
    }
    let quadValues = qpdf.points(qpdf.entry(object, "/QuadPoints"))
    input.quads = stride(from: 0, to: quadValues.count - 3, by: 4).map {
      Quad.reading(quadValues[$0], quadValues[$0 + 1], quadValues[$0 + 2], quadValues[$0 + 3])
    }
    if let strokes = qpdf.entry(object, "/InkList").flatMap({ qpdf.items($0) }) {
      input.inkStrokes = strokes.map { qpdf.points($0) }.filter { !$0.isEmpty }
    }
    input.vertices = qpdf.points(qpdf.entry(object, "/Vertices"))
    let line = qpdf.points(qpdf.entry(object, "/L"))
    if line.count == 2 { input.line = (line[0], line[1]) }
    if let endings = qpdf.entry(object, "/LE").flatMap({ qpdf.items($0) }), endings.count == 2 {
      input.lineEndings = (
        qpdf.name(endings[0]).flatMap(LineEnding.init) ?? .none,
        qpdf.name(endings[1]).flatMap(LineEnding.init) ?? .none
      )
    }
    input.leaderLength = qpdf.entry(object, "/LL").flatMap { qpdf.number($0) } ?? 0
    input.leaderExtension = qpdf.entry(object, "/LLE").flatMap { qpdf.number($0) } ?? 0
    input.iconName = qpdf.entry(object, "/Name").flatMap { qpdf.name($0) } ?? ""
    input.contents = qpdf.entry(object, "/Contents").flatMap { qpdf.text($0) } ?? ""
    if let style = qpdf.entry(object, "/DA").flatMap({ qpdf.text($0) }) {
      let parsed = DefaultAppearance(style)
      input.fontName = parsed.fontName ?? input.fontName
      input.fontSize = parsed.fontSize ?? input.fontSize
      input.textColor = parsed.color ?? input.textColor
    }
    input.alignment = qpdf.entry(object, "/Q").flatMap { qpdf.integer($0) }.map { min(max($0, 0), 2) } ?? 0
    input.callout = qpdf.points(qpdf.entry(object, "/CL"))
    if let cap = qpdf.entry(object, "/Cap"), qpdf_oh_is_bool(qpdf.data, cap) != QPDF_FALSE {
      input.caption = qpdf_oh_get_bool_value(qpdf.data, cap) != QPDF_FALSE
    }
    if subtype == "FreeText" { readFreeTextColors(object, into: &input) }
    // A FreeText's text box is its /Rect less the /RD margins (they hold a callout).
    // /RD holds four margins (left, bottom, right, top), not a rectangle: read them as they are.
    if subtype == "FreeText", let items = qpdf.entry(object, "/RD").flatMap({ qpdf.items($0) }),
      items.count == 4
    {
      let margins = items.compactMap { qpdf.number($0) }.map { max(0, $0) }
      if margins.count == 4 {
        let inner = Rect(
          input.rect.x0 + margins[0], input.rect.y0 + margins[1], input.rect.x1 - margins[2],
          input.rect.y1 - margins[3])
        if !inner.isEmpty { input.rect = inner }
      }
    }
    return input
  }

  /// A FreeText's colours and border as Acrobat, MuPDF, PDFium and poppler read them: the fill
  /// is /C (/IC is not a FreeText entry and is ignored), the border is drawn in the text colour
  /// of /DA, and without /BS /W or /Border there is no border (Acrobat's and pdf.js's reading;
  /// the library always writes /BS, so the others agree on what it writes). A typewriter is
  /// never filled: Acrobat and Edge put its text colour in /C. A colour in the /DS style
  /// string is the text colour, as Acrobat and MuPDF draw it.
  private func readFreeTextColors(_ object: qpdf_oh, into input: inout AppearanceInput) {
    if let style = qpdf.entry(object, "/DS").flatMap({ qpdf.text($0) }), let color = DefaultStyle.color(style) {
      input.textColor = color
    }
    let intent = qpdf.entry(object, "/IT").flatMap { qpdf.name($0) }
    input.isTypewriter = intent == "FreeTextTypeWriter" || intent == "FreeTextTypewriter"
    input.interiorColor = input.isTypewriter ? nil : qpdf.color(qpdf.entry(object, "/C"))
    input.color = input.textColor
    let explicitWidth = qpdf.entry(object, "/BS").flatMap { qpdf.entry($0, "/W") }.flatMap { qpdf.number($0) }
    let borderArray = qpdf.entry(object, "/Border").flatMap { qpdf.items($0) }
    if explicitWidth == nil && (borderArray?.count ?? 0) < 3 { input.borderWidth = 0 }
  }
}

/// The colour of a FreeText /DS default style string ("font: Helvetica 12pt; color:#0000FF").
enum DefaultStyle {
  /// The `color` property's value, #RRGGBB or #RGB; nil without one.
  static func color(_ style: String) -> RGBColor? {
    for declaration in style.split(separator: ";") {
      let parts = declaration.split(separator: ":", maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingSpaces().lowercased() == "color" else { continue }
      let value = parts[1].trimmingSpaces()
      guard value.hasPrefix("#") else { return nil }
      var digits = Array(value.dropFirst())
      if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
      guard digits.count == 6, let number = Int(String(digits), radix: 16) else { return nil }
      return RGBColor(
        Double((number >> 16) & 0xFF) / 255, Double((number >> 8) & 0xFF) / 255, Double(number & 0xFF) / 255)
    }
    return nil
  }
}

extension Substring {
  /// The text without leading and trailing spaces and tabs.
  fileprivate func trimmingSpaces() -> Substring {
    var text = self
    while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
    while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
    return text
  }
}

/// The parts of a /DA string (FreeText, form fields) the library reads and writes:
/// "/Helv 12 Tf 0 0 1 rg".
struct DefaultAppearance {
  /// The font resource name as written (a form's /DR names its font).
  var fontResource: String?
  /// The font resource name with Acrobat's short names made standard 14 names.
  var fontName: String?
  /// The font size; nil when not given or 0 (a form field's "fit the box").
  var fontSize: Double?
  /// The text colour.
  var color: RGBColor?

  /// Parses a /DA string.
  init(_ text: String) {
    let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" })
    for (index, token) in tokens.enumerated() {
      switch token {
      case "Tf" where index >= 2:
        let name = tokens[index - 2]
        if name.hasPrefix("/") {
          fontResource = String(name.dropFirst())
          fontName = DefaultAppearance.standardName(String(name.dropFirst()))
        }
        fontSize = Double(tokens[index - 1]).flatMap { $0 > 0 && $0 < 1000 ? $0 : nil }
      case "rg" where index >= 3:
        if let r = Double(tokens[index - 3]), let g = Double(tokens[index - 2]), let b = Double(tokens[index - 1]) {
          color = RGBColor(r, g, b)
        }
      case "g" where index >= 1:
        if let gray = Double(tokens[index - 1]) { color = RGBColor(gray, gray, gray) }
      case "k" where index >= 4:
        let parts = tokens[(index - 4)..<index].compactMap { Double($0) }.map { min(max($0, 0), 1) }
        if parts.count == 4 {
          color = RGBColor((1 - parts[0]) * (1 - parts[3]), (1 - parts[1]) * (1 - parts[3]), (1 - parts[2]) * (1 - parts[3]))
        }
      default:
        break
      }
    }
  }

  /// Maps common abbreviations (Helv, TiRo, Cour) to standard 14 font names.
  static func standardName(_ name: String) -> String {
    switch name {
    case "Helv", "Helvetica", "Arial": return "Helvetica"
    case "HeBo": return "Helvetica-Bold"
    case "TiRo", "Times", "Times-Roman": return "Times-Roman"
    case "Cour", "Courier": return "Courier"
    default: return name
    }
  }

  /// A /DA string for a font, size and colour.
  static func string(font: String, size: Double, color: RGBColor) -> String {
    let numbers = [size, color.r, color.g, color.b].map(PDFNumberFormat.format)
    return "/\(font) \(numbers[0]) Tf \(numbers[1]) \(numbers[2]) \(numbers[3]) rg"
  }
}
