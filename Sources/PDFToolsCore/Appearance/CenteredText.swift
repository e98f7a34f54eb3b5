// SPDX-License-Identifier: GPL-3.0-or-later
/// A single line of text centred on a point, for stamp labels and icon glyphs.
extension ContentBuilder {
  /// Writes `codes` (WinAnsiEncoding) in `font` at `size` and the current fill colour, centred
  /// horizontally on `center` and with its capitals centred vertically on it, and records the
  /// text's box (ascender to descender) for the bounding box.
  mutating func centeredText(_ codes: [UInt8], font: StandardFont, size: Double, center: Point) {
    let width = font.width(of: codes, size: size)
    let x = center.x - width / 2
    let baseline = center.y - font.capHeight * size / 2000
    write("BT")
    self.font(font.name, size: size)
    textOrigin(Point(x, baseline))
    write(WinAnsiEncoding.literal(codes) + " Tj")
    write("ET")
    cover(
      Rect(
        x, baseline + font.descent * size / 1000, x + width, baseline + font.ascent * size / 1000))
  }
}
