// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// Changes of the document outline. Each is one undo step, needs the permission to assemble
/// the document, and rewrites only the items it touches: the item, its neighbours, its parent
/// and the ancestors whose /Count changes.
extension Document {
  /// Adds an item titled `title` under `parent` (0: top level) at `index` among its children
  /// (nil: last), leading to `destination` (nil: nowhere); returns its id. An item that gets
  /// its first child is closed.
  public func addOutlineItem(
    parent: Int64, at index: Int?, title: String, destination: Destination?
  ) throws(PDFError) -> Int64 {
    try Limits.checkText(title, "the title")
    let target = try destination?.checked()
    return try editOutline("Add Bookmark") { () throws(PDFError) -> Int64 in
      let holder = parent == 0 ? try outlineRootForWriting() : try outlineItem(parent)
      try checkDepth(under: holder, height: 1)
      let siblings = outlineChildren(of: holder)
      let position = index ?? siblings.count
      guard position >= 0, position <= siblings.count else {
        throw PDFError(.outOfRange, "position \(position) is out of range (the parent has \(siblings.count) children)")
      }
      var entries = [("/Title", qpdf.makeTextString(title)), ("/Parent", holder)]
      if let target { entries.append(("/Dest", try destinationArray(target))) }
      let item = try writer.makeIndirect(qpdf.makeDictionary(entries))
      guard let identity = qpdf.identity(item) else { throw PDFError(.internal, "the new item has no number") }
      try link(item, under: holder, among: siblings, at: position)
      try recount(from: holder)
      return outlineIDs.id(identity)
    }
  }

  /// Removes item `id` with its children.
  public func removeOutlineItem(_ id: Int64) throws(PDFError) {
    try editOutline("Delete Bookmark") { () throws(PDFError) in
      let item = try outlineItem(id)
      let holder = try parentOf(item)
      try unlink(item, from: holder)
      try recount(from: holder)
    }
  }

  /// Moves item `id` (with its children) under `parent` (0: top level) to `index` among the
  /// new parent's children counted without the item (nil: last).
  public func moveOutlineItem(_ id: Int64, parent: Int64, at index: Int?) throws(PDFError) {
    try editOutline("Move Bookmark") { () throws(PDFError) in
      let item = try outlineItem(id)
      let target = parent == 0 ? try outlineRootForWriting() : try outlineItem(parent)
      if try isItem(item, atOrAbove: target) {
        throw PDFError(.invalidArgument, "an outline item cannot move under itself or one of its children")
      }
      try checkDepth(under: target, height: subtreeHeight(of: item))
      let holder = try parentOf(item)
      // A move within one parent keeps the parent's open state, also when it has one child.
      let wasOpen = (qpdf.value(holder, "Count").flatMap { qpdf.integer($0) } ?? 0) > 0
      try unlink(item, from: holder)
      try recount(from: holder)
      let siblings = outlineChildren(of: target)
      let position = index ?? siblings.count
      guard position >= 0, position <= siblings.count else {
        throw PDFError(.outOfRange, "position \(position) is out of range (the parent has \(siblings.count) other children)")
      }
      try link(item, under: target, among: siblings, at: position)
      let root = outlineRoot().flatMap { qpdf.identity($0) }
      if wasOpen, qpdf.identity(target) == qpdf.identity(holder), qpdf.identity(holder) != root,
        let above = listingParent(of: holder)
      {
        try writer.set("/Count", qpdf.makeInteger(visibleDescendants(of: holder)), in: holder)
        try recount(from: above)
      } else {
        try recount(from: target)
      }
    }
  }

  /// Gives item `id` the title `title`.
  public func setOutlineTitle(_ id: Int64, _ title: String) throws(PDFError) {
    try Limits.checkText(title, "the title")
    try editOutline("Rename Bookmark") { () throws(PDFError) in
      try writer.set("/Title", qpdf.makeTextString(title), in: try outlineItem(id))
    }
  }

  /// Makes item `id` lead to `destination` (nil: nowhere), replacing its /Dest or action.
  public func setOutlineDestination(_ id: Int64, _ destination: Destination?) throws(PDFError) {
    let target = try destination?.checked()
    try editOutline("Change Bookmark Destination") { () throws(PDFError) in
      let item = try outlineItem(id)
      try writer.remove("/A", from: item)
      if let target {
        try writer.set("/Dest", try destinationArray(target), in: item)
      } else {
        try writer.remove("/Dest", from: item)
      }
    }
  }

  /// Gives item `id` a title colour (nil: none, black) and bold and italic flags.
  public func setOutlineStyle(_ id: Int64, color: RGBColor?, bold: Bool, italic: Bool) throws(PDFError) {
    try editOutline("Change Bookmark Style") { () throws(PDFError) in
      let item = try outlineItem(id)
      if let color {
        try writer.set("/C", qpdf.numberArray([color.r, color.g, color.b]), in: item)
      } else {
        try writer.remove("/C", from: item)
      }
      let flags = (italic ? 1 : 0) | (bold ? 2 : 0)
      if flags == 0 {
        try writer.remove("/F", from: item)
      } else {
        try writer.set("/F", qpdf.makeInteger(flags), in: item)
      }
    }
  }

  /// Opens (shows the children of) or closes item `id`. An item without children has no open
  /// state: nothing changes and no undo step is made.
  public func setOutlineOpen(_ id: Int64, _ open: Bool) throws(PDFError) {
    let unchanged = try locked { () throws(PDFError) -> Bool in
      let item = try outlineItem(id)
      let count = qpdf.value(item, "Count").flatMap { qpdf.integer($0) } ?? 0
      return outlineChildren(of: item).isEmpty || (count > 0) == open
    }
    guard !unchanged else { return }
    try editOutline(open ? "Expand Bookmark" : "Collapse Bookmark") { () throws(PDFError) in
      let item = try outlineItem(id)
      let visible = visibleDescendants(of: item)
      try writer.set("/Count", qpdf.makeInteger(open ? visible : -visible), in: item)
      try recount(from: try parentOf(item))
    }
  }

  // MARK: - Structure

  /// Runs `body` as one undo step labelled `label`, under the lock, with the permission to
  /// assemble the document; a failure takes back everything it wrote.
  private func editOutline<T>(_ label: String, _ body: () throws(PDFError) -> T) throws(PDFError) -> T {
    try performStep(label) { () throws(PDFError) -> T in
      try locked { () throws(PDFError) -> T in
        try requirePermission(.assemble, "change the outline")
        let result = try body()
        try commitChange(label.lowercased(), label: label)
        return result
      }
    }
  }

  /// The object of item `id` when it is part of the outline: its parents lead to the catalog's
  /// /Outlines, each listing the one below; call under the lock.
  func outlineItem(_ id: Int64) throws(PDFError) -> qpdf_oh {
    guard let identity = outlineIDs.object(id), let root = outlineRoot(), let rootIdentity = qpdf.identity(root) else {
      throw PDFError(.notFound, "outline item \(id) does not exist")
    }
    let item = qpdf.object(identity)
    guard qpdf.isDictionary(item) else { throw PDFError(.notFound, "outline item \(id) is not in the outline") }
    var node = item
    for _ in 0...Limits.maximumTreeDepth {
      guard let parent = listingParent(of: node) else { break }
      if qpdf.identity(parent) == rootIdentity { return item }
      node = parent
    }
    throw PDFError(.notFound, "outline item \(id) is not in the outline")
  }

  /// The node that lists `item` among its children: its /Parent when that lists it, else the
  /// node the last reading of the outline found it under (writers that leave /Parent out or
  /// wrong); nil when neither lists it. Cheap when /Prev or /First leads to the item; other
  /// chains are walked. Call under the lock.
  func listingParent(of item: qpdf_oh) -> qpdf_oh? {
    guard let identity = qpdf.identity(item) else { return nil }
    var candidates: [qpdf_oh] = []
    if let parent = qpdf.value(item, "Parent") { candidates.append(parent) }
    if let lister = outlineIDs.lister(identity) { candidates.append(qpdf.object(lister)) }
    for parent in candidates where qpdf.isDictionary(parent) {
      if let previous = qpdf.value(item, "Prev"), qpdf.identity(previous) != identity,
        qpdf.value(previous, "Next").flatMap({ qpdf.identity($0) }) == identity,
        qpdf.identity(qpdf.value(previous, "Parent") ?? parent) == qpdf.identity(parent)
      {
        return parent
      }
      if qpdf.value(parent, "First").flatMap({ qpdf.identity($0) }) == identity { return parent }
      if outlineChildren(of: parent).contains(where: { qpdf.identity($0) == identity }) { return parent }
    }
    return nil
  }

  /// The parent of a listed item.
  private func parentOf(_ item: qpdf_oh) throws(PDFError) -> qpdf_oh {
    guard let parent = listingParent(of: item) else { throw PDFError(.damaged, "an outline item is not listed by its parent") }
    return parent
  }

  /// The depth of `node` below the catalog's /Outlines (0 for the root, 1 for a top-level item).
  func outlineDepth(of node: qpdf_oh) -> Int {
    let root = outlineRoot().flatMap { qpdf.identity($0) }
    var current = node
    for depth in 0...Limits.maximumTreeDepth {
      if qpdf.identity(current) == root { return depth }
      guard let parent = listingParent(of: current) else { break }
      current = parent
    }
    return Limits.maximumTreeDepth + 1
  }

  /// The levels of the subtree under `node`, itself counted (1 for an item without children).
  private func subtreeHeight(of node: qpdf_oh, depth: Int = 0) -> Int {
    guard depth <= Limits.maximumTreeDepth else { return depth }
    return 1 + outlineChildren(of: node).reduce(0) { max($0, subtreeHeight(of: $1, depth: depth + 1)) }
  }

  /// Refuses to put a subtree of `height` levels under `holder` when its deepest items would be
  /// deeper than the outline is read.
  private func checkDepth(under holder: qpdf_oh, height: Int) throws(PDFError) {
    guard outlineDepth(of: holder) + height <= Limits.maximumTreeDepth else {
      throw PDFError(.invalidArgument, "the outline would be deeper than \(Limits.maximumTreeDepth) levels")
    }
  }

  /// True when `item` is `node` or one of its ancestors.
  private func isItem(_ item: qpdf_oh, atOrAbove node: qpdf_oh) throws(PDFError) -> Bool {
    let identity = qpdf.identity(item)
    var current: qpdf_oh? = node
    for _ in 0...Limits.maximumTreeDepth {
      guard let here = current else { return false }
      if qpdf.identity(here) == identity { return true }
      current = listingParent(of: here)
    }
    return false
  }

  /// The catalog's /Outlines, made (or made an object of its own) when needed.
  private func outlineRootForWriting() throws(PDFError) -> qpdf_oh {
    if let root = outlineRoot() { return root }
    let existing = qpdf.value(qpdf.root, "Outlines").flatMap { qpdf.isDictionary($0) ? $0 : nil }
    let root = try writer.makeIndirect(existing ?? qpdf.makeDictionary([("/Type", qpdf.makeName("Outlines"))]))
    try writer.set("/Outlines", root, in: qpdf.root)
    return root
  }

  /// Links `item` into `holder`'s children `siblings` (which do not hold it) at `position`.
  private func link(_ item: qpdf_oh, under holder: qpdf_oh, among siblings: [qpdf_oh], at position: Int) throws(PDFError) {
    let previous = position > 0 ? siblings[position - 1] : nil
    let next = position < siblings.count ? siblings[position] : nil
    try writer.set("/Parent", holder, in: item)
    if let previous {
      try writer.set("/Next", item, in: previous)
      try writer.set("/Prev", previous, in: item)
    } else {
      try writer.set("/First", item, in: holder)
      try writer.remove("/Prev", from: item)
    }
    if let next {
      try writer.set("/Prev", item, in: next)
      try writer.set("/Next", next, in: item)
    } else {
      try writer.set("/Last", item, in: holder)
      try writer.remove("/Next", from: item)
    }
  }

  /// Takes `item` out of `holder`'s children; it keeps its own children but no /Parent, /Prev
  /// or /Next.
  private func unlink(_ item: qpdf_oh, from holder: qpdf_oh) throws(PDFError) {
    let identity = qpdf.identity(item)
    let siblings = outlineChildren(of: holder)
    guard let position = siblings.firstIndex(where: { qpdf.identity($0) == identity }) else {
      throw PDFError(.damaged, "an outline item is not among its parent's children")
    }
    let previous = position > 0 ? siblings[position - 1] : nil
    let next = position + 1 < siblings.count ? siblings[position + 1] : nil
    if let previous {
      if let next { try writer.set("/Next", next, in: previous) } else { try writer.remove("/Next", from: previous) }
    } else if let next {
      try writer.set("/First", next, in: holder)
    } else {
      try writer.remove("/First", from: holder)
    }
    if let next {
      if let previous { try writer.set("/Prev", previous, in: next) } else { try writer.remove("/Prev", from: next) }
    } else if let previous {
      try writer.set("/Last", previous, in: holder)
    } else {
      try writer.remove("/Last", from: holder)
    }
    for key in ["/Parent", "/Prev", "/Next"] { try writer.remove(key, from: item) }
  }

  /// The items shown under `node` when it is open: each child, plus the shown items of the
  /// children that are open.
  private func visibleDescendants(of node: qpdf_oh) -> Int {
    // A count from the file is trusted only as far as the outline can be read.
    outlineChildren(of: node).reduce(0) { total, child in
      let count = qpdf.value(child, "Count").flatMap { qpdf.integer($0) } ?? 0
      return min(total + 1 + min(max(count, 0), Document.maximumOutlineItems), Int(Int32.max))
    }
  }

  /// Sets the /Count of `node` and of its ancestors from their children, up to the root or
  /// the first node whose count does not change. A closed item keeps a negative count; an
  /// item that gets its first child is closed; an item without children has no /Count.
  private func recount(from node: qpdf_oh) throws(PDFError) {
    let root = outlineRoot().flatMap { qpdf.identity($0) }
    var current: qpdf_oh? = node
    for _ in 0...Limits.maximumTreeDepth {
      guard let here = current else { return }
      let visible = visibleDescendants(of: here)
      let old = qpdf.value(here, "Count").flatMap { qpdf.integer($0) }
      let isRoot = qpdf.identity(here) == root
      let value: Int? = visible == 0 ? (isRoot ? 0 : nil) : (isRoot || (old ?? 0) > 0 ? visible : -visible)
      guard value != old else { return }
      if let value {
        try writer.set("/Count", qpdf.makeInteger(value), in: here)
      } else {
        try writer.remove("/Count", from: here)
      }
      if isRoot { return }
      current = listingParent(of: here)
    }
  }
}
