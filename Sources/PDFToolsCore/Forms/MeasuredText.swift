// SPDX-License-Identifier: GPL-3.0-or-later

/// Text of a widget, measured and drawn in a standard font when that font shows all of it
/// (see `AppearanceText`) and typeset in installed fonts, embedded as subsets, otherwise.
struct MeasuredText {
  /// The text, one line.
  let text: String
  /// The font asked for.
  let fontName: String
  /// The standard font, nil when the text is typeset.
  private let standard: StandardFont?
  /// The text typeset at 12 points (typeset text only), for measuring.
  private let typesetAtTwelve: TypesetText?

  /// Measures `text` (one line) in `fontName`.
  init(_ text: String, fontName: String) {
    self.text = text
    self.fontName = fontName
    if AppearanceText.fitsStandardFont(text, fontName: fontName) {
      standard = StandardFont.named(fontName)
      typesetAtTwelve = nil
    } else {
      standard = nil
      typesetAtTwelve = Typesetter.typeset(text, fontName: fontName, size: 12, maxWidth: nil)
    }
  }

  /// The advance of the text at `size`.
  func width(size: Double) -> Double {
    if let standard { return standard.width(of: WinAnsiEncoding.encode(text), size: size) }
    return (typesetAtTwelve?.lines.map(\.width).max() ?? 0) * size / 12
  }

  /// The ascender and (negative) descender at `size`.
  func extent(size: Double) -> (ascent: Double, descent: Double) {
    if let standard { return (standard.ascent * size / 1000, standard.descent * size / 1000) }
    guard let text = typesetAtTwelve else { return (0.8 * size, -0.2 * size) }
    return (min(text.ascent, 12 * 0.95) * size / 12, max(text.descent, -12 * 0.4) * size / 12)
  }

  /// Draws the text with its baseline's left end at `origin` (inside `BT`...`ET`).
  func draw(at origin: Point, size: Double, into builder: inout ContentBuilder) {
    if let standard {
      builder.font(standard.name, size: size)
      builder.textOrigin(origin)
      builder.write(WinAnsiEncoding.literal(WinAnsiEncoding.encode(text)) + " Tj")
      return
    }
    let typeset = AppearanceText.typeset(text, fontName: fontName, size: size, maxWidth: nil, subtype: "Widget")
    let fonts = FontSubsetter(typeset)
    for line in typeset.lines.prefix(1) {
      builder.typesetLine(line, of: typeset, fonts: fonts, origin: origin, covering: false)
    }
  }

  /// `text` broken into lines at most `width` wide at `size` (newlines start new lines).
  static func wrap(_ text: String, fontName: String, size: Double, width: Double) -> [WrappedLine] {
    if AppearanceText.fitsStandardFont(text, fontName: fontName) {
      let font = StandardFont.named(fontName)
      return TextLayout.wrap(text, font: font, size: size, maxWidth: width).map { .standard(font, $0) }
    }
    let typeset = AppearanceText.typeset(text, fontName: fontName, size: size, maxWidth: width, subtype: "Widget")
    let fonts = FontSubsetter(typeset)
    return typeset.lines.map { .typeset(typeset, $0, fonts) }
  }
}

/// One line of wrapped widget text.
enum WrappedLine {
  /// A line in a standard font.
  case standard(StandardFont, TextLayout.Line)
  /// A line of typeset text, with the subsets of the whole text.
  case typeset(TypesetText, TypesetText.Line, FontSubsetter)

  /// Its advance at the size it was wrapped at.
  func width(size: Double) -> Double {
    switch self {
    case .standard(_, let line): return line.width
    case .typeset(_, let line, _): return line.width
    }
  }

  /// Draws it with its baseline's left end at `origin` (inside `BT`...`ET`).
  func draw(at origin: Point, size: Double, into builder: inout ContentBuilder) {
    switch self {
    case .standard(let font, let line):
      guard !line.codes.isEmpty else { return }
      builder.font(font.name, size: size)
      builder.textOrigin(origin)
      builder.write(WinAnsiEncoding.literal(line.codes) + " Tj")
    case .typeset(let text, let line, let fonts):
      builder.typesetLine(line, of: text, fonts: fonts, origin: origin, covering: false)
    }
  }
}
