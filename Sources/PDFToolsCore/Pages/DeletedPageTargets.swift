// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// Removes the destinations of outline items that lead to one of `pages` (deleted); call
  /// under the lock.
  func dropOutlineDestinations(leadingTo pages: Set<ObjectIdentity>) throws(PDFError) {
    guard !pages.isEmpty, let root = outlineRoot() else { return }
    var seen = Set<ObjectIdentity>()
    var pending: [(node: qpdf_oh, depth: Int)] = [(root, 0)]
    while let (node, depth) = pending.popLast() {
      for item in outlineChildren(of: node, seen: &seen) {
        if let key = targetKey(of: item), let page = targetPage(of: item, key), pages.contains(page) {
          try writer.remove(key, from: item)
        }
        if depth + 1 < Limits.maximumTreeDepth { pending.append((item, depth + 1)) }
      }
    }
  }

  /// Removes the named destinations (the catalog's /Dests dictionary and the /Dests name tree)
  /// that lead to one of `pages` (deleted), so that a name leads to a page or to nothing;
  /// call under the lock.
  func dropNamedDestinations(leadingTo pages: Set<ObjectIdentity>) throws(PDFError) {
    guard !pages.isEmpty else { return }
    if let dests = qpdf.value(qpdf.root, "Dests"), qpdf.isDictionary(dests) {
      let owner = qpdf.identity(dests) != nil ? dests : qpdf.root
      for key in qpdf.keys(dests) {
        guard let value = qpdf.value(dests, key), leads(value, to: pages) else { continue }
        try writer.remove("/" + key, from: dests, owner: owner)
      }
    }
    guard let names = qpdf.value(qpdf.root, "Names"), qpdf.isDictionary(names), let tree = qpdf.value(names, "Dests")
    else { return }
    let namesOwner = qpdf.identity(names) != nil ? names : qpdf.root
    var seen = Set<ObjectIdentity>()
    var pending: [(node: qpdf_oh, owner: qpdf_oh, depth: Int)] = [(tree, qpdf.identity(tree) != nil ? tree : namesOwner, 0)]
    while let (node, owner, depth) = pending.popLast() {
      guard depth < Limits.maximumTreeDepth, qpdf.isDictionary(node) else { continue }
      if let identity = qpdf.identity(node), !seen.insert(identity).inserted { continue }
      if let pairs = qpdf.entry(node, "/Names").flatMap({ qpdf.items($0) }) {
        var kept: [qpdf_oh] = []
        var index = 0
        while index + 1 < pairs.count {
          if !leads(pairs[index + 1], to: pages) { kept += [pairs[index], pairs[index + 1]] }
          index += 2
        }
        if kept.count + (pairs.count % 2) < pairs.count {
          try writer.set("/Names", qpdf.makeArray(kept), in: node, owner: owner)
          // An emptied leaf keeps its /Limits (a kid needs them; no name is found in it).
          if qpdf.entry(node, "/Limits") != nil, let first = kept.first, kept.count >= 2 {
            try writer.set("/Limits", qpdf.makeArray([first, kept[kept.count - 2]]), in: node, owner: owner)
          }
        }
      }
      for kid in qpdf.entry(node, "/Kids").flatMap({ qpdf.items($0) }) ?? [] {
        pending.append((kid, qpdf.identity(kid) != nil ? kid : owner, depth + 1))
      }
    }
  }

  /// True when the destination `value` (an array, or a dictionary with /D) leads to one of
  /// `pages`.
  private func leads(_ value: qpdf_oh, to pages: Set<ObjectIdentity>) -> Bool {
    let array = qpdf.isDictionary(value) ? qpdf.entry(value, "/D") : value
    guard let first = array.flatMap({ qpdf.items($0)?.first }), let page = qpdf.identity(first) else { return false }
    return pages.contains(page)
  }
}
