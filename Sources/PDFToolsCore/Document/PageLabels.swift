// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// One range of the /PageLabels number tree: from `start` on, pages are labelled by `style`.
public struct PageLabelRange: Sendable, Equatable {
  /// The numbering style of PDF's page label dictionaries.
  public enum Style: Int32, Sendable, CaseIterable {
    /// No number, only the prefix.
    case none = 0
    /// Decimal arabic numerals.
    case decimal = 1
    /// Upper-case roman numerals.
    case upperRoman
    /// Lower-case roman numerals.
    case lowerRoman
    /// Upper-case letters: A to Z, then AA to ZZ, ...
    case upperLetters
    /// Lower-case letters.
    case lowerLetters
  }

  /// The index of the first page of the range.
  public let start: Int
  /// The numbering style.
  public let style: Style
  /// The text before the number.
  public let prefix: String
  /// The number of the range's first page (at least 1).
  public let firstNumber: Int

  /// A range from page `start` on.
  public init(start: Int, style: Style, prefix: String = "", firstNumber: Int = 1) {
    self.start = start
    self.style = style
    self.prefix = prefix
    self.firstNumber = firstNumber
  }

  /// The label of page `index` (which must be at or after `start`).
  func label(for index: Int) -> String {
    let (number, overflow) = firstNumber.addingReportingOverflow(index - start)
    let value = overflow ? firstNumber : number
    return prefix + PageLabelRange.format(value, style)
  }

  /// Formats `value` in `style`.
  static func format(_ value: Int, _ style: Style) -> String {
    switch style {
    case .none: return ""
    case .decimal: return String(value)
    case .upperRoman: return roman(value)
    case .lowerRoman: return roman(value).lowercased()
    case .upperLetters: return letters(value)
    case .lowerLetters: return letters(value).lowercased()
    }
  }

  /// Roman numerals; values below 1 fall back to decimal, large values repeat "M".
  static func roman(_ value: Int) -> String {
    guard value >= 1, value <= 100_000 else { return String(value) }
    let table: [(Int, String)] = [
      (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ]
    var rest = value
    var result = ""
    for (amount, symbol) in table {
      while rest >= amount {
        result += symbol
        rest -= amount
      }
    }
    return result
  }

  /// Letters as PDF defines them: A..Z, AA..ZZ, AAA..ZZZ (a letter repeated).
  static func letters(_ value: Int) -> String {
    guard value >= 1, value <= 26 * 1000 else { return String(value) }
    let letterIndex = (value - 1) % 26
    let repeats = (value - 1) / 26 + 1
    guard let scalar = Unicode.Scalar(UInt32(65 + letterIndex)) else { return String(value) }
    return String(repeating: String(Character(scalar)), count: repeats)
  }
}

extension Document {
  /// The label of page `index`: from /PageLabels, else the page number.
  public func pageLabel(_ index: Int) throws(PDFError) -> String {
    try locked { () throws(PDFError) -> String in try pageLabelLocked(index) }
  }

  /// The label of page `index`; call under the lock.
  func pageLabelLocked(_ index: Int) throws(PDFError) -> String {
    try checkPageIndex(index)
    if labelRanges == nil { labelRanges = readLabelRanges() }
    guard let range = labelRanges?.last(where: { $0.start <= index }) else {
      return String(index + 1)
    }
    return range.label(for: index)
  }

  /// The ranges of /PageLabels, sorted by start page (empty when the document has none: pages
  /// are labelled by their numbers).
  public func pageLabelRanges() throws(PDFError) -> [PageLabelRange] {
    try locked { () throws(PDFError) -> [PageLabelRange] in
      if labelRanges == nil { labelRanges = readLabelRanges() }
      return labelRanges ?? []
    }
  }

  /// Reads the /PageLabels number tree into ranges sorted by start page.
  func readLabelRanges() -> [PageLabelRange] {
    guard let tree = qpdf.value(qpdf.root, "PageLabels") else { return [] }
    var ranges: [PageLabelRange] = []
    var seen = Set<ObjectIdentity>()
    collectLabels(tree, depth: 0, seen: &seen, into: &ranges)
    return ranges.sorted { $0.start < $1.start }
  }

  /// Adds the entries of one number tree node and its kids to `ranges`.
  private func collectLabels(
    _ node: qpdf_oh, depth: Int, seen: inout Set<ObjectIdentity>, into ranges: inout [PageLabelRange]
  ) {
    guard depth < Document.maximumTreeDepth, qpdf.isDictionary(node) else { return }
    if let identity = qpdf.identity(node), !seen.insert(identity).inserted { return }
    if let nums = qpdf.value(node, "Nums").flatMap({ qpdf.items($0) }) {
      var position = 0
      while position + 1 < nums.count {
        if let start = qpdf.integer(nums[position]), start >= 0 {
          ranges.append(labelRange(start: start, nums[position + 1]))
        }
        position += 2
      }
    }
    for kid in qpdf.value(node, "Kids").flatMap({ qpdf.items($0) }) ?? [] {
      collectLabels(kid, depth: depth + 1, seen: &seen, into: &ranges)
    }
  }

  /// One page label dictionary as a range.
  private func labelRange(start: Int, _ dict: qpdf_oh) -> PageLabelRange {
    let style: PageLabelRange.Style
    switch qpdf.value(dict, "S").flatMap({ qpdf.name($0) }) {
    case "D": style = .decimal
    case "R": style = .upperRoman
    case "r": style = .lowerRoman
    case "A": style = .upperLetters
    case "a": style = .lowerLetters
    default: style = .none
    }
    let prefix = qpdf.value(dict, "P").flatMap { qpdf.text($0) } ?? ""
    var first = qpdf.value(dict, "St").flatMap { qpdf.integer($0) } ?? 1
    if first < 1 { first = 1 }
    return PageLabelRange(start: start, style: style, prefix: prefix, firstNumber: first)
  }
}
