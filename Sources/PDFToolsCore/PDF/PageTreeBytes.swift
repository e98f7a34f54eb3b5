// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// Page-tree nodes and their kids read straight from the document's unchanged bytes (see
/// ``BaseObjects``), so that finding a page costs no qpdf parse of the nodes on its path: a
/// flat tree's root of 2,000 kids costs qpdf some 12 million instructions to parse and as many
/// again to hand out its kids one call at a time.
///
/// The reads are strict, as ``BaseObjects``'s are: a node or kid that was changed, or whose
/// keys are not plainly there (a /Count or /Kids given by reference, a kid that is not a
/// reference), reads as nil and ``PageTree`` asks qpdf, which decides as before.
struct PageTreeBytes {
  /// The bytes' objects.
  let objects: BaseObjects
  /// The objects changed since those bytes: they are read through qpdf.
  let changed: Set<ObjectIdentity>

  /// What a kid of a node is, as far as finding pages goes.
  enum Kid: Equatable {
    /// A page (typed /Page, or without /Kids).
    case page
    /// A /Pages node holding `count` pages by its /Count.
    case node(count: Int)
  }

  /// The identity of the catalog's /Pages object, without qpdf resolving it; nil when it is
  /// not an indirect object. (qpdf's key test resolves the value to tell a null from an
  /// absent key; its key lookup alone does not, and gives a direct null for an absent key.)
  static func rootIdentity(_ qpdf: QPDF) -> ObjectIdentity? {
    qpdf.identity(qpdf_oh_get_key(qpdf.data, qpdf.root, "/Pages"))
  }

  /// The /Count, /Kids and whether there is a /Parent of node `identity`, when the bytes hold
  /// them plainly: a dictionary whose /Count is a non-negative integer and /Kids an array of
  /// references.
  func node(_ identity: ObjectIdentity) -> (count: Int, kids: [ObjectIdentity], hasParent: Bool)? {
    guard !changed.contains(identity), let entries = objects.entries(of: identity, ["Count", "Kids", "Parent"]),
      entries.count == 3, case .integer(let count)? = entries[0], case .array(let items)? = entries[1]
    else { return nil }
    var kids: [ObjectIdentity] = []
    kids.reserveCapacity(items.count)
    for item in items {
      guard case .reference(let kid) = item, kid.number > 0 else { return nil }
      kids.append(kid)
    }
    return (count, kids, entries[2] != nil)
  }

  /// Whether kid `identity` is a page or a node with its count, as ``PageTree/isPage(_:_:)``
  /// and the node's /Count tell them; nil when the bytes cannot tell.
  func kid(_ identity: ObjectIdentity) -> Kid? {
    guard !changed.contains(identity), let entries = objects.entries(of: identity, ["Type", "Kids", "Count"]),
      entries.count == 3
    else { return nil }
    if PageTree.isPlainPage(type: entries[0], kids: entries[1]) { return .page }
    switch entries[0] {
    case nil, .name?: break
    default: return nil
    }
    guard case .array? = entries[1], case .integer(let count)? = entries[2] else { return nil }
    return .node(count: count)
  }
}
