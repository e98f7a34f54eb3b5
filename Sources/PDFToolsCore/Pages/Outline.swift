// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// The most outline items read or walked.
  static let maximumOutlineItems = 100_000

  /// The document outline, depth first: each item followed by its children. Items are read
  /// within ``Limits/maximumTreeDepth`` levels and ``maximumOutlineItems`` items; a chain that
  /// loops, or leads to an item already listed or to something that is not an item object,
  /// ends there.
  public func outline() throws(PDFError) -> [OutlineItem] {
    try locked { () throws(PDFError) -> [OutlineItem] in
      guard let root = outlineRoot() else { return [] }
      var result: [OutlineItem] = []
      var names: NamedDestinations? = nil
      var seen = Set<ObjectIdentity>()
      readOutline(of: root, parent: 0, depth: 0, into: &result, names: &names, seen: &seen)
      return result
    }
  }

  /// The title of item `id`.
  public func outlineTitle(_ id: Int64) throws(PDFError) -> String {
    try locked { () throws(PDFError) -> String in
      qpdf.value(try outlineItem(id), "Title").flatMap { qpdf.text($0) } ?? ""
    }
  }

  /// Item `id` as ``outline()`` lists it, read on its own: costs its depth and its number of
  /// children, not the outline's size.
  public func outlineItemInfo(_ id: Int64) throws(PDFError) -> OutlineItem {
    try locked { () throws(PDFError) -> OutlineItem in
      let item = try outlineItem(id)
      let rootIdentity = outlineRoot().flatMap { qpdf.identity($0) }
      let parent = listingParent(of: item).flatMap { qpdf.identity($0) }
      let parentID = parent == nil || parent == rootIdentity ? 0 : parent.map { outlineIDs.id($0) } ?? 0
      let flags = qpdf.value(item, "F").flatMap { qpdf.integer($0) } ?? 0
      let count = qpdf.value(item, "Count").flatMap { qpdf.integer($0) } ?? 0
      let children = outlineChildren(of: item).count
      var names: NamedDestinations? = nil
      return OutlineItem(
        id: id, parent: parentID, depth: max(0, outlineDepth(of: item) - 1),
        title: qpdf.value(item, "Title").flatMap { qpdf.text($0) } ?? "", target: outlineTarget(item, names: &names),
        color: outlineColor(item), bold: flags & 2 != 0, italic: flags & 1 != 0, isOpen: children > 0 && count > 0,
        childCount: children)
    }
  }

  /// Where item `id` leads.
  public func outlineTarget(_ id: Int64) throws(PDFError) -> OutlineTarget {
    try locked { () throws(PDFError) -> OutlineTarget in
      var names: NamedDestinations? = nil
      return outlineTarget(try outlineItem(id), names: &names)
    }
  }

  /// Appends the items under `node` (and theirs) to `result`.
  private func readOutline(
    of node: qpdf_oh, parent: Int64, depth: Int, into result: inout [OutlineItem],
    names: inout NamedDestinations?, seen: inout Set<ObjectIdentity>
  ) {
    guard depth < Limits.maximumTreeDepth else { return }
    for item in outlineChildren(of: node, seen: &seen) {
      guard result.count < Document.maximumOutlineItems, let identity = qpdf.identity(item) else { return }
      let flags = qpdf.value(item, "F").flatMap { qpdf.integer($0) } ?? 0
      let count = qpdf.value(item, "Count").flatMap { qpdf.integer($0) } ?? 0
      let position = result.count
      let id = outlineIDs.id(identity)
      if let lister = qpdf.identity(node) { outlineIDs.listed(identity, under: lister) }
      result.append(
        OutlineItem(
          id: id, parent: parent, depth: depth, title: qpdf.value(item, "Title").flatMap { qpdf.text($0) } ?? "",
          target: outlineTarget(item, names: &names), color: outlineColor(item), bold: flags & 2 != 0,
          italic: flags & 1 != 0, isOpen: false, childCount: 0))
      let before = result.count
      readOutline(of: item, parent: id, depth: depth + 1, into: &result, names: &names, seen: &seen)
      let children = result[before...].filter { $0.parent == id }.count
      result[position].childCount = children
      result[position].isOpen = children > 0 && count > 0
    }
  }

  /// Where an item leads; call under the lock.
  private func outlineTarget(_ item: qpdf_oh, names: inout NamedDestinations?) -> OutlineTarget {
    if let destination = qpdf.value(item, "Dest") {
      return self.destination(destination, names: &names).map { .destination($0) } ?? .none
    }
    guard let action = qpdf.value(item, "A"), let kind = qpdf.value(action, "S").flatMap({ qpdf.name($0) }) else {
      return .none
    }
    switch kind {
    case "GoTo":
      guard let destination = qpdf.value(action, "D") else { return .none }
      return self.destination(destination, names: &names).map { .destination($0) } ?? .none
    case "URI":
      return qpdf.value(action, "URI").flatMap { qpdf.text($0) }.map { .uri($0) } ?? .action(kind)
    default:
      return .action(kind)
    }
  }

  /// /C as a colour (three numbers), or nil.
  private func outlineColor(_ item: qpdf_oh) -> RGBColor? {
    guard let parts = qpdf.value(item, "C").flatMap({ qpdf.items($0) })?.compactMap({ qpdf.number($0) }),
      parts.count == 3
    else { return nil }
    return RGBColor(parts[0], parts[1], parts[2])
  }

  /// The catalog's /Outlines dictionary when it is an object of its own; call under the lock.
  func outlineRoot() -> qpdf_oh? {
    guard let root = qpdf.value(qpdf.root, "Outlines"), qpdf.isDictionary(root), qpdf.identity(root) != nil else {
      return nil
    }
    return root
  }

  /// The children of `node` in order, through /First and /Next: item dictionaries that are
  /// objects of their own, each once (an item met again ends the chain); call under the lock.
  func outlineChildren(of node: qpdf_oh, seen: inout Set<ObjectIdentity>) -> [qpdf_oh] {
    var result: [qpdf_oh] = []
    var current = qpdf.value(node, "First")
    while let item = current, result.count < Document.maximumOutlineItems {
      guard qpdf.isDictionary(item), let identity = qpdf.identity(item), seen.insert(identity).inserted else { break }
      result.append(item)
      current = qpdf.value(item, "Next")
    }
    return result
  }

  /// The children of `node` (see ``outlineChildren(of:seen:)``) on their own.
  func outlineChildren(of node: qpdf_oh) -> [qpdf_oh] {
    var seen = Set<ObjectIdentity>()
    return outlineChildren(of: node, seen: &seen)
  }
}
