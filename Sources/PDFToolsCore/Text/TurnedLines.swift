// SPDX-License-Identifier: GPL-3.0-or-later
extension TextPage {
  /// The page with the characters drawn by `glyphs` (text along turned or mirrored
  /// baselines, see `TurnedGlyph`) taken out of poppler's lines and put in lines of their
  /// own, along each baseline in reading order.
  ///
  /// The glyphs of one baseline (same direction within 2 degrees, baselines within 0.3 em)
  /// form a line when there are at least three of them (one or two are symbols, such as a
  /// reflected arrow in a formula). A character belongs to the baseline whose glyphs its box's centre lies among
  /// (within 0.7 em across, 1 em beyond the ends), and is paired with one of its glyphs in
  /// order along the baseline. A line's characters follow their glyphs' order, with a space
  /// where a glyph between two characters has no character of its own (a space glyph) or is
  /// a space, or where the content moved on by 0.2 em or more. Each new line takes the place
  /// of the first of poppler's lines it took characters from.
  func regrouped(by glyphs: [TurnedGlyph]) -> TextPage {
    guard !glyphs.isEmpty, !chars.isEmpty else { return self }
    // Baselines.
    var lineOf = [Int](repeating: 0, count: glyphs.count)
    var baselines: [(direction: Point, offset: Double, size: Double)] = []
    for (index, glyph) in glyphs.enumerated() {
      let cosine2Degrees = 0.99939
      if let found = baselines.lastIndex(where: {
        $0.direction.x * glyph.direction.x + $0.direction.y * glyph.direction.y > cosine2Degrees
          && abs($0.offset - glyph.across) < 0.3 * max($0.size, glyph.size)
      }) {
        lineOf[index] = found
      } else {
        guard baselines.count < 10_000 else { return self }
        baselines.append((glyph.direction, glyph.across, glyph.size))
        lineOf[index] = baselines.count - 1
      }
    }
    // Glyph order along each baseline.
    var rank = [Int](repeating: 0, count: glyphs.count)
    var members = [[Int]](repeating: [], count: baselines.count)
    for index in glyphs.indices { members[lineOf[index]].append(index) }
    for line in members.indices {
      members[line].sort { glyphs[$0].position != glyphs[$1].position ? glyphs[$0].position < glyphs[$1].position : $0 < $1 }
      for (position, glyph) in members[line].enumerated() { rank[glyph] = position }
    }
    guard baselines.count <= 1000 else { return self }
    // A single turned or mirrored glyph or two (a reflected symbol in a formula) make no line.
    let isLine = members.map { line in line.filter { !glyphs[$0].isSpace }.count >= 3 }
    // Characters to baselines: the centre of the box lies within 0.7 em of the glyphs' middles
    // across the baseline and along the glyphs' stretch.
    let extents = members.map { line -> (low: Double, high: Double) in
      (glyphs[line.first ?? 0].position, glyphs[line.last ?? 0].position)
    }
    var newLines = [[Int]](repeating: [], count: baselines.count)
    var taken = [Bool](repeating: false, count: chars.count)
    for (index, char) in chars.enumerated()
    where !char.flags.contains(.generated) && !char.flags.contains(.whitespace) && !char.box.isEmpty {
      let center = Point((char.box.x0 + char.box.x1) / 2, (char.box.y0 + char.box.y1) / 2)
      var best = -1
      var bestDistance = Double.infinity
      for (line, baseline) in baselines.enumerated() where isLine[line] {
        let direction = baseline.direction
        let across = -direction.y * center.x + direction.x * center.y - baseline.offset
        let along = direction.x * center.x + direction.y * center.y
        guard abs(across) < 0.7 * baseline.size, along > extents[line].low - baseline.size,
          along < extents[line].high + baseline.size, abs(across) < bestDistance
        else { continue }
        best = line
        bestDistance = abs(across)
      }
      if best >= 0 {
        newLines[best].append(index)
        taken[index] = true
      }
    }
    // A baseline that gathers more than two characters per glyph lies over other text: it is
    // left alone.
    for line in newLines.indices where newLines[line].count > 2 * members[line].count {
      for index in newLines[line] { taken[index] = false }
      newLines[line] = []
    }
    guard taken.contains(true) else { return self }
    // Characters to glyphs in order along each baseline: each goes to the nearest of the next
    // four glyphs, so the pairing never goes backwards.
    var glyphOf = [Int](repeating: -1, count: chars.count)
    var hasChar = [Bool](repeating: false, count: glyphs.count)
    for line in newLines.indices where !newLines[line].isEmpty {
      let direction = baselines[line].direction
      func along(_ index: Int) -> Double {
        let box = chars[index].box
        return direction.x * (box.x0 + box.x1) / 2 + direction.y * (box.y0 + box.y1) / 2
      }
      newLines[line].sort { along($0) != along($1) ? along($0) < along($1) : $0 < $1 }
      // Space glyphs of one-byte fonts have no character in poppler's text.
      let order = members[line].filter { !glyphs[$0].isSpace }
      guard !order.isEmpty else { continue }
      // Two passes: the second corrects the characters' positions by how far poppler's
      // boxes sit from the glyphs in the first (the median difference).
      var pairing: [Int] = []
      var shift = 0.0
      for pass in 0..<2 {
        pairing = []
        var next = 0
        for index in newLines[line] {
          let position = along(index) - shift
          var chosen = min(next, order.count - 1)
          var nearest = Double.infinity
          for candidate in next..<max(next, min(next + 4, order.count)) {
            let distance = abs(glyphs[order[candidate]].position - position)
            if distance < nearest {
              nearest = distance
              chosen = candidate
            }
          }
          pairing.append(chosen)
          next = min(chosen + 1, order.count - 1)
        }
        if pass == 0 {
          let differences = zip(newLines[line], pairing).map { along($0.0) - glyphs[order[$0.1]].position }.sorted()
          shift = differences[differences.count / 2]
        }
      }
      for (index, chosen) in zip(newLines[line], pairing) {
        glyphOf[index] = order[chosen]
        hasChar[order[chosen]] = true
      }
      newLines[line].sort { rank[glyphOf[$0]] != rank[glyphOf[$1]] ? rank[glyphOf[$0]] < rank[glyphOf[$1]] : $0 < $1 }
    }
    var scalars = String.UnicodeScalarView()
    var boxes: [GlyphBox] = []
    var sources: [Int32] = []
    let noBox = GlyphBox(rect: Rect(0, 0, 0, 0), valid: false)
    func append(_ scalar: Unicode.Scalar, _ box: GlyphBox, _ source: Int32) {
      scalars.append(scalar)
      boxes.append(box)
      sources.append(source)
    }
    func appendChar(_ index: Int) {
      append(chars[index].scalar, GlyphBox(rect: chars[index].box, valid: !chars[index].flags.contains(.generated)),
        index < self.sources.count ? self.sources[index] : -1)
    }
    var emitted = Set<Int>()
    for line in lines {
      // poppler's line without the characters taken out.
      let kept = line.filter { !taken[$0] && chars[$0].scalar != "\n" }
      for turned in Set(line.compactMap { glyphOf[$0] >= 0 ? lineOf[glyphOf[$0]] : nil }).sorted()
      where emitted.insert(turned).inserted {
        let order = newLines[turned]
        for (position, index) in order.enumerated() {
          if position > 0 {
            let previous = rank[glyphOf[order[position - 1]]]
            let current = rank[glyphOf[index]]
            var space = false
            if current > previous {
              for between in (previous + 1)...current {
                let glyph = members[turned][between]
                if glyphs[glyph].breakBefore || (between < current && (glyphs[glyph].isSpace || !hasChar[glyph])) {
                  space = true
                }
              }
            }
            if space { append(" ", noBox, -1) }
          }
          appendChar(index)
        }
        append("\n", noBox, -1)
      }
      var start = kept.startIndex
      var end = kept.endIndex
      while start < end, chars[kept[start]].flags.contains(.whitespace) { start += 1 }
      while end > start, chars[kept[end - 1]].flags.contains(.whitespace) { end -= 1 }
      guard start < end else { continue }
      for index in kept[start..<end] { appendChar(index) }
      append("\n", noBox, -1)
    }
    if scalars.last == "\n" {
      scalars.removeLast()
      boxes.removeLast()
      sources.removeLast()
    }
    return TextPage.build(text: String(scalars), boxes: boxes, sources: sources, readFromTopRight: readFromTopRight)
  }
}
