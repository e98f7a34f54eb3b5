// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// The largest page side PDF allows without UserUnit, in 1/72 inch.
  static let maximumPageSide = 14_400.0

  /// Inserts a blank page of `width` x `height` so that it becomes page `index`.
  public func insertBlankPage(at index: Int, width: Double, height: Double) throws(PDFError) {
    let sides = 1...Document.maximumPageSide
    guard sides.contains(width), sides.contains(height) else {
      throw PDFError(
        .invalidArgument, "a page side must be between 1 and 14400 (got \(width) x \(height))")
    }
    try arrangePages("insert a page", label: "Insert Page") { () throws(PDFError) in
      guard index >= 0, index <= pageTree.count else {
        throw PDFError(
          .outOfRange,
          "cannot insert at page index \(index) (the document has \(pageTree.count) pages)")
      }
      let page = try writer.makeIndirect(qpdf.makeDictionary([
        ("/Type", qpdf.makeName("Page")), ("/MediaBox", qpdf.numberArray([0, 0, width, height])),
        ("/Resources", qpdf.makeDictionary()),
      ]))
      try putInPage(page, at: index)
      try shiftLabelRanges(at: index, by: 1)
    }
  }
}
