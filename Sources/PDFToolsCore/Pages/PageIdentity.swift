// SPDX-License-Identifier: GPL-3.0-or-later

extension Document {
  /// A page's identity: a positive number, the same while the page moves and other pages come
  /// and go (and after undo and redo bring it back), for as long as the document is open.
  public func pageID(_ index: Int) throws(PDFError) -> Int64 {
    try locked { () throws(PDFError) -> Int64 in
      guard let identity = qpdf.identity(try pageObject(index)) else {
        throw PDFError(.damaged, "page \(index) is not an object of its own")
      }
      return pageIDs.id(identity)
    }
  }

  /// The index the page `id` has now; NOT_FOUND when it is no longer a page of the document.
  public func pageIndex(forID id: Int64) throws(PDFError) -> Int {
    try locked { () throws(PDFError) -> Int in
      guard let identity = pageIDs.object(id) else { throw PDFError(.notFound, "\(id) is not a page id") }
      guard let index = pageIndex(of: identity) else {
        throw PDFError(.notFound, "page \(id) is not in the document (deleted?)")
      }
      return index
    }
  }
}
