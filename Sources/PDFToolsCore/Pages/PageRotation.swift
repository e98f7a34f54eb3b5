// SPDX-License-Identifier: GPL-3.0-or-later

extension Document {
  /// Turns page `index` to `degrees` clockwise (a multiple of 90, taken modulo 360) by its
  /// /Rotate, in one undo step; nothing happens when it already shows that way. Needs the
  /// permission to assemble the document.
  public func setPageRotation(_ index: Int, _ degrees: Int) throws(PDFError) {
    guard degrees % 90 == 0 else {
      throw PDFError(.invalidArgument, "a page rotation must be a multiple of 90 (got \(degrees))")
    }
    let turned = ((degrees % 360) + 360) % 360
    try locked { () throws(PDFError) in
      let page = try pageObject(index)
      guard try geometry(index).rotation != turned else { return }
      try requirePermission(.assemble, "rotate pages")
      try writer.set("/Rotate", qpdf.makeInteger(turned), in: page)
      geometryCache[index] = nil
      noteContentChange()
      try commitChange("rotate a page", label: "Rotate Page")
    }
  }
}
