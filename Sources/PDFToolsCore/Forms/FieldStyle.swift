// SPDX-License-Identifier: GPL-3.0-or-later

/// How a field's widgets look: text style (/DA, /Q), colours (/MK) and border (/BS).
public struct FieldStyle: Sendable, Equatable {
  /// The font: a standard 14 name (or Helv, TiRo, Cour, HeBo) or an installed family.
  public var font = "Helvetica"
  /// The size; 0 fits the box.
  public var fontSize = 0.0
  /// The text (and check mark) colour.
  public var textColor = RGBColor(0, 0, 0)
  /// The border colour (/MK /BC); nil: no border.
  public var borderColor: RGBColor? = RGBColor(0, 0, 0)
  /// The background (/MK /BG); nil: transparent.
  public var backgroundColor: RGBColor? = nil
  /// The border width (/BS /W).
  public var borderWidth = 1.0
  /// The border style (/BS /S).
  public var borderStyle = BorderStyle.solid
  /// /Q: 0 left, 1 centred, 2 right.
  public var alignment = 0

  /// The default style: Helvetica fitted to the box, black, a black 1-point solid border.
  public init() {}

  /// Throws INVALID_ARGUMENT unless sizes and widths are finite and in range.
  func validate() throws(PDFError) {
    guard fontSize.isFinite, fontSize >= 0, fontSize <= 1000 else {
      throw PDFError(.invalidArgument, "the font size must be 0 (fit) or a positive size up to 1000")
    }
    guard borderWidth.isFinite, borderWidth >= 0, borderWidth <= 100 else {
      throw PDFError(.invalidArgument, "the border width must be between 0 and 100")
    }
    guard (0...2).contains(alignment) else { throw PDFError(.invalidArgument, "the alignment must be 0, 1 or 2") }
    guard !font.isEmpty, font.utf8.count <= 127, font.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    else {
      throw PDFError(.invalidArgument, "the font name must be 1 to 127 ASCII letters, digits or '-'")
    }
  }
}

/// What a new field is: its type, name, first widget and properties.
public struct FieldSpec: Sendable {
  /// The type (not unknown).
  public var type: FieldType
  /// The field's name: a new top-level field's partial name, without '.'.
  public var name: String
  /// The page of its first widget.
  public var page: Int
  /// The first widget's rectangle, page space.
  public var rect: Rect
  /// Flags to set besides those the type implies (read-only, required, multiline, comb, ...).
  public var flags: FieldFlags = []
  /// Choice fields: the options. Check boxes and radio buttons: the export value of the
  /// (first) widget (default "Yes", radio "Choice1"). Push buttons: the caption.
  public var options: [FieldOption] = []
  /// The default (and initial) value, nil for none.
  public var defaultValue: String? = nil
  /// Text fields: /MaxLen, nil for none (comb fields need one).
  public var maxLength: Int? = nil
  /// /TU, the name shown to users.
  public var tooltip: String? = nil
  /// The widgets' look.
  public var style = FieldStyle()

  /// A spec with the given type, name, page and rectangle and defaults for the rest.
  public init(type: FieldType, name: String, page: Int, rect: Rect) {
    self.type = type
    self.name = name
    self.page = page
    self.rect = rect
  }
}
