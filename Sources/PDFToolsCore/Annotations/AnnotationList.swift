// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// How an annotation list orders its threads.
public enum AnnotationListOrder: Int32, Sendable, CaseIterable {
  /// Page order: the z-order of each page (the order of /Annots).
  case page = 0
  /// The modified (else created) date, oldest first; undated annotations last.
  case date = 1
  /// The author (/T), then page order.
  case author = 2
  /// The subtype, then page order.
  case subtype = 3
}

/// What an annotation list shows and how.
public struct AnnotationListOptions: Sendable, Equatable {
  /// Which threads are listed: pages, and the subtypes, authors and dates of a thread's first
  /// annotation.
  public var filter = ReportFilter()
  /// Text that the contents, subject or author of some annotation of the thread contain,
  /// compared without regard to case; nil lists every thread.
  public var text: String? = nil
  /// How threads are ordered.
  public var order = AnnotationListOrder.page
  /// True to reverse the order (pages stay in order when grouped by page).
  public var descending = false
  /// True to group threads by page (page order first, then `order`).
  public var groupedByPage = true

  /// Lists every thread of every page in page order.
  public init() {}
}

/// One row of an annotation list: an annotation, where it is, and how deep in its reply
/// thread.
public struct AnnotationListEntry: Sendable, Equatable {
  /// The annotation id.
  public var id: Int64
  /// Its page index.
  public var page: Int
  /// 0 for the first annotation of a thread, 1 for its replies, 2 for replies to those ...
  public var depth: Int
  /// The number of direct replies, listed right after it (each followed by its own replies).
  public var replyCount: Int
}

/// What the list knows of one annotation while it is built.
private struct ListedAnnotation {
  let id: Int64
  let identity: ObjectIdentity
  let page: Int
  let position: Int
  let subtype: String
  let author: String
  let text: String
  let date: PDFDateValue?
  let parent: ObjectIdentity?
}

extension Document {
  /// The annotations of a side panel: threads (an annotation and the replies that name it by
  /// /IRT, nested, oldest reply first) picked by `options`, ordered, each annotation one row.
  /// Popups and form widgets are left out. Costs what the pages listed hold.
  public func annotationList(_ options: AnnotationListOptions = AnnotationListOptions()) throws(PDFError)
    -> [AnnotationListEntry]
  {
    let since = try options.filter.since.map { (text) throws(PDFError) -> PDFDateValue in try Document.reportDate(text) }
    let until = try options.filter.until.map { (text) throws(PDFError) -> PDFDateValue in try Document.reportDate(text) }
    let needle = options.text.map { $0.lowercased() }.flatMap { $0.isEmpty ? nil : $0 }
    let items = try locked { () throws(PDFError) -> [ListedAnnotation] in try listedAnnotations(options.filter) }
    var byIdentity: [ObjectIdentity: Int] = [:]
    for (index, item) in items.enumerated() { byIdentity[item.identity] = index }
    var replies: [Int: [Int]] = [:]
    var roots: [Int] = []
    for (index, item) in items.enumerated() {
      if let parent = item.parent, let owner = byIdentity[parent], owner != index {
        replies[owner, default: []].append(index)
      } else {
        roots.append(index)
      }
    }
    // Replies in a thread: oldest first, then page order.
    for (owner, list) in replies {
      replies[owner] = list.sorted { Document.listedBefore(items[$0], items[$1], by: .date) }
    }
    // A reply loop (A replies to B, B to A) has no root: its members are listed as roots.
    var reached = Set<Int>()
    func reach(_ index: Int, _ depth: Int) {
      guard depth < Limits.maximumTreeDepth, reached.insert(index).inserted else { return }
      for reply in replies[index] ?? [] { reach(reply, depth + 1) }
    }
    for root in roots { reach(root, 0) }
    for index in items.indices where !reached.contains(index) {
      roots.append(index)
      reach(index, 0)
    }
    func threadContains(_ index: Int, _ text: String, _ depth: Int, _ seen: inout Set<Int>) -> Bool {
      guard depth < Limits.maximumTreeDepth, seen.insert(index).inserted else { return false }
      if items[index].text.contains(text) { return true }
      return (replies[index] ?? []).contains { threadContains($0, text, depth + 1, &seen) }
    }
    let picked = roots.filter { index in
      let item = items[index]
      if let subtypes = options.filter.subtypes, !subtypes.contains(item.subtype) { return false }
      if let authors = options.filter.authors, !authors.contains(item.author) { return false }
      if since != nil || until != nil {
        guard let date = item.date else { return false }
        if let since, date < since { return false }
        if let until, until < date { return false }
      }
      if let needle {
        var seen = Set<Int>()
        return threadContains(index, needle, 0, &seen)
      }
      return true
    }
    let ordered = picked.sorted { a, b in
      let (x, y) = (items[a], items[b])
      if options.groupedByPage && x.page != y.page { return x.page < y.page }
      return options.descending
        ? Document.listedBefore(y, x, by: options.order) : Document.listedBefore(x, y, by: options.order)
    }
    var rows: [AnnotationListEntry] = []
    var emitted = Set<Int>()
    func emit(_ index: Int, _ depth: Int) {
      guard depth < Limits.maximumTreeDepth, emitted.insert(index).inserted else { return }
      let children = (replies[index] ?? []).filter { !emitted.contains($0) }
      let item = items[index]
      rows.append(AnnotationListEntry(id: item.id, page: item.page, depth: depth, replyCount: children.count))
      for child in children { emit(child, depth + 1) }
    }
    for root in ordered { emit(root, 0) }
    return rows
  }

  /// The annotations of the filter's pages (popups and widgets left out) with what the list
  /// sorts and filters by; call under the lock.
  private func listedAnnotations(_ filter: ReportFilter) throws(PDFError) -> [ListedAnnotation] {
    guard pageTree.count > 0 else { return [] }
    let first = filter.firstPage ?? 0
    let last = filter.lastPage ?? (pageTree.count - 1)
    try checkPageIndex(first)
    try checkPageIndex(last)
    guard first <= last else { return [] }
    var items: [ListedAnnotation] = []
    for page in first...last {
      guard let listing = try listing(ofPage: page) else { continue }
      for (position, (identity, id)) in zip(listing.objects, listing.ids).enumerated() {
        let object = qpdf.object(identity)
        let subtype = qpdf.entry(object, "/Subtype").flatMap { qpdf.name($0) } ?? ""
        guard subtype != "Popup", subtype != "Widget" else { continue }
        func text(_ key: StaticString) -> String { qpdf.entry(object, key).flatMap { qpdf.text($0) } ?? "" }
        let author = text("/T")
        let modified = text("/M")
        items.append(ListedAnnotation(
          id: id, identity: identity, page: page, position: position, subtype: subtype, author: author,
          text: (text("/Contents") + "\n" + text("/Subj") + "\n" + author).lowercased(),
          date: PDFDateValue(modified.isEmpty ? text("/CreationDate") : modified),
          parent: qpdf.entry(object, "/IRT").flatMap { qpdf.identity($0) }))
      }
    }
    return items
  }

  /// True when `a` comes before `b` in `order` (page order breaking ties).
  private static func listedBefore(_ a: ListedAnnotation, _ b: ListedAnnotation, by order: AnnotationListOrder) -> Bool {
    switch order {
    case .page: break
    case .date:
      switch (a.date, b.date) {
      case (let x?, let y?) where x != y: return x < y
      case (.some, nil): return true
      case (nil, .some): return false
      default: break
      }
    case .author where a.author != b.author: return a.author < b.author
    case .subtype where a.subtype != b.subtype: return a.subtype < b.subtype
    default: break
    }
    return (a.page, a.position) < (b.page, b.position)
  }
}
