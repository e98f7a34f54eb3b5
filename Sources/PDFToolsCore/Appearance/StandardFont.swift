// SPDX-License-Identifier: GPL-3.0-or-later
/// A standard 14 Latin font used with WinAnsiEncoding: its name and metrics.
struct StandardFont: Sendable {
  /// The /BaseFont name written into the resources.
  let name: String
  /// Widths for codes 32...255 (see `StandardFontMetrics`); nil for the monospaced Courier.
  private let widths: [UInt16]?
  /// The ascender, in 1/1000 of the size.
  let ascent: Double
  /// The descender (negative), in 1/1000 of the size.
  let descent: Double
  /// The height of capital letters, in 1/1000 of the size.
  let capHeight: Double

  /// Creates a font description.
  private init(
    _ name: String, _ widths: [UInt16]?, ascent: Double, descent: Double, capHeight: Double
  ) {
    self.name = name
    self.widths = widths
    self.ascent = ascent
    self.descent = descent
    self.capHeight = capHeight
  }

  /// The font for a standard 14 name, accepting the short names of Acrobat's form resources
  /// (Helv, HeBo, TiRo, Cour). Symbol, ZapfDingbats (which are not WinAnsi fonts) and every
  /// unknown name fall back to Helvetica, name and metrics.
  static func named(_ name: String) -> StandardFont {
    let metrics = StandardFontMetrics.self
    switch name {
    case "Helvetica-Bold", "Helvetica-BoldOblique":
      return StandardFont(name, metrics.helveticaBold, ascent: 718, descent: -207, capHeight: 718)
    case "HeBo":
      return named("Helvetica-Bold")
    case "Helvetica-Oblique":
      return StandardFont(name, metrics.helvetica, ascent: 718, descent: -207, capHeight: 718)
    case "Times-Roman":
      return StandardFont(name, metrics.timesRoman, ascent: 683, descent: -217, capHeight: 662)
    case "TiRo":
      return named("Times-Roman")
    case "Times-Bold":
      return StandardFont(name, metrics.timesBold, ascent: 683, descent: -217, capHeight: 676)
    case "Times-Italic":
      return StandardFont(name, metrics.timesItalic, ascent: 683, descent: -217, capHeight: 653)
    case "Times-BoldItalic":
      return StandardFont(
        name, metrics.timesBoldItalic, ascent: 683, descent: -217, capHeight: 669)
    case "Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique":
      return StandardFont(name, nil, ascent: 627, descent: -194, capHeight: 572)
    case "Cour":
      return named("Courier")
    default:
      return StandardFont(
        "Helvetica", metrics.helvetica, ascent: 718, descent: -207, capHeight: 718)
    }
  }

  /// Whether `name` is a standard 14 name other than Symbol and ZapfDingbats, one of
  /// Acrobat's short names for them, or empty (the default, Helvetica).
  static func isStandard(_ name: String) -> Bool {
    switch name {
    case "", "Helv", "HeBo", "TiRo", "Cour": return true
    default:
      return ["Helvetica", "Times", "Courier"].contains(where: { name.hasPrefix($0) })
        && named(name).name == name
    }
  }

  /// The advance width of `code`, in 1/1000 of the size (0 for codes the encoding leaves
  /// undefined and for control codes).
  func width(of code: UInt8) -> Double {
    guard code >= 32 else { return 0 }
    guard let widths else { return 600 }
    let index = Int(code) - 32
    return widths.indices.contains(index) ? Double(widths[index]) : 0
  }

  /// The advance width of `codes` at `size`, in points.
  func width<C: Sequence<UInt8>>(of codes: C, size: Double) -> Double {
    var total = 0.0
    for code in codes { total += width(of: code) }
    return total * size / 1000
  }
}
