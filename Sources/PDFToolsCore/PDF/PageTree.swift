// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// The pages of a document in order, found through the page tree as they are first needed:
/// opening reads the root node's /Count, finding page n reads the nodes on its path, and a
/// node whose /Count equals its number of kids gives all its pages at once without reading
/// them. (qpdf's own page list reads every page dictionary first.)
///
/// /Count is trusted, as poppler and MuPDF trust it, so the library and the poppler views it
/// renders from agree on the pages. Where the counts do not lead to a page (a wrong /Count, a
/// loop, a tree deeper than ``Limits/maximumTreeDepth``), the tree is walked in full once and
/// the pages found that way are used; the page count stays what the root said.
struct PageTree {
  /// How the pages are found.
  private enum Mode {
    /// Through the counts, on demand.
    case counted
    /// By a full walk made once: pages it did not find are missing.
    case walked
  }

  /// The page objects found so far, by index (nil: not found yet, or missing).
  private var pages: [ObjectIdentity?]
  /// Page indices by page object, for the pages found so far (the first index of a page object
  /// listed twice); rebuilt when first needed after pages were inserted or removed.
  private var indices: [ObjectIdentity: Int] = [:]
  /// True when ``indices`` must be rebuilt from ``pages`` before use.
  private var indicesStale = false
  private var mode: Mode
  /// Why the tree had to be walked while opening (its root's counts are wrong, or it loops), or
  /// nil when the counts were usable.
  private(set) var repair: String? = nil

  /// The number of pages.
  var count: Int { pages.count }

  /// True when the pages were found by a full walk (the counts do not lead to them), so that
  /// an edit that follows the counts would miss: the tree must be rewritten first.
  var isWalked: Bool { mode == .walked }

  /// The pages found so far, in order (all of them once the tree was walked).
  var found: [ObjectIdentity] { pages.compactMap { $0 } }

  /// A tree of `count` pages found through the counts.
  private init(count: Int, mode: Mode) {
    pages = Array(repeating: nil, count: count)
    self.mode = mode
  }

  /// The page tree of `qpdf`'s document, or nil when the catalog has no /Pages dictionary.
  ///
  /// The root's /Count is checked against its kids: equal to their number (every kid a page,
  /// checked as each is read), or to the sum of their counts. A root that fails the check is
  /// walked in full now, and ``repair`` says why.
  ///
  /// With `bytes`, a root whose counts the bytes show to hold is taken from them, unparsed by
  /// qpdf; any other root is checked through qpdf.
  static func read(_ qpdf: QPDF, bytes: PageTreeBytes? = nil) -> PageTree? {
    if let bytes, let root = rootFromBytes(qpdf, bytes) {
      var tree = PageTree(count: root.count, mode: .counted)
      // A root whose kids are all pages gives them now, from the one read of it.
      if let pages = root.pages {
        for (index, page) in pages.enumerated() { tree.record(page, at: index) }
      }
      return tree
    }
    guard let root = qpdf.value(qpdf.root, "Pages"), qpdf.isDictionary(root) else { return nil }
    let problem = rootProblem(qpdf, root)
    if problem == nil, let count = qpdf.entry(root, "/Count").flatMap({ qpdf.integer($0) }) {
      return PageTree(count: count, mode: .counted)
    }
    let found = walk(qpdf, root: root)
    var tree = PageTree(count: found.count, mode: .walked)
    for (index, page) in found.enumerated() { tree.record(page, at: index) }
    tree.repair = problem
    return tree
  }

  /// The root's /Count when the bytes show it to be right (``rootProblem(_:_:)`` would find
  /// nothing wrong), with its kids when it counts each as a page; nil when they do not show it.
  static func rootFromBytes(_ qpdf: QPDF, _ bytes: PageTreeBytes) -> (count: Int, pages: [ObjectIdentity]?)? {
    guard let identity = PageTreeBytes.rootIdentity(qpdf), let root = bytes.node(identity), !root.hasParent else {
      return nil
    }
    let size = qpdf.entry(qpdf.trailer, "/Size").flatMap { qpdf.integer($0) } ?? Int(Int32.max)
    guard root.count <= size else { return nil }
    if root.kids.count == root.count { return (root.count, root.kids) }
    var sum = 0
    for kid in root.kids {
      guard kid != identity, let kind = bytes.kid(kid) else { return nil }
      let pages: Int
      switch kind {
      case .page: pages = 1
      case .node(let count): pages = count
      }
      // Past the root's count the sum cannot match; a hostile /Count must not overflow it.
      let (total, overflow) = sum.addingReportingOverflow(pages)
      guard !overflow, total <= root.count else { return nil }
      sum = total
    }
    return sum == root.count ? (root.count, nil) : nil
  }

  /// What is wrong with the root node's counts, or nil.
  private static func rootProblem(_ qpdf: QPDF, _ root: qpdf_oh) -> String? {
    guard let count = qpdf.entry(root, "/Count").flatMap({ qpdf.integer($0) }), count >= 0 else {
      return "the page tree's root has no usable /Count"
    }
    if qpdf_oh_has_key(qpdf.data, root, "/Parent") != QPDF_FALSE {
      return "the page tree's root has a /Parent"
    }
    let size = qpdf.entry(qpdf.trailer, "/Size").flatMap { qpdf.integer($0) } ?? Int(Int32.max)
    guard count <= size else { return "the page tree's /Count \(count) exceeds the number of objects" }
    guard let kids = qpdf.entry(root, "/Kids"), qpdf_oh_is_array(qpdf.data, kids) != QPDF_FALSE else {
      return "the page tree's root has no /Kids"
    }
    let kidCount = Int(qpdf_oh_get_array_n_items(qpdf.data, kids))
    if kidCount == count { return nil }
    let rootIdentity = qpdf.identity(root)
    var sum = 0
    for position in 0..<kidCount {
      let kid = qpdf_oh_get_array_item(qpdf.data, kids, Int32(position))
      if let identity = qpdf.identity(kid), identity == rootIdentity { return "the page tree loops" }
      let pages: Int
      if isPage(kid, qpdf) {
        pages = 1
      } else if let subtree = qpdf.entry(kid, "/Count").flatMap({ qpdf.integer($0) }), subtree >= 0 {
        pages = subtree
      } else if qpdf.isDictionary(kid) {
        return "a node of the page tree has no usable /Count"
      } else {
        continue
      }
      // A hostile /Count must not overflow the sum.
      let (total, overflow) = sum.addingReportingOverflow(pages)
      if overflow || total > count { return "the page tree's /Count \(count) is less than its kids' counts" }
      sum = total
    }
    return sum == count ? nil : "the page tree's /Count \(count) does not match its \(sum) pages"
  }

  /// The page object of page `index`, or nil when the tree does not hold it. With `bytes`
  /// (asked for only when the page must be found), the nodes on the page's path are read from
  /// them where they hold them plainly.
  mutating func page(_ index: Int, _ qpdf: QPDF, bytes: @autoclosure () -> PageTreeBytes? = nil) -> ObjectIdentity? {
    guard index >= 0, index < pages.count else { return nil }
    if let known = pages[index] { return known }
    guard mode == .counted else { return nil }
    if let reader = bytes(), locateInBytes(index, qpdf, reader), let found = pages[index] { return found }
    if locate(index, qpdf), let found = pages[index] { return found }
    walkOnce(qpdf)
    return pages[index]
  }

  /// The index of page object `page`, reading the tree as far as needed; nil when it is not a
  /// page of the document.
  mutating func index(of page: ObjectIdentity, _ qpdf: QPDF) -> Int? {
    rebuildIndices()
    if let known = indices[page] { return known }
    guard mode == .counted else { return nil }
    for index in 0..<pages.count where pages[index] == nil {
      _ = self.page(index, qpdf)
      if let known = indices[page] { return known }
      if mode == .walked { break }
    }
    return indices[page]
  }

  /// Says that what the counts gave for page `index` is not a page (a /Pages node, or not a
  /// dictionary): the tree is walked in full instead.
  mutating func distrust(_ qpdf: QPDF) {
    walkOnce(qpdf)
  }

  /// Records `page` as page `index`.
  private mutating func record(_ page: ObjectIdentity, at index: Int) {
    pages[index] = page
    if !indicesStale, indices[page] == nil { indices[page] = index }
  }

  /// Follows a page taken out of the tree at `index` (the tree's counts already say so).
  mutating func remove(at index: Int) {
    guard index >= 0, index < pages.count else { return }
    pages.remove(at: index)
    indicesStale = true
  }

  /// Follows the page `page` put into the tree at `index` (the tree's counts already say so).
  mutating func insert(_ page: ObjectIdentity?, at index: Int) {
    guard index >= 0, index <= pages.count else { return }
    pages.insert(page, at: index)
    indicesStale = true
  }

  /// Makes ``indices`` match ``pages`` again after inserts and removals.
  private mutating func rebuildIndices() {
    guard indicesStale else { return }
    indicesStale = false
    indices.removeAll(keepingCapacity: true)
    for (index, page) in pages.enumerated() {
      if let page, indices[page] == nil { indices[page] = index }
    }
  }

  /// Finds page `index` by descending through the counts as ``locate(_:_:)`` does, reading the
  /// nodes from `bytes`; false when the bytes do not lead there plainly (``locate(_:_:)`` then
  /// decides through qpdf).
  mutating func locateInBytes(_ index: Int, _ qpdf: QPDF, _ bytes: PageTreeBytes) -> Bool {
    guard var node = PageTreeBytes.rootIdentity(qpdf) else { return false }
    var offset = index
    var base = 0
    var path: Set<ObjectIdentity> = []
    for _ in 0..<Limits.maximumTreeDepth {
      guard path.insert(node).inserted, let read = bytes.node(node) else { return false }
      if read.count == read.kids.count {
        guard offset < read.count else { return false }
        for (position, kid) in read.kids.enumerated() where base + position < pages.count {
          if pages[base + position] == nil { record(kid, at: base + position) }
        }
        return true
      }
      var next: ObjectIdentity? = nil
      for kid in read.kids {
        guard let kind = bytes.kid(kid) else { return false }
        switch kind {
        case .page:
          if offset == 0 {
            record(kid, at: index)
            return true
          }
          offset -= 1
          base += 1
        case .node(let count):
          if offset < count {
            next = kid
          } else {
            offset -= count
            base += count
          }
        }
        if next != nil { break }
      }
      guard let next else { return false }
      node = next
    }
    return false
  }

  /// Finds page `index` by descending through the counts; false when they do not lead there.
  private mutating func locate(_ index: Int, _ qpdf: QPDF) -> Bool {
    guard var node = qpdf.value(qpdf.root, "Pages") else { return false }
    var offset = index
    var base = 0
    var path: Set<ObjectIdentity> = []
    for _ in 0..<Limits.maximumTreeDepth {
      if let identity = qpdf.identity(node), !path.insert(identity).inserted { return false }
      guard let kids = qpdf.entry(node, "/Kids"), qpdf_oh_is_array(qpdf.data, kids) != QPDF_FALSE else {
        return false
      }
      let kidCount = Int(qpdf_oh_get_array_n_items(qpdf.data, kids))
      let nodeCount = qpdf.entry(node, "/Count").flatMap { qpdf.integer($0) }
      if nodeCount == kidCount {
        // Every kid is a page: record them all (checked when each is read).
        guard offset < kidCount else { return false }
        for position in 0..<kidCount where base + position < pages.count {
          guard let kid = qpdf.identity(qpdf_oh_get_array_item(qpdf.data, kids, Int32(position))) else {
            return false
          }
          if pages[base + position] == nil { record(kid, at: base + position) }
        }
        return true
      }
      var next: qpdf_oh? = nil
      for position in 0..<kidCount {
        let kid = qpdf_oh_get_array_item(qpdf.data, kids, Int32(position))
        if PageTree.isPage(kid, qpdf) {
          if offset == 0 {
            guard let identity = qpdf.identity(kid) else { return false }
            record(identity, at: index)
            return true
          }
          offset -= 1
          base += 1
          continue
        }
        guard let subtree = qpdf.entry(kid, "/Count").flatMap({ qpdf.integer($0) }), subtree >= 0 else {
          return false
        }
        if offset < subtree {
          next = kid
          break
        }
        offset -= subtree
        base += subtree
      }
      guard let next else { return false }
      node = next
    }
    return false
  }

  /// Replaces the counts by a walk of the whole tree (once).
  private mutating func walkOnce(_ qpdf: QPDF) {
    guard mode == .counted, let root = qpdf.value(qpdf.root, "Pages") else {
      mode = .walked
      return
    }
    let found = PageTree.walk(qpdf, root: root)
    if found.count != pages.count {
      Log.emit(
        .warning, "pdftools",
        "the page tree holds \(found.count) pages but its /Count says \(pages.count); pages past the tree's end are missing")
    }
    pages = Array(repeating: nil, count: pages.count)
    indices.removeAll()
    indicesStale = false
    for (index, page) in found.prefix(pages.count).enumerated() { record(page, at: index) }
    mode = .walked
  }

  /// The page objects under `root` in order, each tree node visited once; pages that are not
  /// objects of their own are skipped.
  private static func walk(_ qpdf: QPDF, root: qpdf_oh) -> [ObjectIdentity] {
    var result: [ObjectIdentity] = []
    var visited: Set<ObjectIdentity> = []
    // Depth-first, in order: a stack of (node, next kid position, depth).
    var stack: [(node: qpdf_oh, position: Int32, depth: Int)] = [(root, 0, 0)]
    if let identity = qpdf.identity(root) { visited.insert(identity) }
    while let top = stack.popLast() {
      guard let kids = qpdf.entry(top.node, "/Kids"), qpdf_oh_is_array(qpdf.data, kids) != QPDF_FALSE,
        top.position < qpdf_oh_get_array_n_items(qpdf.data, kids)
      else { continue }
      stack.append((top.node, top.position + 1, top.depth))
      let kid = qpdf_oh_get_array_item(qpdf.data, kids, top.position)
      guard qpdf.isDictionary(kid) else { continue }
      if isPage(kid, qpdf) {
        if let identity = qpdf.identity(kid) { result.append(identity) }
        continue
      }
      guard top.depth + 1 < Limits.maximumTreeDepth else { continue }
      if let identity = qpdf.identity(kid), !visited.insert(identity).inserted { continue }
      stack.append((kid, 0, top.depth + 1))
    }
    return result
  }

  /// ``isPage(_:_:)`` for a dictionary read from the bytes with these /Type and /Kids values:
  /// false also where it cannot tell without qpdf (a /Type that is not a name, or /Kids
  /// present on a dictionary not typed /Page).
  static func isPlainPage(type: PDFValue?, kids: PDFValue?) -> Bool {
    switch type {
    case .name("Page")?: return true
    case nil, .name?: return kids == nil
    default: return false
    }
  }

  /// True when `object` is a page rather than a /Pages node: a dictionary typed /Page, or one
  /// without a /Kids array (as qpdf and poppler tell them apart).
  static func isPage(_ object: qpdf_oh, _ qpdf: QPDF) -> Bool {
    guard qpdf.isDictionary(object) else { return false }
    if qpdf.entry(object, "/Type").flatMap({ qpdf.name($0) }) == "Page" { return true }
    guard let kids = qpdf.entry(object, "/Kids") else { return true }
    return qpdf_oh_is_array(qpdf.data, kids) == QPDF_FALSE
  }
}
