// SPDX-License-Identifier: GPL-3.0-or-later
/// Stamp annotations with a standard name: a rounded frame and the upper-case label in
/// Helvetica-Bold, centred and scaled to fit the rectangle.
///
/// The colour is the annotation colour, or when nil the name's traditional one: green for
/// Approved, Final, ForPublicRelease and Sold; red for NotApproved, Expired, Confidential,
/// TopSecret, NotForPublicRelease (and names we do not know); blue for Draft, Experimental,
/// AsIs, Departmental and ForComment. An empty name is Draft (the PDF default). A name we do
/// not know is shown split at its capitals ("SignHere" becomes "SIGN HERE"). The frame's line
/// width is 1/16 of the rectangle's shorter side, at least 1 point; the border width of the
/// input is not used. The bounding box is the rectangle.
enum StampAppearance {
  /// Green stamps.
  static let green = RGBColor(0.1, 0.5, 0.15)
  /// Red stamps.
  static let red = RGBColor(0.8, 0.1, 0.1)
  /// Blue stamps.
  static let blue = RGBColor(0.1, 0.2, 0.65)

  /// The standard names with their labels and colours.
  static let standard: [String: (label: String, color: RGBColor)] = [
    "Approved": ("APPROVED", green),
    "Experimental": ("EXPERIMENTAL", blue),
    "NotApproved": ("NOT APPROVED", red),
    "AsIs": ("AS IS", blue),
    "Expired": ("EXPIRED", red),
    "NotForPublicRelease": ("NOT FOR PUBLIC RELEASE", red),
    "Confidential": ("CONFIDENTIAL", red),
    "Final": ("FINAL", green),
    "Sold": ("SOLD", green),
    "Departmental": ("DEPARTMENTAL", blue),
    "ForComment": ("FOR COMMENT", blue),
    "TopSecret": ("TOP SECRET", red),
    "Draft": ("DRAFT", blue),
    "ForPublicRelease": ("FOR PUBLIC RELEASE", green),
  ]

  /// A Stamp annotation; nil without a usable rectangle.
  static func stamp(_ input: AppearanceInput) -> AppearanceStream? {
    let rect = input.rect
    guard AppearanceLimits.isUsable(rect) else { return nil }
    let name = input.iconName.isEmpty ? "Draft" : input.iconName
    let known = standard[name]
    let label = label(of: input)
    let color = input.color ?? known?.color ?? red
    let opacity = input.opacity.isNaN ? 1 : min(max(input.opacity, 0), 1)
    let lineWidth = max(1, min(rect.width, rect.height) / 16)
    var builder = ContentBuilder()
    builder.save()
    if opacity < 1 { builder.graphicsState(opacity: opacity, blendMode: "Normal") }
    builder.strokeColor(color)
    builder.fillColor(color)
    if let frame = rect.shrunk(by: lineWidth / 2) {
      builder.lineWidth(lineWidth)
      builder.roundedRectangle(frame, radius: min(frame.width, frame.height) / 5)
      builder.paint("S")
    }
    let padding = lineWidth + min(rect.width, rect.height) / 10
    let center = Point((rect.x0 + rect.x1) / 2, (rect.y0 + rect.y1) / 2)
    if let inner = rect.shrunk(by: padding) {
      if AppearanceText.fitsStandardFont(label, fontName: "Helvetica-Bold") {
        drawStandardLabel(label, in: inner, center: center, into: &builder)
      } else {
        drawTypesetLabel(label, in: inner, center: center, into: &builder)
      }
    }
    builder.restore()
    return builder.finish(covering: rect)
  }

  /// The label in Helvetica-Bold, as large as fits `inner`, centred on `center`.
  private static func drawStandardLabel(
    _ label: String, in inner: Rect, center: Point, into builder: inout ContentBuilder
  ) {
    let font = StandardFont.named("Helvetica-Bold")
    let codes = WinAnsiEncoding.encode(label)
    let unitWidth = font.width(of: codes, size: 1)
    guard unitWidth > 0 else { return }
    // Capitals are centred; the font's ascender and descender must stay inside too.
    let halfHeight = max(font.capHeight / 2 - font.descent, font.ascent - font.capHeight / 2)
    let size = min(inner.width / unitWidth, inner.height * 500 / halfHeight)
    if size >= 0.5 { builder.centeredText(codes, font: font, size: size, center: center) }
  }

  /// The label typeset in installed fonts (see `Typesetter`), as large as fits `inner`,
  /// centred on `center`.
  private static func drawTypesetLabel(
    _ label: String, in inner: Rect, center: Point, into builder: inout ContentBuilder
  ) {
    let trial = Typesetter.typeset(label, fontName: "Helvetica-Bold", size: 100, maxWidth: nil)
    guard let width = trial.lines.first?.width, width > 0 else { return }
    let halfHeight = max(trial.capHeight / 2 - trial.descent, trial.ascent - trial.capHeight / 2) / 100
    let size = min(inner.width * 100 / width, inner.height / 2 / halfHeight)
    guard size >= 0.5 else { return }
    let text = AppearanceText.typeset(label, fontName: "Helvetica-Bold", size: size, maxWidth: nil, subtype: "Stamp")
    let fonts = FontSubsetter(text)
    builder.write("BT")
    for line in text.lines {
      builder.typesetLine(
        line, of: text, fonts: fonts,
        origin: Point(center.x - line.width / 2, center.y - text.capHeight / 2))
    }
    builder.write("ET")
  }

  /// The text a stamp shows: the standard label of its /Name, or the name itself spaced and
  /// in capitals.
  static func label(of input: AppearanceInput) -> String {
    let name = input.iconName.isEmpty ? "Draft" : input.iconName
    return standard[name]?.label ?? spacedCapitals(name)
  }

  /// `name` in upper case with a space before each capital that follows a lower-case letter
  /// or digit ("NotApproved" becomes "NOT APPROVED").
  static func spacedCapitals(_ name: String) -> String {
    var result = ""
    var previousWasLower = false
    for character in name {
      if character.isUppercase, previousWasLower { result += " " }
      result += character.uppercased()
      previousWasLower = character.isLowercase || character.isNumber
    }
    return result
  }
}
