// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// One step of the way from the page tree's root down to a page: a /Pages node and the
/// position in its /Kids where the way goes on.
struct PageTreeStep {
  /// The /Pages node.
  let node: qpdf_oh
  /// The position in the node's /Kids.
  let position: Int
}

extension ObjectWriter {
  /// The inheritable page attributes (ISO 32000-2, 7.7.3.4).
  static let inheritableKeys = ["/MediaBox", "/CropBox", "/Rotate", "/Resources"]

  /// Inserts the page object `page` so that it becomes page `index` of the `count` pages, in
  /// the /Pages node that holds the page now at `index` (or the last page, to append): only
  /// that node, its ancestors (their /Count) and the page are recorded as changing. The page
  /// must hold every inheritable attribute it needs itself.
  func insertPage(_ page: qpdf_oh, at index: Int, count: Int) throws(PDFError) {
    guard index >= 0, index <= count else {
      throw PDFError(.internal, "page index \(index) is out of range (\(count) pages)")
    }
    var path: [PageTreeStep]
    if count == 0 {
      path = [PageTreeStep(node: try pageTreeRoot(), position: 0)]
    } else if index < count {
      path = try pathToPage(index)
    } else {
      path = try pathToPage(count - 1)
      if let last = path.popLast() { path.append(PageTreeStep(node: last.node, position: last.position + 1)) }
    }
    guard let holder = path.last, let kids = qpdf.entry(holder.node, "/Kids") else {
      throw PDFError(.damaged, "the page tree has no /Kids where page \(index) goes")
    }
    try insert(page, at: holder.position, in: kids, owner: holder.node)
    try set("/Parent", holder.node, in: page)
    try adjustCounts(along: path, by: 1)
    try keepDefaults(of: page)
  }

  /// Pins what `page` (which holds every inheritable attribute it sets) shows by default
  /// where its new ancestors would otherwise pass something down: the crop box to the media
  /// box, no rotation, no resources.
  private func keepDefaults(of page: qpdf_oh) throws(PDFError) {
    for key in Self.inheritableKeys where qpdf_oh_has_key(qpdf.data, page, key) == QPDF_FALSE {
      guard Self.inherited(key, from: qpdf.entry(page, "/Parent"), qpdf) != nil else { continue }
      switch key {
      case "/CropBox":
        guard let media = qpdf.entry(page, "/MediaBox"), let box = qpdf.rect(media) else { continue }
        try set(key, qpdf.numberArray([box.x0, box.y0, box.x1, box.y1]), in: page)
      case "/Rotate": try set(key, qpdf.makeInteger(0), in: page)
      case "/Resources": try set(key, qpdf.makeDictionary(), in: page)
      default: continue
      }
    }
  }

  /// Takes page `index` out of the page tree (the page object itself stays, unchanged, for
  /// undo and for whoever still refers to it) and returns it. Only the /Pages node that held
  /// it and its ancestors (their /Count) are recorded as changing.
  @discardableResult
  func removePage(at index: Int) throws(PDFError) -> qpdf_oh {
    let path = try pathToPage(index)
    guard let holder = path.last, let kids = qpdf.entry(holder.node, "/Kids") else {
      throw PDFError(.damaged, "page \(index) is missing from the page tree")
    }
    let page = qpdf_oh_get_array_item(qpdf.data, kids, Int32(clamping: holder.position))
    try removeItem(at: holder.position, from: kids, owner: holder.node)
    try adjustCounts(along: path, by: -1)
    return page
  }

  /// Gives `page` the inheritable attributes it lacks from its ancestors, so that it shows the
  /// same under any other parent.
  func holdInheritedAttributes(_ page: qpdf_oh) throws(PDFError) {
    for key in Self.inheritableKeys where qpdf_oh_has_key(qpdf.data, page, key) == QPDF_FALSE {
      guard let value = Self.inherited(key, from: qpdf.entry(page, "/Parent"), qpdf) else { continue }
      try set(key, value, in: page)
    }
  }

  /// The way from the root to page `index`, found through the /Count entries (as readers
  /// find pages); throws DAMAGED when they do not lead there.
  func pathToPage(_ index: Int) throws(PDFError) -> [PageTreeStep] {
    var node = try pageTreeRoot()
    var offset = index
    var path: [PageTreeStep] = []
    var seen = Set<ObjectIdentity>()
    for _ in 0..<Limits.maximumTreeDepth {
      if let identity = qpdf.identity(node), !seen.insert(identity).inserted { break }
      guard let kids = qpdf.entry(node, "/Kids"), qpdf_oh_is_array(qpdf.data, kids) != QPDF_FALSE else { break }
      let kidCount = Int(qpdf_oh_get_array_n_items(qpdf.data, kids))
      // A node that counts as many pages as it has kids holds pages only: the page is its kid.
      if qpdf.entry(node, "/Count").flatMap({ qpdf.integer($0) }) == kidCount, offset < kidCount,
        PageTree.isPage(qpdf_oh_get_array_item(qpdf.data, kids, Int32(offset)), qpdf)
      {
        path.append(PageTreeStep(node: node, position: offset))
        return path
      }
      var next: (kid: qpdf_oh, position: Int)? = nil
      for position in 0..<kidCount {
        let kid = qpdf_oh_get_array_item(qpdf.data, kids, Int32(position))
        if PageTree.isPage(kid, qpdf) {
          if offset == 0 {
            path.append(PageTreeStep(node: node, position: position))
            return path
          }
          offset -= 1
          continue
        }
        guard let size = qpdf.entry(kid, "/Count").flatMap({ qpdf.integer($0) }), size >= 0 else { break }
        if offset < size {
          next = (kid, position)
          break
        }
        offset -= size
      }
      guard let next else { break }
      path.append(PageTreeStep(node: node, position: next.position))
      node = next.kid
    }
    throw PDFError(.damaged, "the page tree's counts do not lead to page \(index)")
  }

  /// Adds `delta` to the /Count of every node on `path`.
  private func adjustCounts(along path: [PageTreeStep], by delta: Int) throws(PDFError) {
    for step in path {
      let count = qpdf.entry(step.node, "/Count").flatMap { qpdf.integer($0) } ?? 0
      try set("/Count", qpdf.makeInteger(max(0, count + delta)), in: step.node)
    }
  }

  /// Records as created the objects qpdf made between `before` and `after` (numbers it
  /// reserved) that are not null.
  func recordMade(between before: Int32, and after: Int32) {
    var number = before + 1
    while number < after {
      let made = ObjectIdentity(number: number, generation: 0)
      if qpdf_oh_is_null(qpdf.data, qpdf.object(made)) == QPDF_FALSE { recorder.objectWasCreated(made) }
      number += 1
    }
  }
}
