// SPDX-License-Identifier: GPL-3.0-or-later
/// The tools of a ``ToolManager``; raw values match `pdftools_tool`.
public enum ToolKind: Int32, Sendable, CaseIterable {
  /// Select, hand on to the edit tools, follow links, box-select or scroll.
  case pan = 0
  /// Drag to select text.
  case textSelect = 1
  /// Drag over text: a Highlight per page.
  case highlight = 2
  /// Drag over text: an Underline per page.
  case underline = 3
  /// Drag over text: a Squiggly per page.
  case squiggly = 4
  /// Drag over text: a StrikeOut per page.
  case strikeOut = 5
  /// Freehand strokes: one Ink annotation per session.
  case ink = 6
  /// Freehand with a wide translucent marker.
  case freeHighlight = 7
  /// Removes ink strokes and annotations it touches.
  case eraser = 8
  /// Drag a Square.
  case rectangle = 9
  /// Drag a Circle.
  case oval = 10
  /// Drag a Line.
  case line = 11
  /// Drag a Line with an arrowhead.
  case arrow = 12
  /// Drag a measuring Line.
  case ruler = 13
  /// Click a PolyLine.
  case polyline = 14
  /// Click a Polygon.
  case polygon = 15
  /// Click a Polygon with a cloudy border.
  case cloud = 16
  /// Click a measuring PolyLine.
  case perimeter = 17
  /// Click a measuring Polygon.
  case area = 18
  /// Place a FreeText box.
  case freeText = 19
  /// Drag a FreeText callout.
  case callout = 20
  /// Place a Text note.
  case stickyNote = 21
  /// Place a named Stamp.
  case stamp = 22
  /// Place an image Stamp.
  case image = 23
  /// Place a FileAttachment.
  case fileAttachment = 24
  /// Drag a Link.
  case link = 25
  /// Place an ink or image signature.
  case signature = 26
  /// Select, move, resize, delete and nudge annotations.
  case annotationEdit = 27
  /// As annotation edit, plus line endpoints.
  case lineEdit = 28
  /// As annotation edit, plus vertices.
  case polyEdit = 29
  /// Adjust the text range of a text markup.
  case textMarkupEdit = 30
  /// Form mode: drag a text field.
  case formText = 31
  /// Form mode: drag a check box.
  case formCheckbox = 32
  /// Form mode: drag a radio button (a new group).
  case formRadio = 33
  /// Form mode: drag a combo box.
  case formComboBox = 34
  /// Form mode: drag a list box.
  case formListBox = 35
  /// Form mode: drag a push button.
  case formPushButton = 36
  /// Form mode: drag a signature field.
  case formSignature = 37

  /// The stable name ("highlight").
  public var name: String {
    switch self {
    case .pan: return "pan"
    case .textSelect: return "text_select"
    case .highlight: return "highlight"
    case .underline: return "underline"
    case .squiggly: return "squiggly"
    case .strikeOut: return "strike_out"
    case .ink: return "ink"
    case .freeHighlight: return "free_highlight"
    case .eraser: return "eraser"
    case .rectangle: return "rectangle"
    case .oval: return "oval"
    case .line: return "line"
    case .arrow: return "arrow"
    case .ruler: return "ruler"
    case .polyline: return "polyline"
    case .polygon: return "polygon"
    case .cloud: return "cloud"
    case .perimeter: return "perimeter"
    case .area: return "area"
    case .freeText: return "free_text"
    case .callout: return "callout"
    case .stickyNote: return "sticky_note"
    case .stamp: return "stamp"
    case .image: return "image"
    case .fileAttachment: return "file_attachment"
    case .link: return "link"
    case .signature: return "signature"
    case .annotationEdit: return "annotation_edit"
    case .lineEdit: return "line_edit"
    case .polyEdit: return "poly_edit"
    case .textMarkupEdit: return "text_markup_edit"
    case .formText: return "form_text"
    case .formCheckbox: return "form_checkbox"
    case .formRadio: return "form_radio"
    case .formComboBox: return "form_combo_box"
    case .formListBox: return "form_list_box"
    case .formPushButton: return "form_push_button"
    case .formSignature: return "form_signature"
    }
  }

  /// The tool called `name`, or nil.
  public init?(name: String) {
    guard let kind = ToolKind.allCases.first(where: { $0.name == name }) else { return nil }
    self = kind
  }

  /// True for tools that are allowed outside annotate mode.
  var isViewerTool: Bool { self == .pan || self == .textSelect }

  /// True for the tools that select and change existing annotations.
  var isEditTool: Bool { [.annotationEdit, .lineEdit, .polyEdit, .textMarkupEdit].contains(self) }

  /// True for the tools that make annotations (form fields included).
  var isCreationTool: Bool { !isViewerTool && !isEditTool && self != .eraser }

  /// The type of field a form-mode tool makes, nil for other tools.
  var fieldType: FieldType? {
    switch self {
    case .formText: return .text
    case .formCheckbox: return .checkbox
    case .formRadio: return .radio
    case .formComboBox: return .comboBox
    case .formListBox: return .listBox
    case .formPushButton: return .pushButton
    case .formSignature: return .signature
    default: return nil
    }
  }

  /// True for the tools form mode allows: the field tools, the box editing tool and the viewer tools.
  var isFormTool: Bool { fieldType != nil || self == .annotationEdit || isViewerTool }

  /// The text markup subtype the tool makes.
  var markupSubtype: String? {
    switch self {
    case .highlight: return "Highlight"
    case .underline: return "Underline"
    case .squiggly: return "Squiggly"
    case .strikeOut: return "StrikeOut"
    default: return nil
    }
  }

  /// True for the tools whose vertices are clicked one by one.
  var isVertexTool: Bool { [.polyline, .polygon, .cloud, .perimeter, .area].contains(self) }

  /// True for vertex tools that close their shape.
  var closesShape: Bool { [.polygon, .cloud, .area].contains(self) }

  /// True for freehand tools.
  var isFreehand: Bool { self == .ink || self == .freeHighlight }

  /// The edit tool for an annotation subtype.
  static func editTool(for subtype: String) -> ToolKind {
    switch subtype {
    case "Highlight", "Underline", "Squiggly", "StrikeOut": return .textMarkupEdit
    case "Line": return .lineEdit
    case "Polygon", "PolyLine": return .polyEdit
    default: return .annotationEdit
    }
  }
}

/// What a ``ToolManager`` lets tools do; raw values match `pdftools_tool_mode`.
public enum ToolMode: Int32, Sendable, CaseIterable {
  /// Select text and follow links only.
  case viewer = 0
  /// Create and edit annotations.
  case annotate = 1
  /// Design forms: the field tools make fields; widgets are selected, moved, resized and
  /// deleted (other annotations are left alone).
  case form = 2
  /// Reserved: behaves as viewer.
  case pageEdit = 3
}
