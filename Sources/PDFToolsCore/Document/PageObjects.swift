// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// The page object of page `index`, found through the page tree on first use; call under
  /// the lock. Throws OUT_OF_RANGE for a bad index and DAMAGED when the tree does not hold the
  /// page. (A page object qpdf cannot parse comes back as it is: readers of its keys find
  /// none, and writes to it fail.)
  func pageObject(_ index: Int) throws(PDFError) -> qpdf_oh {
    try checkPageIndex(index)
    for _ in 0..<2 {
      guard let identity = pageTree.page(index, qpdf, bytes: pageTreeBytes) else { break }
      let page = qpdf.object(identity)
      guard qpdf.isDictionary(page), !PageTree.isPage(page, qpdf) else { return page }
      // The counts led to a /Pages node, not a page: find the pages by walking the tree.
      pageTree.distrust(qpdf)
    }
    throw PDFError(.damaged, "page \(index) is missing from the document's page tree")
  }

  /// The reader of unchanged page-tree nodes from the bytes views start from; nil for a
  /// repaired document, whose objects are not where its bytes say. Call under the lock.
  var pageTreeBytes: PageTreeBytes? {
    guard !wasRepaired, let objects = try? viewBase() else { return nil }
    return PageTreeBytes(objects: objects, changed: changedObjects)
  }

  /// The index of the page object `identity`, or nil; call under the lock. (qpdf's own
  /// `qpdf_find_page_by_id` would push inherited attributes down the page tree, changing the
  /// document behind the journal's back.)
  func pageIndex(of identity: ObjectIdentity) -> Int? {
    pageTree.index(of: identity, qpdf)
  }

  /// The page object identity of page `index`, or nil; call under the lock.
  func pageIdentity(_ index: Int) -> ObjectIdentity? {
    guard let page = try? pageObject(index) else { return nil }
    return qpdf.identity(page)
  }

  /// Reads the page tree again after a change of its structure (pages inserted, or a step that
  /// changed them undone or redone) and drops what was read of the pages; call under the lock.
  func pageTreeDidChange() {
    if let pages = PageTree.read(qpdf) {
      pageTree = pages
    } else {
      Log.emit(.warning, "pdftools", "the document's catalog has no page tree any more; the pages stay as they were")
    }
    qpdf.discardError()
    geometryCache = Array(repeating: nil, count: pageTree.count)
    qpdfPagesStale = true
    structureGeneration += 1
  }

  /// Follows pages inserted, deleted or moved by this document's own edits, which kept the
  /// list of pages up to date as they went: what was read by page index is dropped; call under
  /// the lock.
  func pagesWereRearranged() {
    geometryCache = Array(repeating: nil, count: pageTree.count)
    qpdfPagesStale = true
    structureGeneration += 1
  }

  /// A number that changes whenever pages may have been inserted, deleted or moved: what was
  /// known by page index must then be looked up again (by page id).
  public var pageStructureGeneration: Int { lock.withLock { structureGeneration } }

  /// Rewrites a page tree that had to be walked while opening (its counts were wrong, or it
  /// looped) as one sound node of the pages found, so that what is saved is sound. It restates
  /// what was read, so it is not an undoable change.
  func restateWalkedPageTree() {
    do {
      try locked { () throws(PDFError) in
        try withoutJournal { () throws(PDFError) in try writer.flattenPageTree(pageTree.found) }
        pageTreeDidChange()
      }
    } catch {
      Log.emit(.warning, "pdftools", "the page tree could not be rewritten: \(error.message)")
    }
  }

  /// Brings qpdf's own list of pages up to date when the page tree changed behind it; call
  /// under the lock before qpdf's page functions or writer.
  func refreshQPDFPages() {
    guard qpdfPagesStale else { return }
    qpdf.refreshPageList()
    qpdfPagesStale = false
  }
}
