// SPDX-License-Identifier: GPL-3.0-or-later
/// Writing typeset text (lines of shaped glyphs in subset fonts) into a content stream.
extension ContentBuilder {
  /// Writes `line` of `text` inside `BT`...`ET`, its baseline's left end at `origin`,
  /// running along the unit vector `direction` with `up` as the glyphs' up, and (when
  /// `covering`) records the line's box (descender to ascender) for the bounding box.
  ///
  /// Glyphs are shown in runs of one font and baseline offset with `TJ`, whose adjustments
  /// move each glyph from the advance its font's /W gives to where HarfBuzz placed it.
  /// Clusters the subsetter lists in `actualText` are wrapped in `/Span` marked content with
  /// their text as /ActualText.
  mutating func typesetLine(
    _ line: TypesetText.Line, of text: TypesetText, fonts: FontSubsetter, origin: Point,
    direction: Point = Point(1, 0), up: Point = Point(0, 1), covering: Bool = true
  ) {
    let size = text.size
    var currentFace = -1
    var openSpan: Int? = nil
    var run: [String] = []
    var pen = 0.0
    func flush(_ builder: inout ContentBuilder) {
      guard !run.isEmpty else { return }
      builder.write("[" + run.joined() + "] TJ")
      run = []
    }
    var runY = Double.nan
    for glyph in line.glyphs {
      guard fonts.fonts.indices.contains(glyph.face), let font = fonts.fonts[glyph.face],
        let code = fonts.codes[glyph.face][glyph.glyph]
      else { continue }
      let span = fonts.actualText.contains(glyph.cluster) ? glyph.cluster : nil
      let newRun = glyph.face != currentFace || glyph.y != runY || span != openSpan || run.isEmpty
      if newRun {
        flush(&self)
        if span != openSpan {
          if openSpan != nil { write("EMC") }
          if let span, let cluster = text.clusters[span] {
            var hex = "FEFF"
            for unit in cluster.text.utf16 { hex += EmbeddedFont.hex(UInt32(unit), digits: 4) }
            write("/Span <</ActualText <\(hex)>>> BDC")
          }
          openSpan = span
        }
        if glyph.face != currentFace {
          self.font(font, size: size)
          currentFace = glyph.face
        }
        let start = origin + direction * glyph.x + up * glyph.y
        write(
          [direction.x, direction.y, up.x, up.y, start.x, start.y].map(PDFNumberFormat.format)
            .joined(separator: " ") + " Tm")
        runY = glyph.y
        pen = glyph.x
      } else {
        let adjustment = (pen - glyph.x) * 1000 / size
        if abs(adjustment) >= 0.01 { run.append(" " + PDFNumberFormat.format(adjustment) + " ") }
      }
      run.append("<" + EmbeddedFont.hex(code, digits: 4) + ">")
      pen = glyph.x + Double(font.widths[code] ?? 0) * size / 1000
    }
    flush(&self)
    if openSpan != nil { write("EMC") }
    guard covering, !line.glyphs.isEmpty else { return }
    for (along, across) in [(0.0, text.descent), (line.width, text.descent), (0.0, text.ascent), (line.width, text.ascent)] {
      let corner = origin + direction * along + up * across
      cover(Rect(corner.x, corner.y, corner.x, corner.y))
    }
  }
}
