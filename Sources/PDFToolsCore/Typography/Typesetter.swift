// SPDX-License-Identifier: GPL-3.0-or-later
import CTypography

/// Lays out plain text in installed fonts, in any script.
///
/// - Paragraphs end at newlines; within one, each character gets the first font (in
///   fontconfig's order for the requested family and style) that covers it, and characters
///   of no particular script (spaces, punctuation, digits) and combining marks stay in the
///   font before them when it covers them.
/// - FriBidi gives each character its embedding level (the paragraph's direction comes from
///   its first strong character); runs of one font, level and script are shaped by HarfBuzz.
/// - Lines break at libunibreak's opportunities, and a word wider than the line between
///   grapheme clusters; spaces at the end of a line take no room. Each line is then shaped
///   again on its own (so joining and ligatures end with the line) and its runs are put in
///   visual order (Unicode's rule L2).
/// - Characters no installed font covers are drawn as the first font's missing-glyph box
///   and listed in `TypesetText.missing`.
enum Typesetter {
  /// How many characters are laid out at most (the rest is not drawn).
  static let characterLimit = 20_000

  /// `text` in the font named `fontName` (a PDF name: standard 14, Acrobat's short names or
  /// any family) at `size` points, wrapped to `maxWidth` points; one line with newlines read
  /// as spaces when `maxWidth` is nil.
  static func typeset(_ text: String, fontName: String, size: Double, maxWidth: Double?) -> TypesetText {
    var result = TypesetText(size: size)
    var context = Context(request: FontRequest(pdfName: fontName), size: size)
    var remaining = characterLimit
    let paragraphs: [Substring] =
      maxWidth == nil
      ? [Substring(String(text.map { $0.isNewline ? " " : $0 }))]
      : text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for paragraph in paragraphs {
      guard remaining > 0 else { break }
      var scalars: [UInt32] = []
      var graphemeStarts: [Bool] = []
      for character in paragraph {
        var first = true
        for scalar in character.unicodeScalars {
          // Tabs are spaces; other control characters draw nothing.
          let value = scalar.value == 9 ? 32 : scalar.value
          if value < 32 || (0x7F...0x9F).contains(value) { continue }
          scalars.append(value)
          graphemeStarts.append(first)
          first = false
        }
        if scalars.count >= remaining { break }
      }
      if scalars.count > remaining {
        scalars.removeLast(scalars.count - remaining)
        graphemeStarts.removeLast(graphemeStarts.count - remaining)
      }
      remaining -= scalars.count
      context.setParagraph(scalars, graphemeStarts: graphemeStarts, maxWidth: maxWidth, into: &result)
    }
    result.faces = context.faces
    result.missing = context.missing.compactMap(Unicode.Scalar.init)
    return result
  }

  /// The state of one typesetting: fonts found so far and missing characters.
  private struct Context {
    /// The requested font.
    let request: FontRequest
    /// The size in points.
    let size: Double
    /// The fonts used so far.
    var faces: [FontFace] = []
    /// Characters no font covers, each once.
    var missing: [UInt32] = []
    /// The first cluster id of the next paragraph.
    var clusterBase = 0

    /// Starts a typesetting.
    init(request: FontRequest, size: Double) {
      self.request = request
      self.size = size
    }

    /// The index of `face` in `faces`, adding it.
    mutating func index(of face: FontFace) -> Int {
      if let known = faces.firstIndex(where: { $0 === face }) { return known }
      faces.append(face)
      return faces.count - 1
    }

    /// Lays out one paragraph into lines of `result`.
    mutating func setParagraph(
      _ scalars: [UInt32], graphemeStarts: [Bool], maxWidth: Double?, into result: inout TypesetText
    ) {
      defer { clusterBase += scalars.count + 1 }
      guard !scalars.isEmpty else {
        result.lines.append(TypesetText.Line())
        return
      }
      let paragraph = Paragraph(
        scalars: scalars, levels: Bidi.levels(scalars, direction: .fromFirstStrong), scripts: Typesetter.scripts(scalars),
        faces: chooseFaces(scalars))
      guard let maxWidth else {
        result.lines.append(setLine(paragraph, 0..<scalars.count, into: &result))
        return
      }
      let advances = paragraph.advances(size: size, faces: faces)
      let ranges = Typesetter.breakLines(
        scalars, advances: advances, graphemeStarts: graphemeStarts,
        breaks: Typesetter.breakOpportunities(scalars), maxWidth: maxWidth)
      for range in ranges { result.lines.append(setLine(paragraph, range, into: &result)) }
    }

    /// The font of each character (an index into `faces`).
    mutating func chooseFaces(_ scalars: [UInt32]) -> [Int] {
      let catalog = FontCatalog.shared
      var chosen: [Int] = []
      chosen.reserveCapacity(scalars.count)
      for (position, scalar) in scalars.enumerated() {
        let previous = chosen.last.flatMap { faces.indices.contains($0) ? faces[$0] : nil }
        if previous != nil, Typesetter.attachesToPrevious(scalar) {
          chosen.append(chosen[position - 1])
          continue
        }
        if let previous, Typesetter.isScriptNeutral(scalar), Typesetter.covers(previous, scalar) {
          chosen.append(chosen[position - 1])
          continue
        }
        if let face = catalog.face(for: scalar, request: request) {
          chosen.append(index(of: face))
          continue
        }
        if !missing.contains(scalar), missing.count < 1000 { missing.append(scalar) }
        if let previous {
          chosen.append(index(of: previous))
        } else if let primary = catalog.primaryFace(for: request) {
          chosen.append(index(of: primary))
        } else {
          // No usable font at all: the character cannot be drawn.
          chosen.append(-1)
        }
      }
      return chosen
    }

    /// Shapes the characters `range` of `paragraph` as one line (trailing spaces dropped)
    /// and records its clusters.
    mutating func setLine(
      _ paragraph: Paragraph, _ range: Range<Int>, into result: inout TypesetText
    ) -> TypesetText.Line {
      var end = range.upperBound
      while end > range.lowerBound, Typesetter.isSpace(paragraph.scalars[end - 1]) { end -= 1 }
      var line = TypesetText.Line()
      guard end > range.lowerBound else { return line }
      let lineRange = range.lowerBound..<end
      let items = Typesetter.visualOrder(paragraph.items(in: lineRange))
      var pen = 0.0
      for item in items {
        guard faces.indices.contains(item.face) else { continue }
        let face = faces[item.face]
        let scale = size / face.unitsPerEm
        let shaped = Typesetter.shape(
          paragraph.scalars, item: item.range, context: lineRange, face: face,
          rightToLeft: item.level % 2 == 1, script: item.script)
        let boundaries = Set(shaped.map(\.cluster)).sorted()
        for glyph in shaped {
          let cluster = clusterBase + glyph.cluster
          line.glyphs.append(
            TypesetText.Glyph(
              face: item.face, glyph: glyph.glyph, x: pen + Double(glyph.xOffset) * scale,
              y: Double(glyph.yOffset) * scale, cluster: cluster))
          pen += Double(glyph.xAdvance) * scale
          if var known = result.clusters[cluster] {
            known.glyphCount += 1
            result.clusters[cluster] = known
          } else {
            let next = boundaries.first(where: { $0 > glyph.cluster }) ?? item.range.upperBound
            let upper = min(max(next, glyph.cluster + 1), paragraph.scalars.count)
            var text = ""
            if glyph.cluster < upper {
              for value in paragraph.scalars[glyph.cluster..<upper] {
                if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
              }
            }
            result.clusters[cluster] = TypesetText.Cluster(text: text, glyphCount: 1)
          }
        }
      }
      line.width = pen
      return line
    }
  }

  /// A paragraph's characters with their levels, scripts and fonts.
  struct Paragraph {
    /// The characters.
    let scalars: [UInt32]
    /// FriBidi's embedding level of each.
    let levels: [Int8]
    /// The resolved script of each.
    let scripts: [UInt32]
    /// The font of each (an index into the context's faces; -1 for none).
    let faces: [Int]

    /// Runs of one font, level and script within `range`, in logical order.
    func items(in range: Range<Int>) -> [Item] {
      var items: [Item] = []
      var start = range.lowerBound
      for position in range {
        let next = position + 1
        let ends =
          next == range.upperBound || faces[next] != faces[start] || levels[next] != levels[start]
          || scripts[next] != scripts[start]
        if ends {
          items.append(Item(range: start..<next, face: faces[start], level: levels[start], script: scripts[start]))
          start = next
        }
      }
      return items
    }

    /// The advance of each character in points (a cluster's advance goes to its first
    /// character), from shaping the whole paragraph.
    func advances(size: Double, faces fonts: [FontFace]) -> [Double] {
      var advances = [Double](repeating: 0, count: scalars.count)
      let whole = 0..<scalars.count
      for item in items(in: whole) where fonts.indices.contains(item.face) {
        let face = fonts[item.face]
        let shaped = Typesetter.shape(
          scalars, item: item.range, context: whole, face: face, rightToLeft: item.level % 2 == 1,
          script: item.script)
        for glyph in shaped where advances.indices.contains(glyph.cluster) {
          advances[glyph.cluster] += Double(glyph.xAdvance) * size / face.unitsPerEm
        }
      }
      return advances
    }
  }

  /// A run of characters shaped together.
  struct Item {
    /// The characters, as indices into the paragraph.
    let range: Range<Int>
    /// The font (index into the context's faces).
    let face: Int
    /// The embedding level (odd: right to left).
    let level: Int8
    /// The script (a HarfBuzz script tag).
    let script: UInt32
  }

  /// One glyph as HarfBuzz placed it, in font units; `cluster` indexes the paragraph.
  struct ShapedGlyph {
    /// The glyph id.
    let glyph: UInt32
    /// The first character of its cluster.
    let cluster: Int
    /// The pen advance.
    let xAdvance: Int32
    /// The offsets from the pen position.
    let xOffset: Int32
    /// See `xOffset`.
    let yOffset: Int32
  }

  /// Shapes the characters `item` of `scalars`, seeing `context` around them; glyphs in
  /// visual order.
  static func shape(
    _ scalars: [UInt32], item: Range<Int>, context: Range<Int>, face: FontFace, rightToLeft: Bool,
    script: UInt32
  ) -> [ShapedGlyph] {
    guard let buffer = hb_buffer_create() else { return [] }
    defer { hb_buffer_destroy(buffer) }
    let lower = max(0, min(context.lowerBound, scalars.count))
    let upper = max(lower, min(context.upperBound, scalars.count))
    guard item.lowerBound >= lower, item.upperBound <= upper, !item.isEmpty else { return [] }
    scalars.withUnsafeBufferPointer { all in
      guard let base = all.baseAddress else { return }
      hb_buffer_add_utf32(
        buffer, base + lower, Int32(upper - lower), UInt32(item.lowerBound - lower), Int32(item.count))
    }
    hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, hb_script_t(script))
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(face.font, buffer, nil, 0)
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return [] }
    var glyphs: [ShapedGlyph] = []
    glyphs.reserveCapacity(Int(count))
    for index in 0..<Int(count) {
      glyphs.append(
        ShapedGlyph(
          glyph: infos[index].codepoint, cluster: Int(infos[index].cluster) + lower,
          xAdvance: positions[index].x_advance, xOffset: positions[index].x_offset,
          yOffset: positions[index].y_offset))
    }
    return glyphs
  }

  /// The script of each character; characters of no particular script (Common, Inherited)
  /// take the script before them, or after them at the start.
  static func scripts(_ scalars: [UInt32]) -> [UInt32] {
    let functions = hb_unicode_funcs_get_default()
    var scripts = scalars.map { UInt32(hb_unicode_script(functions, $0).rawValue) }
    let neutral: Set<UInt32> = [
      HB_SCRIPT_COMMON.rawValue, HB_SCRIPT_INHERITED.rawValue, HB_SCRIPT_UNKNOWN.rawValue,
    ]
    var last: UInt32? = nil
    for index in scripts.indices {
      if neutral.contains(scripts[index]) {
        if let last { scripts[index] = last }
      } else {
        last = scripts[index]
      }
    }
    // Leading neutral characters take the first real script.
    if let first = scripts.first(where: { !neutral.contains($0) }) {
      for index in scripts.indices {
        guard neutral.contains(scripts[index]) else { break }
        scripts[index] = first
      }
    }
    return scripts
  }

  /// libunibreak's break opportunity after each character (`LINEBREAK_*`).
  static func breakOpportunities(_ scalars: [UInt32]) -> [Int8] {
    _ = lineBreakingReady
    var breaks = [CChar](repeating: CChar(LINEBREAK_NOBREAK), count: scalars.count)
    scalars.withUnsafeBufferPointer { text in
      breaks.withUnsafeMutableBufferPointer { out in
        guard let source = text.baseAddress, let target = out.baseAddress else { return }
        set_linebreaks_utf32(source, text.count, nil, target)
      }
    }
    return breaks.map { Int8($0) }
  }

  /// libunibreak's tables, set up once.
  private static let lineBreakingReady: Void = init_linebreak()

  /// The lines of a paragraph: ranges of characters, broken greedily at opportunities so
  /// that each line's text (without trailing spaces) fits `maxWidth`, and between grapheme
  /// clusters where one word alone is wider.
  static func breakLines(
    _ scalars: [UInt32], advances: [Double], graphemeStarts: [Bool], breaks: [Int8], maxWidth: Double
  ) -> [Range<Int>] {
    let count = scalars.count
    guard count > 0, advances.count == count, graphemeStarts.count == count, breaks.count == count else {
      return [0..<count]
    }
    var lines: [Range<Int>] = []
    var lineStart = 0
    var lineWidth = 0.0
    var segmentStart = 0
    while segmentStart < count {
      var segmentEnd = segmentStart
      while segmentEnd < count {
        let opportunity = breaks[segmentEnd]
        segmentEnd += 1
        if opportunity == Int8(LINEBREAK_ALLOWBREAK) || opportunity == Int8(LINEBREAK_MUSTBREAK) { break }
      }
      var visibleEnd = segmentEnd
      while visibleEnd > segmentStart, isSpace(scalars[visibleEnd - 1]) { visibleEnd -= 1 }
      let visible = advances[segmentStart..<visibleEnd].reduce(0, +)
      let full = advances[segmentStart..<segmentEnd].reduce(0, +)
      if lineStart < segmentStart, lineWidth + visible > maxWidth {
        lines.append(lineStart..<segmentStart)
        lineStart = segmentStart
        lineWidth = 0
      }
      if lineStart == segmentStart, visible > maxWidth {
        // A word wider than the line: break it between grapheme clusters.
        var grapheme = segmentStart
        while grapheme < visibleEnd {
          var next = grapheme + 1
          while next < visibleEnd, !graphemeStarts[next] { next += 1 }
          let width = advances[grapheme..<next].reduce(0, +)
          if grapheme > lineStart, lineWidth + width > maxWidth {
            lines.append(lineStart..<grapheme)
            lineStart = grapheme
            lineWidth = 0
          }
          lineWidth += width
          grapheme = next
        }
        lineWidth += full - visible
      } else {
        lineWidth += full
      }
      segmentStart = segmentEnd
    }
    lines.append(lineStart..<count)
    return lines
  }

  /// Runs in visual order (Unicode's rule L2, see `Bidi.reordered`).
  static func visualOrder(_ items: [Item]) -> [Item] {
    Bidi.reordered(items, levels: items.map(\.level))
  }

  /// Whether `scalar` belongs with the character before it (combining marks, joiners,
  /// variation selectors, format characters).
  static func attachesToPrevious(_ scalar: UInt32) -> Bool {
    if scalar == 0x200C || scalar == 0x200D || (0xFE00...0xFE0F).contains(scalar)
      || (0xE0100...0xE01EF).contains(scalar)
    {
      return true
    }
    guard let value = Unicode.Scalar(scalar) else { return false }
    switch value.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
    default: return false
    }
  }

  /// Whether `scalar` is of no particular script (spaces, punctuation, digits, symbols).
  static func isScriptNeutral(_ scalar: UInt32) -> Bool {
    let script = hb_unicode_script(hb_unicode_funcs_get_default(), scalar)
    return script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED
  }

  /// Whether `face` has a glyph for `scalar`.
  static func covers(_ face: FontFace, _ scalar: UInt32) -> Bool {
    var glyph: hb_codepoint_t = 0
    return hb_font_get_nominal_glyph(face.font, scalar, &glyph) != 0
  }

  /// White space that ends a line without taking room.
  static func isSpace(_ scalar: UInt32) -> Bool {
    scalar == 0x20 || scalar == 0x3000 || (0x2000...0x200A).contains(scalar) || scalar == 0x205F
  }
}
