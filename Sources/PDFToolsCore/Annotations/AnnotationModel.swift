// SPDX-License-Identifier: GPL-3.0-or-later
/// An RGB colour with components in 0...1.
public struct RGBColor: Sendable, Equatable {
  /// Red.
  public var r: Double
  /// Green.
  public var g: Double
  /// Blue.
  public var b: Double

  /// Creates a colour; components are clamped to 0...1 (NaN becomes 0).
  public init(_ r: Double, _ g: Double, _ b: Double) {
    func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
    self.r = clamp(r)
    self.g = clamp(g)
    self.b = clamp(b)
  }
}

/// Border styles of PDF's /BS dictionary.
public enum BorderStyle: String, Sendable, CaseIterable {
  /// A solid line.
  case solid = "S"
  /// A dashed line (with a dash array).
  case dashed = "D"
  /// A raised, embossed look.
  case beveled = "B"
  /// A sunken look.
  case inset = "I"
  /// A line along the bottom only.
  case underline = "U"
}

/// Line ending styles (/LE) of Line and PolyLine annotations.
public enum LineEnding: String, Sendable, CaseIterable {
  /// No ending.
  case none = "None"
  /// A filled or stroked square.
  case square = "Square"
  /// A circle.
  case circle = "Circle"
  /// A diamond.
  case diamond = "Diamond"
  /// Two short lines forming an arrowhead.
  case openArrow = "OpenArrow"
  /// A closed (filled) arrowhead.
  case closedArrow = "ClosedArrow"
  /// A short line perpendicular to the line.
  case butt = "Butt"
  /// An open arrowhead pointing backwards.
  case reversedOpenArrow = "ROpenArrow"
  /// A closed arrowhead pointing backwards.
  case reversedClosedArrow = "RClosedArrow"
  /// A short slanted line.
  case slash = "Slash"
}

/// Everything an appearance stream is built from: a snapshot of an annotation's properties,
/// in page space.
public struct AppearanceInput: Sendable, Equatable {
  /// The /Subtype name.
  public var subtype: String
  /// The annotation rectangle.
  public var rect: Rect
  /// Stroke colour (/C); nil for none (transparent). A FreeText's border is drawn in its text
  /// colour, as every viewer draws it, so for a FreeText this is ``textColor``.
  public var color: RGBColor?
  /// Fill colour (/IC); nil for none. A FreeText's fill is its /C, as Acrobat and every viewer
  /// read it.
  public var interiorColor: RGBColor?
  /// Constant opacity (/CA), 0...1.
  public var opacity: Double = 1
  /// Border width in points (0 for none).
  public var borderWidth: Double = 1
  /// Border style.
  public var borderStyle: BorderStyle = .solid
  /// Dash array for dashed borders.
  public var dashes: [Double] = [3]
  /// Cloudy border intensity (/BE /I), 0 for a plain border.
  public var cloudyIntensity: Double = 0
  /// Text markup quads (Highlight, Underline, Squiggly, StrikeOut).
  public var quads: [Quad] = []
  /// Ink strokes.
  public var inkStrokes: [[Point]] = []
  /// Polygon and PolyLine vertices.
  public var vertices: [Point] = []
  /// Line end points (Line).
  public var line: (Point, Point)? = nil
  /// Line endings at the start and end (Line, PolyLine).
  public var lineEndings: (LineEnding, LineEnding) = (.none, .none)
  /// Leader line length (/LL), 0 for none.
  public var leaderLength: Double = 0
  /// Leader line extension (/LLE).
  public var leaderExtension: Double = 0
  /// Icon name (Text, FileAttachment) or stamp name (Stamp).
  public var iconName: String = ""
  /// The text (FreeText shows it; stamps may too).
  public var contents: String = ""
  /// FreeText: the standard font to use ("Helvetica", "Times-Roman", "Courier", ...).
  public var fontName: String = "Helvetica"
  /// FreeText: font size in points.
  public var fontSize: Double = 12
  /// FreeText: text colour.
  public var textColor: RGBColor = RGBColor(0, 0, 0)
  /// FreeText: 0 left, 1 centred, 2 right (/Q).
  public var alignment: Int = 0
  /// FreeText: a typewriter (/IT /FreeTextTypeWriter, or the spelling FreeTextTypewriter):
  /// text set without padding, never filled.
  public var isTypewriter: Bool = false
  /// FreeText: the callout line (/CL) points, 2 or 3 of them, empty for none.
  public var callout: [Point] = []
  /// Line: /Cap true (the contents are drawn as a caption above the line).
  public var caption: Bool = false

  /// Creates the input for a subtype and rectangle; everything else at its default.
  public init(subtype: String, rect: Rect) {
    self.subtype = subtype
    self.rect = rect
  }

  /// Compares every field (tuples are compared by element).
  public static func == (lhs: AppearanceInput, rhs: AppearanceInput) -> Bool {
    lhs.subtype == rhs.subtype && lhs.rect == rhs.rect && lhs.color == rhs.color
      && lhs.interiorColor == rhs.interiorColor && lhs.opacity == rhs.opacity
      && lhs.borderWidth == rhs.borderWidth && lhs.borderStyle == rhs.borderStyle
      && lhs.dashes == rhs.dashes && lhs.cloudyIntensity == rhs.cloudyIntensity
      && lhs.quads == rhs.quads && lhs.inkStrokes == rhs.inkStrokes && lhs.vertices == rhs.vertices
      && lhs.line?.0 == rhs.line?.0 && lhs.line?.1 == rhs.line?.1
      && lhs.lineEndings.0 == rhs.lineEndings.0 && lhs.lineEndings.1 == rhs.lineEndings.1
      && lhs.leaderLength == rhs.leaderLength && lhs.leaderExtension == rhs.leaderExtension
      && lhs.iconName == rhs.iconName && lhs.contents == rhs.contents
      && lhs.fontName == rhs.fontName && lhs.fontSize == rhs.fontSize
      && lhs.textColor == rhs.textColor && lhs.alignment == rhs.alignment
      && lhs.callout == rhs.callout && lhs.caption == rhs.caption && lhs.isTypewriter == rhs.isTypewriter
  }
}

/// A built appearance stream: what goes into the /AP /N form XObject.
public struct AppearanceStream: Sendable, Equatable {
  /// The form's /BBox, in page space (the form's /Matrix is identity).
  public var bbox: Rect
  /// The content stream, PDF operators.
  public var content: String
  /// Graphics states the content uses by name (e.g. "GS0" -> opacity and blend mode).
  public var graphicsStates: [String: GraphicsState] = [:]
  /// Standard 14 fonts the content uses by resource name (e.g. "F0" -> "Helvetica").
  public var fonts: [String: String] = [:]
  /// Subset fonts the content uses by resource name (e.g. "T0"), for text beyond the
  /// standard fonts.
  var embeddedFonts: [String: EmbeddedFont] = [:]

  /// Creates a stream.
  public init(bbox: Rect, content: String) {
    self.bbox = bbox
    self.content = content
  }

  /// An /ExtGState entry.
  public struct GraphicsState: Sendable, Equatable {
    /// Stroke and fill opacity (/CA and /ca).
    public var opacity: Double
    /// Blend mode name (/BM), e.g. "Multiply"; "Normal" for none.
    public var blendMode: String

    /// Creates a graphics state.
    public init(opacity: Double, blendMode: String) {
      self.opacity = opacity
      self.blendMode = blendMode
    }
  }
}
