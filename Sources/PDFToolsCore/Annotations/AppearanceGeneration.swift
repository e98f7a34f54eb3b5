// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// Writes the library's appearance stream for every annotation of page `page` (nil: of
  /// every page) that has none and that the library draws (the subtypes it creates, but for
  /// pop-ups, which viewers draw themselves). Their /Rect is kept, growing only by what the
  /// drawing needs. One undo step when anything was written; returns how many annotations got
  /// an appearance.
  public func generateAppearances(page: Int?) throws(PDFError) -> Int {
    try locked { () throws(PDFError) -> Int in
      try requirePermission(.annotate, "generate appearances")
      let pages: Range<Int>
      if let page {
        guard page >= 0, page < pageTree.count else {
          throw PDFError(.outOfRange, "page \(page) does not exist (the document has \(pageTree.count))")
        }
        pages = page..<(page + 1)
      } else {
        pages = 0..<pageTree.count
      }
      var written = 0
      for index in pages {
        for id in try annotationIDs(page: index) {
          let object = try annotationObject(id).object
          guard qpdf.entry(object, "/AP") == nil,
            let subtype = qpdf.entry(object, "/Subtype").flatMap({ qpdf.name($0) }),
            CreatableSubtype.names.contains(subtype), subtype != "Popup"
          else { continue }
          try writeAppearance(object, fit: .keepingRect)
          if qpdf.entry(object, "/AP") != nil { written += 1 }
        }
      }
      if written > 0 { try commitChange("generate appearances", label: "Generate Appearances") }
      return written
    }
  }
}
