// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// Deletes the pages `range`, in one undo step. The page objects stay in the model (undo
  /// puts them back); annotation ids of their annotations give NOT_FOUND until then. Outline
  /// items that led to them lose their destination; other pages keep their labels. A document
  /// keeps at least one page. Needs the permission to assemble the document.
  public func deletePages(_ range: Range<Int>) throws(PDFError) {
    try arrangePages("delete pages", label: range.count == 1 ? "Delete Page" : "Delete Pages") { () throws(PDFError) in
      try checkPageRange(range)
      guard range.count < pageTree.count else {
        throw PDFError(.invalidArgument, "cannot delete every page: a document keeps at least one")
      }
      var removed = Set<ObjectIdentity>()
      for _ in range {
        if let identity = qpdf.identity(try takeOutPage(at: range.lowerBound)) { removed.insert(identity) }
      }
      try dropOutlineDestinations(leadingTo: removed)
      try dropNamedDestinations(leadingTo: removed)
      try shiftLabelRanges(at: range.lowerBound, by: -range.count)
    }
  }

  /// Moves the pages `range` so that the first of them becomes page `destination` (counted
  /// in the final order: 0...pageCount - range.count), in one undo step. Pages keep their
  /// objects, so annotation ids, outline destinations and links follow them; labels stay with
  /// the positions. Needs the permission to assemble the document.
  public func movePages(_ range: Range<Int>, to destination: Int) throws(PDFError) {
    try arrangePages("move pages", label: range.count == 1 ? "Move Page" : "Move Pages") { () throws(PDFError) in
      try checkPageRange(range)
      let remaining = pageTree.count - range.count
      guard destination >= 0, destination <= remaining else {
        throw PDFError(
          .outOfRange, "cannot move pages to index \(destination) (0...\(remaining) for \(range.count) pages)")
      }
      guard destination != range.lowerBound else { return }
      var moving: [qpdf_oh] = []
      for index in range {
        let page = try pageObject(index)
        try writer.holdInheritedAttributes(page)
        moving.append(page)
      }
      for _ in range { try takeOutPage(at: range.lowerBound) }
      for (offset, page) in moving.enumerated() { try putInPage(page, at: destination + offset) }
    }
  }

  /// Inserts a copy of page `index` right after it, with copies of its annotations (form
  /// field widgets are left out: a field belongs to the form once), in one undo step; returns
  /// the copy's index. Links keep their targets. Needs the permission to assemble.
  @discardableResult
  public func duplicatePage(_ index: Int) throws(PDFError) -> Int {
    try arrangePages("duplicate a page", label: "Duplicate Page") { () throws(PDFError) -> Int in
      let page = try pageObject(index)
      guard let copy = try writer.copyPages([page], from: qpdf).first else {
        throw PDFError(.internal, "the page was not copied")
      }
      var copies: [ObjectIdentity: qpdf_oh] = [:]
      if let identity = qpdf.identity(page) { copies[identity] = copy }
      try reconcileCopiedAnnotations(copy, original: page, copies: copies)
      try putInPage(copy, at: index + 1)
      try shiftLabelRanges(at: index + 1, by: 1)
      return index + 1
    }
  }

  /// Sets the box `kind` of page `index` to `rect` (normalized; nil removes it, so that it
  /// falls back to its default: the crop box to the media box, the others to the crop box),
  /// in one undo step. The media box cannot be removed. Needs the permission to assemble.
  public func setPageBox(_ index: Int, _ kind: PageBox, _ rect: Rect?) throws(PDFError) {
    if let rect {
      let values = [rect.x0, rect.y0, rect.x1, rect.y1]
      guard values.allSatisfy({ $0.isFinite && abs($0) <= 1_000_000 }) else {
        throw PDFError(.invalidArgument, "a page box needs finite coordinates within ±1000000")
      }
      guard !Self.normalizedBox(rect).isEmpty else { throw PDFError(.invalidArgument, "a page box cannot be empty") }
    } else if kind == .media {
      throw PDFError(.invalidArgument, "a page's media box cannot be removed")
    }
    try locked { () throws(PDFError) in
      let page = try pageObject(index)
      try requirePermission(.assemble, "change page boxes")
      let key = kind.pdfKey
      if let rect {
        let box = Self.normalizedBox(rect)
        try writer.set(key, qpdf.numberArray([box.x0, box.y0, box.x1, box.y1]), in: page)
      } else {
        try writer.holdInheritedAttributes(page)
        try writer.remove(key, from: page)
        // A crop box an ancestor passes down would show again: the default is the media box.
        if kind == .crop, ObjectWriter.inherited(key, from: qpdf.entry(page, "/Parent"), qpdf) != nil,
          let media = qpdf.entry(page, "/MediaBox").flatMap({ qpdf.rect($0) })
        {
          try writer.set(key, qpdf.numberArray([media.x0, media.y0, media.x1, media.y1]), in: page)
        }
      }
      geometryCache[index] = nil
      noteContentChange()
      try commitChange("change a page box", label: "Change Page Box")
    }
  }

  /// `rect` with its corners ordered (lower left, upper right).
  private static func normalizedBox(_ rect: Rect) -> Rect {
    Rect(min(rect.x0, rect.x1), min(rect.y0, rect.y1), max(rect.x0, rect.x1), max(rect.y0, rect.y1))
  }

  /// Runs `body` as one change of the page tree: the permission to assemble checked first,
  /// then the change recorded as an undo step that touches page content, and the pages read
  /// again. Call without the lock.
  func arrangePages<T>(_ what: String, label: String, _ body: () throws(PDFError) -> T) throws(PDFError) -> T {
    try locked { () throws(PDFError) -> T in try arrangePagesLocked(what, label: label, body) }
  }

  /// ``arrangePages(_:label:_:)`` under the lock.
  func arrangePagesLocked<T>(_ what: String, label: String, _ body: () throws(PDFError) -> T) throws(PDFError) -> T {
    try requirePermission(.assemble, what)
    if pageTree.isWalked {
      // Counts that do not lead to the pages (found out since opening): the tree is rewritten
      // as one sound node first, in this step, so that the edit finds the pages it names.
      try writer.flattenPageTree(pageTree.found)
      pageTreeDidChange()
    }
    let result = try body()
    noteContentChange()
    try commitChange(what, label: label)
    pagesWereRearranged()
    inheritedCache.removeAll()
    labelRanges = nil
    return result
  }

  /// Takes page `index` out of the page tree and the list of pages; call under the lock.
  @discardableResult
  func takeOutPage(at index: Int) throws(PDFError) -> qpdf_oh {
    let page = try writer.removePage(at: index)
    pageTree.remove(at: index)
    return page
  }

  /// Puts `page` into the page tree and the list of pages as page `index`; call under the lock.
  func putInPage(_ page: qpdf_oh, at index: Int) throws(PDFError) {
    try writer.insertPage(page, at: index, count: pageTree.count)
    pageTree.insert(qpdf.identity(page), at: index)
  }

  /// Checks that `range` is a non-empty range of pages; call under the lock.
  func checkPageRange(_ range: Range<Int>) throws(PDFError) {
    guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= pageTree.count else {
      throw PDFError(
        .outOfRange,
        "pages \(range.lowerBound)..<\(range.upperBound) are not a range of the document's \(pageTree.count) pages")
    }
  }

  /// The key of `item` (an outline item or a link) that holds its explicit destination:
  /// /Dest, or /A for a GoTo action; nil when it has none.
  func targetKey(of item: qpdf_oh) -> String? {
    if let dest = qpdf.entry(item, "/Dest"), qpdf.items(dest) != nil { return "/Dest" }
    if let action = qpdf.entry(item, "/A"), qpdf.entry(action, "/S").flatMap({ qpdf.name($0) }) == "GoTo",
      let dest = qpdf.entry(action, "/D"), qpdf.items(dest) != nil
    {
      return "/A"
    }
    return nil
  }

  /// The first item of the explicit destination under `key` of `item`, or nil.
  private func targetItem(of item: qpdf_oh, _ key: String) -> qpdf_oh? {
    Self.targetItem(of: item, key, qpdf)
  }

  /// The first item of the explicit destination under `key` of `item` in `model`, or nil.
  private static func targetItem(of item: qpdf_oh, _ key: String, _ model: QPDF) -> qpdf_oh? {
    let holder = key == "/A" ? model.entry(item, "/A") : item
    let dest = holder.flatMap { (holder: qpdf_oh) -> qpdf_oh? in
      key == "/A" ? model.entry(holder, "/D") : model.entry(holder, "/Dest")
    }
    return dest.flatMap { model.items($0)?.first }
  }

  /// The page object the explicit destination of `item` names, or nil.
  func targetPage(of item: qpdf_oh, _ key: String) -> ObjectIdentity? {
    targetItem(of: item, key).flatMap { qpdf.identity($0) }
  }

  /// Mends the annotations of `copy`, a copy of the page `original` (of `source`, nil for this
  /// document): a link whose target page did not come along leads to that page's copy in
  /// `copies` (by original page), to the page itself within one document, or is dropped;
  /// widgets are dropped within one document (a field belongs to the form once) and otherwise
  /// have their fields joined to the form. Call under the lock.
  func reconcileCopiedAnnotations(
    _ copy: qpdf_oh, original: qpdf_oh, copies: [ObjectIdentity: qpdf_oh], source: QPDF? = nil
  ) throws(PDFError) {
    guard let annots = qpdf.entry(copy, "/Annots"), let items = qpdf.items(annots) else { return }
    let model = source ?? qpdf
    let sameDocument = source == nil
    let originals = model.entry(original, "/Annots").flatMap { model.items($0) } ?? []
    var kept: [qpdf_oh] = []
    var changed = false
    for (position, annotation) in items.enumerated() {
      let subtype = qpdf.entry(annotation, "/Subtype").flatMap { qpdf.name($0) }
      if subtype == "Widget" {
        if sameDocument {
          changed = true
          continue
        }
        try joinForm(annotation)
      }
      if subtype == "Link", let key = targetKey(of: annotation), let target = targetItem(of: annotation, key),
        qpdf_oh_is_null(qpdf.data, target) != QPDF_FALSE
      {
        let originalTarget = position < originals.count
          ? Self.targetItem(of: originals[position], key, model).flatMap { model.identity($0) } : nil
        let replacement = originalTarget.flatMap { copies[$0] ?? (sameDocument ? qpdf.object($0) : nil) }
        guard let replacement else {
          changed = true
          continue
        }
        let holder = key == "/A" ? qpdf.entry(annotation, "/A") : annotation
        if let holder, let dest = key == "/A" ? qpdf.entry(holder, "/D") : qpdf.entry(holder, "/Dest") {
          let owner = qpdf.identity(holder) != nil ? holder : annotation
          try writer.replaceItem(at: 0, with: replacement, in: dest, owner: owner)
        }
      }
      kept.append(annotation)
    }
    if changed { try writer.set("/Annots", qpdf.makeArray(kept), in: copy) }
  }

  /// Lists the top field of the widget `widget` (copied from another document) in the form's
  /// /Fields, making the form when the document has none; call under the lock.
  private func joinForm(_ widget: qpdf_oh) throws(PDFError) {
    var field = widget
    for _ in 0..<Limits.maximumTreeDepth {
      guard let parent = qpdf.entry(field, "/Parent"), qpdf.isDictionary(parent) else { break }
      field = parent
    }
    guard let fieldIdentity = qpdf.identity(field) else { return }
    let form: qpdf_oh
    if let existing = qpdf.value(qpdf.root, "AcroForm"), qpdf.isDictionary(existing) {
      form = existing
    } else {
      form = try writer.makeIndirect(qpdf.makeDictionary([("/Fields", qpdf.makeArray())]))
      try writer.set("/AcroForm", form, in: qpdf.root)
    }
    let owner = qpdf.identity(form) != nil ? form : qpdf.root
    guard let fields = qpdf.entry(form, "/Fields"), let listed = qpdf.items(fields) else {
      try writer.set("/Fields", qpdf.makeArray([field]), in: form, owner: owner)
      return
    }
    guard !listed.contains(where: { qpdf.identity($0) == fieldIdentity }) else { return }
    try writer.append(field, to: fields, owner: owner)
  }
}

extension PageBox {
  /// The page dictionary key of the box.
  var pdfKey: String {
    switch self {
    case .media: return "/MediaBox"
    case .crop: return "/CropBox"
    case .bleed: return "/BleedBox"
    case .trim: return "/TrimBox"
    case .art: return "/ArtBox"
    }
  }
}
