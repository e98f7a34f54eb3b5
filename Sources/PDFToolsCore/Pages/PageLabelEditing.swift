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
      if sorted.isEmpty {
        guard qpdf.value(qpdf.root, "PageLabels") != nil else { return }
        try writer.remove("/PageLabels", from: qpdf.root)
      } else {
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
      labelRanges = nil
      try commitChange("change the page labels", label: "Change Page Labels")
    }
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
