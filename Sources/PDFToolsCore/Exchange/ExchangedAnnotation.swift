// SPDX-License-Identifier: GPL-3.0-or-later
/// An annotation as it travels between documents and programs (XFDF, change sets): the
/// entries of its dictionary that describe it, in page space, without the objects that only
/// draw it (/AP) or tie it into the file (/P, /Parent).
///
/// Names (/NM) identify annotations across documents; the in-reply-to relation and a popup's
/// parent are carried by name.
struct ExchangedAnnotation: Equatable {
  /// Where a Link goes.
  enum LinkTarget: Equatable {
    /// A URI action.
    case uri(String)
    /// A page of the document (fit the page), by index.
    case page(Int)
  }

  /// A popup window belonging to the annotation.
  struct Popup: Equatable {
    /// Its rectangle.
    var rect: Rect
    /// True when it is shown open.
    var open: Bool
    /// Its /F flags.
    var flags: UInt32
  }

  /// A border (/BS, or the width of /Border).
  struct Border: Equatable {
    /// Width in points.
    var width: Double
    /// /S style name (S, D, B, I, U).
    var style: String
    /// Dash array (style D).
    var dashes: [Double]
  }

  /// The /Subtype name.
  var subtype: String
  /// The page index.
  var page: Int
  /// /Rect.
  var rect: Rect
  /// /NM.
  var name: String
  /// /F.
  var flags: UInt32 = 0
  /// /C (nil: absent; an empty array is read as absent too).
  var color: RGBColor? = nil
  /// /IC.
  var interiorColor: RGBColor? = nil
  /// /CA (nil: absent, fully opaque).
  var opacity: Double? = nil
  /// /T, /Subj, /Contents, /RC.
  var title: String? = nil
  /// /Subj.
  var subject: String? = nil
  /// /Contents.
  var contents: String? = nil
  /// /RC: rich text (an XHTML body).
  var richContents: String? = nil
  /// /M as written (a PDF date string).
  var modified: String? = nil
  /// /CreationDate as written.
  var created: String? = nil
  /// /BS or /Border.
  var border: Border? = nil
  /// /BE /I of a cloudy border effect.
  var cloudyIntensity: Double? = nil
  /// /QuadPoints as written (8 numbers per quadrilateral).
  var quadPoints: [Double] = []
  /// /InkList.
  var ink: [[Point]] = []
  /// /Vertices.
  var vertices: [Point] = []
  /// /L (two points).
  var line: [Point] = []
  /// /LE (Line: two names; PolyLine too; FreeText callout: one).
  var lineEndings: [String] = []
  /// /LL, /LLE, /LLO.
  var leaderLength: Double? = nil
  /// /LLE.
  var leaderExtension: Double? = nil
  /// /LLO.
  var leaderOffset: Double? = nil
  /// /Cap.
  var caption: Bool = false
  /// /CP (Inline or Top).
  var captionPosition: String? = nil
  /// /Name: icon or stamp name.
  var icon: String? = nil
  /// /DA.
  var defaultAppearance: String? = nil
  /// /DS.
  var defaultStyle: String? = nil
  /// /Q.
  var justification: Int? = nil
  /// /CL.
  var callout: [Point] = []
  /// /IT.
  var intent: String? = nil
  /// /RD (four margins).
  var fringe: [Double] = []
  /// /Rotate.
  var rotation: Int? = nil
  /// /Sy (Caret: P or None).
  var symbol: String? = nil
  /// /State and /StateModel of a review state reply.
  var state: String? = nil
  /// /StateModel.
  var stateModel: String? = nil
  /// /Open of a Text annotation.
  var open: Bool? = nil
  /// The /NM of the annotation /IRT names.
  var inReplyTo: String? = nil
  /// /RT: "R" or "Group" (nil: absent, meaning R).
  var replyType: String? = nil
  /// The popup.
  var popup: Popup? = nil
  /// A Link's target.
  var link: LinkTarget? = nil
  /// A FileAttachment's file: its name and bytes.
  var attachment: Attachment? = nil
  /// The line of the XFDF element it was read from (0 when read from a document).
  var sourceLine: Int = 0

  /// An embedded file.
  struct Attachment: Equatable {
    /// The file name.
    var name: String
    /// Its bytes.
    var bytes: [UInt8]
  }

  /// The annotation as XFDF can carry it, for comparing what two documents hold: colours to
  /// 8 bits a component (#RRGGBB), the rectangle to 1/1000 pt (appearances refit it within
  /// that), rich text in one form, no source line.
  var content: ExchangedAnnotation {
    var copy = self
    copy.sourceLine = 0
    func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
    func quantized(_ color: RGBColor?) -> RGBColor? {
      color.map { RGBColor(($0.r * 255).rounded() / 255, ($0.g * 255).rounded() / 255, ($0.b * 255).rounded() / 255) }
    }
    copy.rect = Rect(round(rect.x0), round(rect.y0), round(rect.x1), round(rect.y1))
    // Rich text as XFDF carries it: well-formed XML written back in one form, without its
    // declaration.
    if let rich = richContents, let root = try? XMLReader.parse(rich) { copy.richContents = root.markup }
    copy.color = quantized(color)
    copy.interiorColor = quantized(interiorColor)
    return copy
  }

  /// True when the difference from `other` changes the drawing: the appearance is rebuilt.
  func drawsDifferently(from other: ExchangedAnnotation) -> Bool {
    // Entries that never show.
    func shownPart(_ annotation: ExchangedAnnotation) -> ExchangedAnnotation {
      var part = annotation
      part.name = ""
      part.title = nil
      part.subject = nil
      part.richContents = nil
      part.modified = nil
      part.created = nil
      part.state = nil
      part.stateModel = nil
      part.open = nil
      part.inReplyTo = nil
      part.replyType = nil
      part.popup = nil
      part.link = nil
      part.attachment = nil
      part.sourceLine = 0
      if !(annotation.subtype == "FreeText" || (annotation.subtype == "Line" && annotation.caption)) {
        part.contents = nil
      }
      return part
    }
    return shownPart(self) != shownPart(other)
  }
}

/// The annotation flags by their XFDF names, bit 1 first.
enum AnnotationFlagNames {
  /// The names in bit order (bit 1 is "invisible").
  static let names = [
    "invisible", "hidden", "print", "nozoom", "norotate", "noview", "readonly", "locked", "togglenoview",
    "lockedcontents",
  ]

  /// The comma-separated names of the set bits.
  static func text(_ flags: UInt32) -> String {
    names.enumerated().filter { flags & (1 << UInt32($0.offset)) != 0 }.map(\.element).joined(separator: ",")
  }

  /// The flags a comma-separated list names, or the first name it does not know.
  static func flags(_ text: String) -> Result<UInt32, UnknownName> {
    var flags: UInt32 = 0
    for part in text.split(separator: ",") {
      let word = part.filter { $0 != " " }.lowercased()
      guard !word.isEmpty else { continue }
      guard let bit = names.firstIndex(of: word) else { return .failure(UnknownName(name: word)) }
      flags |= 1 << UInt32(bit)
    }
    return .success(flags)
  }

  /// A flag name the library does not know.
  struct UnknownName: Error {
    /// The name.
    var name: String
  }
}
