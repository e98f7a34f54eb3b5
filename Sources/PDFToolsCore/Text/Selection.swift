// SPDX-License-Identifier: GPL-3.0-or-later
/// A text selection: from a character of one page to a position on the same or a later page.
public struct TextSelection: Sendable, Equatable {
  /// Page of the first character.
  public var startPage: Int
  /// First character.
  public var startChar: Int
  /// Page of the end position.
  public var endPage: Int
  /// One past the last character on `endPage`.
  public var endChar: Int

  /// Creates a selection.
  public init(startPage: Int, startChar: Int, endPage: Int, endChar: Int) {
    self.startPage = startPage
    self.startChar = startChar
    self.endPage = endPage
    self.endChar = endChar
  }

  /// True when nothing is selected.
  public var isEmpty: Bool { startPage == endPage && startChar >= endChar }
}

extension Document {
  /// Selects the text between `a` on page `pageA` and `b` on page `pageB` (page space), as a drag
  /// does: from the character nearest `a` to the one nearest `b`, in reading order, widened to
  /// `granularity`.
  public func select(
    pageA: Int, _ a: Point, pageB: Int, _ b: Point, granularity: TextPage.Granularity
  ) throws(PDFError) -> TextSelection {
    guard a.isFinite, b.isFinite else {
      throw PDFError(.invalidArgument, "selection points must be finite numbers")
    }
    return try locked { () throws(PDFError) -> TextSelection in
      try checkPageIndex(pageA)
      try checkPageIndex(pageB)
      var first = (page: pageA, point: a)
      var last = (page: pageB, point: b)
      if pageB < pageA { swap(&first, &last) }
      let firstText = try textPage(first.page)
      let lastText = first.page == last.page ? firstText : try textPage(last.page)
      let start = firstText.nearestGlyph(to: first.point)
      let end = lastText.nearestGlyph(to: last.point)
      if first.page == last.page {
        guard let start, let end else {
          return TextSelection(startPage: first.page, startChar: 0, endPage: first.page, endChar: 0)
        }
        let low = firstText.unit(containing: min(start, end), granularity)
        let high = firstText.unit(containing: max(start, end), granularity)
        return TextSelection(
          startPage: first.page, startChar: low.lowerBound, endPage: first.page, endChar: high.upperBound)
      }
      let startChar = start.map { firstText.unit(containing: $0, granularity).lowerBound } ?? 0
      let endChar = end.map { lastText.unit(containing: $0, granularity).upperBound } ?? 0
      return TextSelection(startPage: first.page, startChar: startChar, endPage: last.page, endChar: endChar)
    }
  }

  /// The character range a selection covers on page `page`; call under the lock.
  func selectedRange(_ selection: TextSelection, page: Int) throws(PDFError) -> Range<Int> {
    try validate(selection)
    guard page >= selection.startPage, page <= selection.endPage else {
      throw PDFError(
        .outOfRange,
        "page \(page) is outside the selection (pages \(selection.startPage) to \(selection.endPage))")
    }
    let count = try textPage(page).chars.count
    let lower = page == selection.startPage ? min(selection.startChar, count) : 0
    let upper = page == selection.endPage ? min(selection.endChar, count) : count
    return lower..<max(lower, upper)
  }

  /// Checks that a selection is well formed and its pages exist; call under the lock.
  func validate(_ selection: TextSelection) throws(PDFError) {
    guard selection.startChar >= 0, selection.endChar >= 0,
      selection.startPage < selection.endPage
        || (selection.startPage == selection.endPage && selection.startChar <= selection.endChar)
    else {
      throw PDFError(
        .invalidArgument,
        "the selection is malformed (it must not end before it starts, and indices must not be negative)")
    }
    try checkPageIndex(selection.startPage)
    try checkPageIndex(selection.endPage)
  }

  /// One rectangle per line of the selection on `page`, in page space, with each line's text
  /// direction.
  public func selectionLines(_ selection: TextSelection, page: Int) throws(PDFError)
    -> [(rect: Rect, direction: Int)]
  {
    try locked { () throws(PDFError) -> [(rect: Rect, direction: Int)] in
      let range = try selectedRange(selection, page: page)
      return try textPage(page).lineRects(in: range)
    }
  }

  /// The selected text; pages are joined by '\n'.
  public func selectionText(_ selection: TextSelection) throws(PDFError) -> String {
    try locked { () throws(PDFError) -> String in
      try validate(selection)
      var parts: [String] = []
      for page in selection.startPage...selection.endPage {
        let range = try selectedRange(selection, page: page)
        let chars = try textPage(page).chars
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: chars[range].map(\.scalar))
        parts.append(String(scalars))
      }
      return parts.joined(separator: "\n")
    }
  }
}

extension TextPage {
  /// The bounding rectangles of the glyphs of `range`, one per line, with the line's direction.
  /// A line the range covers whole takes its kept glyph box; only the partly covered lines at
  /// the range's ends are walked, so a drag costs the lines it spans, not their characters.
  func lineRects(in range: Range<Int>) -> [(rect: Rect, direction: Int)] {
    var result: [(rect: Rect, direction: Int)] = []
    for (index, line) in lines.enumerated() {
      let overlap = line.clamped(to: range)
      guard !overlap.isEmpty else { continue }
      if overlap == line {
        if let bounds = lineBounds[index] { result.append((bounds, lineDirections[index])) }
        continue
      }
      var bounds: Rect? = nil
      for char in overlap where !chars[char].flags.contains(.generated) {
        let box = chars[char].box
        guard box.width > 0 || box.height > 0 else { continue }
        bounds = bounds.map { Rect(min($0.x0, box.x0), min($0.y0, box.y0), max($0.x1, box.x1), max($0.y1, box.y1)) } ?? box
      }
      if let bounds { result.append((bounds, lineDirections[index])) }
    }
    return result
  }
}
