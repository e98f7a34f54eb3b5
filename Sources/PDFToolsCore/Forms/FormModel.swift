// SPDX-License-Identifier: GPL-3.0-or-later

/// The kind of a form field; raw values match `pdftools_field_type`.
public enum FieldType: Int32, Sendable {
  /// A field of a type the library does not know (or without /FT).
  case unknown = 0
  /// A text field (/FT /Tx).
  case text = 1
  /// A check box (/FT /Btn, neither radio nor push button).
  case checkbox = 2
  /// A group of radio buttons (/FT /Btn with the Radio flag).
  case radio = 3
  /// A combo box (/FT /Ch with the Combo flag).
  case comboBox = 4
  /// A list box (/FT /Ch without the Combo flag).
  case listBox = 5
  /// A push button (/FT /Btn with the Pushbutton flag).
  case pushButton = 6
  /// A signature field (/FT /Sig).
  case signature = 7

  /// The type a field's /FT and /Ff describe.
  init(fieldType: String?, flags: FieldFlags) {
    switch fieldType {
    case "Tx": self = .text
    case "Btn":
      if flags.contains(.pushButton) {
        self = .pushButton
      } else if flags.contains(.radio) {
        self = .radio
      } else {
        self = .checkbox
      }
    case "Ch": self = flags.contains(.combo) ? .comboBox : .listBox
    case "Sig": self = .signature
    default: self = .unknown
    }
  }

  /// True for the types whose value is one of their widgets' on states.
  var isButtonWithState: Bool { self == .checkbox || self == .radio }

  /// True for combo and list boxes.
  var isChoice: Bool { self == .comboBox || self == .listBox }
}

/// A field's /Ff flags, bit for bit as the PDF writes them.
public struct FieldFlags: OptionSet, Sendable {
  /// The bits.
  public let rawValue: UInt32
  /// Creates a set from bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// The user cannot change the value.
  public static let readOnly = FieldFlags(rawValue: 1 << 0)
  /// The field must have a value when the form is submitted.
  public static let required = FieldFlags(rawValue: 1 << 1)
  /// The field is not exported when the form is submitted.
  public static let noExport = FieldFlags(rawValue: 1 << 2)
  /// Text: several lines.
  public static let multiline = FieldFlags(rawValue: 1 << 12)
  /// Text: a password, shown as asterisks.
  public static let password = FieldFlags(rawValue: 1 << 13)
  /// Radio: one button is always on.
  public static let noToggleToOff = FieldFlags(rawValue: 1 << 14)
  /// Button: a radio button.
  public static let radio = FieldFlags(rawValue: 1 << 15)
  /// Button: a push button.
  public static let pushButton = FieldFlags(rawValue: 1 << 16)
  /// Choice: a combo box.
  public static let combo = FieldFlags(rawValue: 1 << 17)
  /// Combo box: the user may type a value not among the options.
  public static let edit = FieldFlags(rawValue: 1 << 18)
  /// Choice: the options are shown sorted.
  public static let sort = FieldFlags(rawValue: 1 << 19)
  /// Text: the value names a file.
  public static let fileSelect = FieldFlags(rawValue: 1 << 20)
  /// List box: several options may be selected.
  public static let multiSelect = FieldFlags(rawValue: 1 << 21)
  /// Text and choice: no spell checking.
  public static let doNotSpellCheck = FieldFlags(rawValue: 1 << 22)
  /// Text: no scrolling beyond the box.
  public static let doNotScroll = FieldFlags(rawValue: 1 << 23)
  /// Text: the box is divided into /MaxLen equal cells, one character each.
  public static let comb = FieldFlags(rawValue: 1 << 24)
  /// Text: rich text (/RV); Radio: buttons with the same on state turn on together.
  public static let richTextOrRadiosInUnison = FieldFlags(rawValue: 1 << 25)
  /// Choice: the value is committed as soon as it is chosen.
  public static let commitOnSelectionChange = FieldFlags(rawValue: 1 << 26)
}

/// One option of a combo or list box, or one export value of a check box or radio group.
public struct FieldOption: Sendable, Equatable {
  /// The value the field takes when the option is chosen.
  public var exportValue: String
  /// The text shown for it (the export value when the form gives no other).
  public var displayName: String

  /// Creates an option.
  public init(exportValue: String, displayName: String) {
    self.exportValue = exportValue
    self.displayName = displayName
  }
}

/// One widget (the annotation that shows a field on a page).
public struct FieldWidget: Sendable, Equatable {
  /// The widget's annotation id (0 when it is on no page).
  public var annotationID: Int64
  /// The index of the page it is on (-1 when on none).
  public var page: Int
  /// Its /Rect, in page space.
  public var rect: Rect
  /// The state that turns it on (check boxes and radio buttons; nil for other fields).
  public var onState: String?
  /// True when a check box or radio button widget shows its on state.
  public var isOn: Bool
}

/// A form field as read from the document.
public struct FormField: Sendable {
  /// The field's id: unique in the open document, never reused.
  public var id: Int64
  /// The fully qualified name ("address.street").
  public var name: String
  /// The field's own part of the name (/T); "" when it has none.
  public var partialName: String
  /// The type.
  public var type: FieldType
  /// The /Ff flags (inherited ones included).
  public var flags: FieldFlags
  /// The value: the text of a text field or an editable combo box, the selected export values
  /// of a choice field, the on state of a check box or radio group ("Off" when none is on);
  /// empty for push buttons and unfilled fields.
  public var values: [String]
  /// The value a reset gives (/DV), in the same form.
  public var defaultValues: [String]
  /// The options of a choice field; for a check box or radio group, the export values its
  /// widgets turn on (from /Opt, else their on states), one per distinct value.
  public var options: [FieldOption]
  /// The indices into `options` that are selected (choice fields) or on (buttons).
  public var selected: [Int]
  /// /Q: 0 left, 1 centred, 2 right.
  public var alignment: Int
  /// /MaxLen of a text field, nil without one.
  public var maxLength: Int?
  /// /DA, the default appearance ("/Helv 12 Tf 0 g"); nil when neither the field nor the form gives one.
  public var defaultAppearance: String?
  /// /TU, the name shown to the user, nil without one.
  public var tooltip: String?
  /// /TM, the name used when exporting, nil without one.
  public var mappingName: String?
  /// The widgets, in the order of the field's /Kids.
  public var widgets: [FieldWidget]
  /// True when a signature's lock, the document's DocMDP or a FieldMDP transform forbids
  /// changing the field.
  public var isLocked: Bool
  /// True for a signature field that holds a signature.
  public var isSigned: Bool
}

/// What a document's interactive form holds.
public struct FormInfo: Sendable, Equatable {
  /// True when the catalog has an /AcroForm with at least one field.
  public var hasForm: Bool
  /// /NeedAppearances: viewers are asked to rebuild the widgets' appearances.
  public var needAppearances: Bool
  /// True when the form also has an XFA description; only its AcroForm part is read and changed.
  public var hasXFA: Bool
  /// The number of fields (terminal fields: those with a value).
  public var fieldCount: Int
  /// The number of signature fields holding a signature.
  public var signedCount: Int
  /// True when a certifying signature (DocMDP) forbids every change (/P 1).
  public var isCertifiedNoChanges: Bool
}
