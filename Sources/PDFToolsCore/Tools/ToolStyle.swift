// SPDX-License-Identifier: GPL-3.0-or-later
/// The style a tool gives the annotations it makes.
public struct ToolStyle: Sendable, Equatable {
  /// Stroke, line, markup and icon colour (nil: none).
  public var color: RGBColor?
  /// Fill of shapes and closed line endings (nil: none).
  public var fill: RGBColor?
  /// Opacity 0...1.
  public var opacity: Double = 1
  /// Border or line width in points.
  public var width: Double = 1
  /// Border style.
  public var borderStyle: BorderStyle = .solid
  /// Dash array for dashed borders.
  public var dashes: [Double] = []
  /// Cloudy border intensity (0: none).
  public var cloudy: Double = 0
  /// Ending at the start of lines.
  public var lineStart: LineEnding = .none
  /// Ending at the end of lines.
  public var lineEnd: LineEnding = .none
  /// Font of free text.
  public var font: String = "Helvetica"
  /// Font size in points.
  public var fontSize: Double = 12
  /// Text colour.
  public var textColor: RGBColor = RGBColor(0, 0, 0)
  /// Icon or stamp name.
  public var icon: String = ""

  /// Creates a style with the given colour and the other fields at their defaults.
  public init(color: RGBColor? = nil) { self.color = color }

  /// Checks every field; throws `.invalidArgument` naming the first bad one.
  public func validate() throws(PDFError) {
    func bad(_ what: String) -> PDFError { PDFError(.invalidArgument, "the style's \(what) is out of range") }
    guard opacity.isFinite, (0...1).contains(opacity) else { throw bad("opacity (0 to 1)") }
    guard width.isFinite, (0...1000).contains(width) else { throw bad("width (0 to 1000)") }
    guard dashes.count <= 8, dashes.allSatisfy({ $0.isFinite && $0 >= 0 }),
      borderStyle != .dashed || dashes.isEmpty || dashes.contains(where: { $0 > 0 })
    else { throw bad("dash array (at most 8 non-negative numbers, one above 0)") }
    guard cloudy.isFinite, (0...2).contains(cloudy) else { throw bad("cloudy intensity (0 to 2)") }
    guard fontSize.isFinite, fontSize > 0, fontSize <= 1000 else { throw bad("font size (above 0, at most 1000)") }
    guard ToolStyle.standardFonts.contains(font) else {
      throw PDFError(.invalidArgument, "the style's font '\(font)' is not one of the 14 standard fonts")
    }
    if !icon.isEmpty { try Document.checkName(icon) }
    for color in [color, fill, textColor].compactMap({ $0 }) {
      guard color.r.isFinite, color.g.isFinite, color.b.isFinite else { throw bad("colour") }
    }
  }

  /// The names of the standard 14 fonts.
  static let standardFonts: Set<String> = [
    "Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique", "Times-Roman", "Times-Bold",
    "Times-Italic", "Times-BoldItalic", "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique",
    "Symbol", "ZapfDingbats",
  ]

  /// The built-in default of `tool`.
  static func builtIn(_ tool: ToolKind) -> ToolStyle {
    let red = RGBColor(1, 0, 0)
    let measure = RGBColor(0, 0.4, 1)
    var style = ToolStyle(color: red)
    style.width = 2
    switch tool {
    case .highlight: style.color = RGBColor(1, 1, 0)
    case .underline: style.color = RGBColor(0, 0.6, 0)
    case .squiggly: style.color = RGBColor(0.9, 0.3, 0)
    case .strikeOut: style.color = red
    case .ink: style.color = RGBColor(0, 0, 1)
    case .freeHighlight:
      style.color = RGBColor(1, 1, 0)
      style.width = 12
      style.opacity = 0.4
    case .eraser:
      style.color = nil
      style.width = 10
    case .arrow: style.lineEnd = .openArrow
    case .ruler:
      style.color = measure
      style.width = 1
      style.lineStart = .butt
      style.lineEnd = .butt
    case .perimeter, .area:
      style.color = measure
      style.width = 1
    case .cloud: style.cloudy = 1
    case .freeText:
      style.color = nil
      style.width = 0
    case .callout:
      style.color = RGBColor(0, 0, 0)
      style.width = 1
      style.lineStart = .openArrow
    case .stickyNote:
      style.color = RGBColor(1, 0.82, 0)
      style.icon = "Comment"
    case .stamp:
      style.color = RGBColor(0.8, 0, 0)
      style.icon = "Approved"
    case .fileAttachment:
      style.color = RGBColor(0, 0, 1)
      style.icon = "PushPin"
    case .signature: style.color = RGBColor(0, 0, 0.5)
    case .link, .image:
      style.color = nil
      style.width = 0
    case .formText, .formCheckbox, .formRadio, .formComboBox, .formListBox, .formPushButton, .formSignature:
      // A field's border, background (none) and text: black, 1 point, 12 point text.
      style.color = RGBColor(0, 0, 0)
      style.width = 1
      style.fontSize = 12
    case .pan, .textSelect, .annotationEdit, .lineEdit, .polyEdit, .textMarkupEdit:
      style.color = RGBColor(0, 0.47, 0.84)
      style.width = 1
    case .rectangle, .oval, .line, .polyline, .polygon: break
    }
    return style
  }

  /// The annotation changes that give an annotation of `subtype` this style.
  func changes(for subtype: String, current: AppearanceInput?) -> [AnnotationChange] {
    var changes: [AnnotationChange] = [.opacity(opacity)]
    switch subtype {
    case "Highlight", "Underline", "Squiggly", "StrikeOut", "Caret":
      changes.append(.color(color))
    case "Text", "FileAttachment":
      changes.append(.color(color))
      if !icon.isEmpty { changes.append(.icon(icon)) }
    case "Stamp":
      changes.append(.color(color))
      if !icon.isEmpty, current?.iconName != "" || current == nil { changes.append(.icon(icon)) }
    case "Ink":
      changes.append(.color(color))
      changes.append(.border(width: width, style: .solid, dashes: []))
    case "Square", "Circle", "Polygon":
      changes += [.color(color), .interiorColor(fill), .border(width: width, style: borderStyle, dashes: dashes), .cloudy(cloudy)]
    case "PolyLine":
      changes += [
        .color(color), .interiorColor(fill), .border(width: width, style: borderStyle, dashes: dashes),
        .lineEndings(lineStart, lineEnd),
      ]
    case "Line":
      changes += [.color(color), .interiorColor(fill), .border(width: width, style: borderStyle, dashes: dashes)]
      if let line = current?.line {
        changes.append(
          .line(
            start: line.0, end: line.1, startEnding: lineStart, endEnding: lineEnd,
            leaderLength: current?.leaderLength ?? 0, leaderExtension: current?.leaderExtension ?? 0))
      }
    case "FreeText":
      // The border is drawn in the text colour; the fill is the background.
      changes += [
        .interiorColor(fill), .border(width: width, style: borderStyle, dashes: dashes),
        .freeText(
          font: font, size: fontSize, color: textColor, alignment: current?.alignment ?? 0,
          intent: current?.isTypewriter == true
            ? "FreeTextTypeWriter" : (current?.callout.isEmpty ?? true) ? "FreeText" : "FreeTextCallout"),
      ]
      if let current, !current.callout.isEmpty { changes.append(.lineEndings(lineStart, .none)) }
    case "Link":
      changes.append(.color(color))
      changes.append(.border(width: width, style: borderStyle, dashes: dashes))
    default:
      changes.append(.color(color))
    }
    return changes
  }

  /// This style with the `fields` of `other`.
  func replacing(_ fields: StyleFields, from other: ToolStyle) -> ToolStyle {
    var style = self
    if fields.contains(.color) { style.color = other.color }
    if fields.contains(.fill) { style.fill = other.fill }
    if fields.contains(.opacity) { style.opacity = other.opacity }
    if fields.contains(.border) {
      style.width = other.width
      style.borderStyle = other.borderStyle
      style.dashes = other.dashes
    }
    if fields.contains(.cloudy) { style.cloudy = other.cloudy }
    if fields.contains(.lineEndings) {
      style.lineStart = other.lineStart
      style.lineEnd = other.lineEnd
    }
    if fields.contains(.text) {
      style.font = other.font
      style.fontSize = other.fontSize
      style.textColor = other.textColor
    }
    if fields.contains(.icon) { style.icon = other.icon }
    return style
  }
}

/// Groups of style fields; raw values match `pdftools_style_field`.
public struct StyleFields: OptionSet, Sendable, Hashable {
  /// The bits.
  public let rawValue: UInt32
  /// Creates a set from bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  /// Stroke colour.
  public static let color = StyleFields(rawValue: 1 << 0)
  /// Fill colour.
  public static let fill = StyleFields(rawValue: 1 << 1)
  /// Opacity.
  public static let opacity = StyleFields(rawValue: 1 << 2)
  /// Width, border style and dashes.
  public static let border = StyleFields(rawValue: 1 << 3)
  /// Cloudy intensity.
  public static let cloudy = StyleFields(rawValue: 1 << 4)
  /// Line endings.
  public static let lineEndings = StyleFields(rawValue: 1 << 5)
  /// Font, size and text colour.
  public static let text = StyleFields(rawValue: 1 << 6)
  /// Icon or stamp name.
  public static let icon = StyleFields(rawValue: 1 << 7)
  /// Every field.
  public static let all = StyleFields(rawValue: (1 << 8) - 1)
}

extension AnnotationChange {
  /// The style fields a change made by ``ToolStyle/changes(for:current:)`` carries.
  var styleFields: StyleFields {
    switch self {
    case .color: return .color
    case .interiorColor: return .fill
    case .opacity: return .opacity
    case .border: return .border
    case .cloudy: return .cloudy
    case .line, .lineEndings: return .lineEndings
    case .freeText: return .text
    case .icon: return .icon
    default: return []
    }
  }
}
