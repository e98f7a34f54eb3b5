// SPDX-License-Identifier: GPL-3.0-or-later
/// Finding characters, words and lines at points of a text page (page space).
extension TextPage {
  /// How far a unit reaches.
  public enum Granularity: Int32, Sendable {
    /// One character.
    case char = 0
    /// A whole word.
    case word = 1
    /// A whole line.
    case line = 2
  }

  /// The distance from `point` to a box (0 inside); infinite for a box with a NaN coordinate,
  /// so that such a box is never nearest and the order of visits cannot change the answer.
  private static func distance(_ point: Point, _ box: Rect) -> Double {
    let dx = max(box.x0 - point.x, 0, point.x - box.x1)
    let dy = max(box.y0 - point.y, 0, point.y - box.y1)
    let distance = (dx * dx + dy * dy).squareRoot()
    return distance.isNaN ? .infinity : distance
  }

  /// The characters that have a glyph (hit testing ignores generated separators).
  private func isGlyph(_ index: Int) -> Bool {
    !chars[index].flags.contains(.generated) && chars[index].box.width >= 0
      && !(chars[index].box.width == 0 && chars[index].box.height == 0)
  }

  /// The character whose box, grown by `tolerance`, contains `point` (the closest center when
  /// several do); with `nearest`, the character closest to the point when none contains it.
  public func charIndex(at point: Point, tolerance: Double, nearest: Bool) -> Int? {
    var best: (index: Int, score: Double)? = nil
    for (lineIndex, line) in lines.enumerated() {
      // A line whose glyph box is out of reach holds no hit.
      guard let bounds = lineBounds[lineIndex], TextPage.distance(point, bounds) <= tolerance else { continue }
      for index in line where isGlyph(index) {
        let box = chars[index].box
        let distance = TextPage.distance(point, box)
        if distance <= tolerance {
          let center = Point((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
          // Inside hits rank by distance to the center; tolerance hits rank after them.
          let score = distance > 0 ? 1e12 + distance : center.distanceSquared(to: point)
          if score < (best?.score ?? .infinity) { best = (index, score) }
        }
      }
    }
    if let best { return best.index }
    guard nearest else { return nil }
    return nearestGlyph(to: point)
  }

  /// The glyph closest to `point` (the earliest of equally close ones). The nearest line is
  /// walked first; then only lines whose box is no farther than the best glyph found so far,
  /// so a point in a margin picks the end of the nearest line and a drag costs a line or two.
  func nearestGlyph(to point: Point) -> Int? {
    var nearestLine: (line: Int, distance: Double)? = nil
    for (index, bounds) in lineBounds.enumerated() {
      guard let bounds else { continue }
      let distance = TextPage.distance(point, bounds)
      if distance < (nearestLine?.distance ?? .infinity) { nearestLine = (index, distance) }
    }
    guard let nearestLine else { return nil }
    var best: (index: Int, distance: Double)? = nil
    /// Takes the glyphs of `line` that are closer than the best, or as close and earlier.
    func visit(_ line: Int) {
      for index in lines[line] where isGlyph(index) {
        let distance = TextPage.distance(point, chars[index].box)
        if let current = best, distance > current.distance || (distance == current.distance && index > current.index) {
          continue
        }
        best = (index, distance)
      }
    }
    visit(nearestLine.line)
    for (index, bounds) in lineBounds.enumerated() where index != nearestLine.line {
      guard let bounds else { continue }
      if let current = best, TextPage.distance(point, bounds) > current.distance { continue }
      visit(index)
    }
    return best?.index
  }

  /// The range of the unit of `granularity` that contains character `index`.
  public func unit(containing index: Int, _ granularity: Granularity) -> Range<Int> {
    switch granularity {
    case .char:
      return index..<(index + 1)
    case .word:
      let word = Int(chars[index].word)
      if word >= 0, word < words.count { return words[word] }
      return index..<(index + 1)
    case .line:
      let line = Int(chars[index].line)
      if line >= 0, line < lines.count { return lines[line] }
      return index..<(index + 1)
    }
  }
}
