// SPDX-License-Identifier: GPL-3.0-or-later
/// Puts the lines of a page that holds right-to-left text in logical order (the order a
/// person types), as copying, selecting and searching need.
///
/// poppler's layout gives such pages partly in visual order (words left to right, and on a
/// page where right-to-left text is the majority, the words of left-to-right lines right to
/// left). Here the glyphs of each horizontal line are put in visual order by their position
/// along the line (in display space, where upright text runs left to right), a space goes
/// where poppler had one or where the gap between two glyphs is wider than 0.15 of their
/// height, and the Unicode bidirectional algorithm's reordering (rule L2, run by FriBidi on
/// the visual sequence) turns it into logical order: reversing runs by level undoes itself.
/// A line's direction is right-to-left when it has at least as many right-to-left letters as
/// left-to-right ones. Vertical lines, and lines with a character poppler gave no box, are
/// kept as they are.
enum LogicalOrder {
  /// One character with its boxes.
  struct Item {
    /// The character.
    let scalar: Unicode.Scalar
    /// Its box in page space.
    let box: TextPage.GlyphBox
    /// Its box in display space (x right, y down).
    let display: TextPage.GlyphBox
    /// Its position in poppler's reading (-1 for spaces put in here).
    let source: Int32
  }

  /// `items` (the page's characters, lines ending in "\n") with every line in logical order.
  static func reorder(_ items: [Item]) -> [Item] {
    var result: [Item] = []
    result.reserveCapacity(items.count + 16)
    var start = 0
    for index in 0...items.count where index == items.count || items[index].scalar == "\n" {
      let line = Array(items[start..<index])
      result.append(contentsOf: logicalLine(line) ?? line)
      if index < items.count { result.append(items[index]) }
      start = index + 1
    }
    return result
  }

  /// A line in logical order, or nil to keep it.
  static func logicalLine(_ line: [Item]) -> [Item]? {
    var rightToLeft = 0
    var leftToRight = 0
    for item in line {
      if Bidi.isRightToLeft(item.scalar) {
        rightToLeft += 1
      } else if item.scalar.properties.isAlphabetic {
        leftToRight += 1
      }
    }
    // Clusters (a character and the combining marks after it) with their word number, in
    // poppler's order; a cluster moves as one, its marks after its base (rule L3).
    var clusters: [(items: [Item], word: Int)] = []
    var pendingMarks: [Item] = []
    var word = 0
    for (position, item) in line.enumerated() {
      if TextPage.isSpace(item.scalar) {
        word += 1
        continue
      }
      guard item.display.valid else { return nil }
      if isCombining(item.scalar) {
        // A mark joins the glyph before it, unless it is not drawn over that glyph and the
        // next letter is right-to-left: right-to-left text written in visual order puts
        // each mark before its letter.
        let next = line[(position + 1)...].first { !isCombining($0.scalar) }
        if let last = clusters.last, last.word == word,
          overlaps(item, last.items[0]) || !(next.map { Bidi.isRightToLeft($0.scalar) } ?? false)
        {
          clusters[clusters.count - 1].items.append(item)
        } else {
          pendingMarks.append(item)
        }
        continue
      }
      clusters.append(([item] + pendingMarks, word))
      pendingMarks = []
    }
    // Marks in the canonical order of their combining classes.
    for index in clusters.indices where clusters[index].items.count > 2 {
      let marks = clusters[index].items.dropFirst().enumerated().sorted {
        let a = $0.element.scalar.properties.canonicalCombiningClass.rawValue
        let b = $1.element.scalar.properties.canonicalCombiningClass.rawValue
        return a != b ? a < b : $0.offset < $1.offset
      }.map(\.element)
      clusters[index].items = [clusters[index].items[0]] + marks
    }
    if !pendingMarks.isEmpty {
      guard !clusters.isEmpty else { return nil }
      clusters[clusters.count - 1].items.append(contentsOf: pendingMarks)
    }
    // Each cluster's extent: its base's box together with its marks' boxes.
    let extents = clusters.map { cluster in
      cluster.items.dropFirst().reduce(cluster.items[0].display.rect) { $0.merged(with: $1.display.rect) }
    }
    guard clusters.count > 1, isHorizontal(extents) else { return nil }
    // Visual order, a space between words.
    let sorted = clusters.indices.sorted {
      let a = extents[$0].x0 + extents[$0].x1
      let b = extents[$1].x0 + extents[$1].x1
      return a != b ? a < b : $0 < $1
    }
    var visual: [[Item]] = []
    visual.reserveCapacity(sorted.count * 2)
    let space = TextPage.GlyphBox(rect: Rect(0, 0, 0, 0), valid: false)
    for (position, index) in sorted.enumerated() {
      if position > 0 {
        let previous = sorted[position - 1]
        let gap = extents[index].x0 - extents[previous].x1
        let height = min(extents[index].height, extents[previous].height)
        if clusters[previous].word != clusters[index].word || gap > 0.15 * height {
          visual.append([Item(scalar: " ", box: space, display: space, source: -1)])
        }
      }
      visual.append(clusters[index].items)
    }
    guard rightToLeft > 0 else { return visual.flatMap { $0 } }
    let levels = Bidi.levels(
      visual.map(\.[0].scalar.value), direction: rightToLeft >= leftToRight ? .rightToLeft : .leftToRight)
    return Bidi.reordered(visual, levels: levels).flatMap { $0 }
  }

  /// Whether the centre of `mark`'s box lies within `base`'s box along the line.
  private static func overlaps(_ mark: Item, _ base: Item) -> Bool {
    let center = (mark.display.rect.x0 + mark.display.rect.x1) / 2
    return center >= base.display.rect.x0 && center <= base.display.rect.x1
  }

  /// Combining marks (Arabic harakat, Hebrew points, accents) that belong to the character
  /// before them.
  static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark: return true
    default: return false
    }
  }

  /// Whether glyph boxes (display space) lie along a horizontal line: their centres spread
  /// further across than up and down.
  private static func isHorizontal(_ boxes: [Rect]) -> Bool {
    let xs = boxes.map { ($0.x0 + $0.x1) / 2 }
    let ys = boxes.map { ($0.y0 + $0.y1) / 2 }
    guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return false }
    return maxX - minX >= maxY - minY
  }
}
