// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// Inserts copies of the pages `pages` of `source` (in that order; another document or this
  /// one) so that the first becomes page `index`, in one undo step. Their annotations, form
  /// fields (joined to this document's form) and resources come along; links between the
  /// pages copied lead to the copies, links to pages not copied are dropped. Needs the
  /// permission to assemble this document and to copy from `source`.
  public func insertPages(from source: Document, pages: [Int], at index: Int) throws(PDFError) {
    guard !pages.isEmpty else { throw PDFError(.invalidArgument, "no pages to insert") }
    let body = { () throws(PDFError) in
      try self.arrangePagesLocked("insert pages", label: pages.count == 1 ? "Insert Page" : "Insert Pages") {
        () throws(PDFError) in
        guard index >= 0, index <= self.pageTree.count else {
          throw PDFError(
            .outOfRange, "cannot insert at page index \(index) (the document has \(self.pageTree.count) pages)")
        }
        if source !== self {
          guard source.currentPermissions().contains(.copy) else {
            throw PDFError(.notPermitted, "the other document's permissions do not allow to copy its pages")
          }
        }
        var originals: [qpdf_oh] = []
        for page in pages { originals.append(try source.pageObject(page)) }
        let copies = try self.writer.copyPages(originals, from: source.qpdf)
        var byOriginal: [ObjectIdentity: qpdf_oh] = [:]
        for (original, copy) in zip(originals, copies) {
          if let identity = source.qpdf.identity(original), byOriginal[identity] == nil { byOriginal[identity] = copy }
        }
        for (offset, copy) in copies.enumerated() {
          try self.reconcileCopiedAnnotations(
            copy, original: originals[offset], copies: byOriginal, source: source === self ? nil : source.qpdf)
          try self.putInPage(copy, at: index + offset)
        }
        try self.shiftLabelRanges(at: index, by: copies.count)
      }
    }
    if source === self {
      try locked(body)
      return
    }
    // Both documents are locked, in one order for every pair (no deadlock); hosts hear of
    // undo changes once both locks are released.
    try source.refuseCallsFromProgressHandler()
    NotificationDeferral.begin()
    defer { for entry in NotificationDeferral.end() { entry.call() } }
    // The source's appearances waiting to be built are built first, so that copies show them.
    let fromSource = { () throws(PDFError) in
      defer { source.qpdf.releaseHandles() }
      if !source.pendingAppearances.isEmpty { source.flushAppearances() }
      try body()
    }
    if ObjectIdentifier(self) < ObjectIdentifier(source) {
      try locked { () throws(PDFError) in try source.lock.withLock(fromSource) }
    } else {
      try source.lock.withLock { () throws(PDFError) in try locked(fromSource) }
    }
  }

  /// A new document made of copies of the pages `pages` of this one (in that order), with
  /// their annotations, form fields and resources; links to pages not taken are dropped. The
  /// new document has no undo history. Needs the permission to copy.
  public func extractPages(_ pages: [Int]) throws(PDFError) -> Document {
    let result = try Document.makeNew()
    try result.insertPages(from: self, pages: pages, at: 0)
    try result.clearUndo()
    return result
  }
}
