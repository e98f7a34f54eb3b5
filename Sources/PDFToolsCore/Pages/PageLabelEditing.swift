// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// Replaces the page labels by `ranges` (empty: none, pages are labelled by their numbers),
  /// written as one flat /PageLabels number tree, in one undo step. The first range must start
  /// at page 0; starts must differ and name pages; numbers start at 1 or more. Needs the
  /// permission to modify the document.
  public func setPageLabelRanges(_ ranges: [PageLabelRange]) throws(PDFError) {
    let sorted = ranges.sorted { $0.start < $1.start }
    for range in sorted { try Limits.checkText(range.prefix, "a label prefix") }
    try locked { () throws(PDFError) in
      for range in sorted { try checkPageIndex(range.start) }
      if let first = sorted.first, first.start != 0 {
        throw PDFError(.invalidArgument, "the first label range must start at page 0 (it starts at \(first.start))")
      }
      for (index, range) in sorted.enumerated() {
        guard range.firstNumber >= 1, range.firstNumber <= Int(Int32.max) else {
          throw PDFError(.invalidArgument, "a label range's first number is \(range.firstNumber); it must be 1 or more")
        }
        if index > 0, sorted[index - 1].start == range.start {
          throw PDFError(.invalidArgument, "two label ranges start at page \(range.start)")
        }
      }
      try requirePermission(.modify, "change the page labels")
      try writeLabelRanges(sorted)
      try commitChange("change the page labels", label: "Change Page Labels")
    }
  }

  /// Writes `sorted` (checked ranges in page order) as the /PageLabels tree, or removes it for
  /// none; call under the lock.
  func writeLabelRanges(_ sorted: [PageLabelRange]) throws(PDFError) {
    defer { labelRanges = nil }
    if sorted.isEmpty {
      guard qpdf.value(qpdf.root, "PageLabels") != nil else { return }
      try writer.remove("/PageLabels", from: qpdf.root)
      return
    }
    var numbers: [qpdf_oh] = []
    for range in sorted {
      var entries: [(String, qpdf_oh)] = []
      if let style = range.style.pdfName { entries.append(("/S", qpdf.makeName(style))) }
      if !range.prefix.isEmpty { entries.append(("/P", qpdf.makeTextString(range.prefix))) }
      if range.firstNumber != 1 { entries.append(("/St", qpdf.makeInteger(range.firstNumber))) }
      numbers.append(qpdf.makeInteger(range.start))
      numbers.append(qpdf.makeDictionary(entries))
    }
    let tree = try writer.makeIndirect(qpdf.makeDictionary([("/Nums", qpdf.makeArray(numbers))]))
    try writer.set("/PageLabels", tree, in: qpdf.root)
  }

  /// Keeps the labels of the other pages when `count` pages were put in at `start` (`count`
  /// > 0: they join the range they fall into) or taken out there (`count` < 0: ranges after
  /// them move up, a range that lost its first pages begins where they were and counts on, a
  /// range that lost all its pages goes, as do ranges past the last page). Nothing is written
  /// for a document without labels. Call under the lock, after the change (``pageTree`` counts
  /// the pages as they are now).
  func shiftLabelRanges(at start: Int, by count: Int) throws(PDFError) {
    if labelRanges == nil { labelRanges = readLabelRanges() }
    guard let ranges = labelRanges, !ranges.isEmpty, count != 0 else { return }
    let end = start - count
    var shifted: [PageLabelRange] = []
    for range in ranges {
      var first = range.start
      var number = range.firstNumber
      if count > 0 {
        if first >= start && first > 0 {
          let moved = first.addingReportingOverflow(count)
          guard !moved.overflow else { continue }
          first = moved.partialValue
        }
      } else if first >= end {
        first += count
      } else if first >= start {
        let counted = number.addingReportingOverflow(end - first)
        number = counted.overflow ? Int(Int32.max) : min(counted.partialValue, Int(Int32.max))
        first = start
      }
      guard first < pageTree.count else { continue }
      if let last = shifted.last, last.start == first { shifted.removeLast() }
      shifted.append(PageLabelRange(start: first, style: range.style, prefix: range.prefix, firstNumber: number))
    }
    try writeLabelRanges(shifted)
  }
}

extension PageLabelRange.Style {
  /// The /S name, or nil for labels without a number.
  var pdfName: String? {
    switch self {
    case .none: return nil
    case .decimal: return "D"
    case .upperRoman: return "R"
    case .lowerRoman: return "r"
    case .upperLetters: return "A"
    case .lowerLetters: return "a"
    }
  }
}
