// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// The geometry of page `index` read from the bytes views start from (``BaseObjects``),
  /// without qpdf parsing the page; call under the lock.
  ///
  /// Nil, so that the caller asks qpdf, when the page changed since those bytes, the file was
  /// repaired on opening (qpdf's objects may then not be the file's), or the page dictionary
  /// is not read plainly: in an object stream, malformed, repeating a key, or holding any of
  /// the keys read here in a form other than the plain one (a reference, a box that is not
  /// four numbers). Pages typed otherwise than /Page are left to qpdf as well, which checks
  /// what the page tree's counts led to.
  func geometryFromBytes(_ index: Int) -> PageGeometry? {
    guard !wasRepaired, let identity = pageTree.page(index, qpdf, bytes: pageTreeBytes), !changedObjects.contains(identity),
      let entries = (try? viewBase())?.entries(of: identity, Document.geometryKeys), entries.count == 7
    else { return nil }
    let (type, kids, mediaBox, cropBox, rotate, userUnit, parentNode) =
      (entries[0], entries[1], entries[2], entries[3], entries[4], entries[5], entries[6])
    guard PageTree.isPlainPage(type: type, kids: kids) else { return nil }
    var own = InheritedAttributes()
    if let mediaBox {
      guard let box = mediaBox.rect else { return nil }
      own.mediaBox = .some(box)
    }
    if let cropBox {
      guard let box = cropBox.rect else { return nil }
      own.cropBox = .some(box)
    }
    if let rotate {
      guard let degrees = rotate.number else { return nil }
      own.rotate = .some(degrees)
    }
    var unit = 1.0
    if let userUnit {
      guard let number = userUnit.number else { return nil }
      unit = number
    }
    var parent: ObjectIdentity? = nil
    switch parentNode {
    case nil: break
    case .reference(let node)? where node.number > 0: parent = node
    default: return nil
    }
    if !own.isComplete, let parent { own.fill(from: inheritedAttributesFromBytes(parent, depth: 1)) }
    return geometry(own: own, unit: unit, parent: nil, index: index)
  }

  /// What page-tree node `identity` passes down, as ``inheritedAttributes(_:depth:)`` finds
  /// it, read from the bytes while the node and its ancestors are unchanged and plain (boxes
  /// of four numbers, a number for /Rotate, a reference for /Parent), else through qpdf;
  /// cached by node alike.
  private func inheritedAttributesFromBytes(_ identity: ObjectIdentity, depth: Int) -> InheritedAttributes {
    guard depth < Document.maximumTreeDepth else { return InheritedAttributes() }
    if let cached = inheritedCache[identity] { return cached }
    guard let result = plainAttributes(identity, depth: depth) else {
      return inheritedAttributes(qpdf.object(identity), depth: depth)
    }
    inheritedCache[identity] = result
    return result
  }

  /// The attributes node `identity` passes down when the bytes hold it plainly, or nil.
  private func plainAttributes(_ identity: ObjectIdentity, depth: Int) -> InheritedAttributes? {
    guard !changedObjects.contains(identity),
      let entries = (try? viewBase())?.entries(of: identity, Document.inheritedKeys), entries.count == 4
    else { return nil }
    var result = InheritedAttributes()
    if let media = entries[0] {
      guard let box = media.rect else { return nil }
      result.mediaBox = .some(box)
    }
    if let crop = entries[1] {
      guard let box = crop.rect else { return nil }
      result.cropBox = .some(box)
    }
    if let rotate = entries[2] {
      guard let degrees = rotate.number else { return nil }
      result.rotate = .some(degrees)
    }
    if !result.isComplete, let parent = entries[3] {
      guard case .reference(let node) = parent, node.number > 0 else { return nil }
      result.fill(from: inheritedAttributesFromBytes(node, depth: depth + 1))
    }
    return result
  }

  /// The keys a page-tree node passes down, and its parent.
  private static let inheritedKeys: [StaticString] = ["MediaBox", "CropBox", "Rotate", "Parent"]

  /// The keys of a page dictionary its geometry is read from.
  private static let geometryKeys: [StaticString] = ["Type", "Kids", "MediaBox", "CropBox", "Rotate", "UserUnit", "Parent"]

  /// The geometry of page `index` read through qpdf alone (for checking the reads from bytes
  /// against); call under the lock.
  func geometryThroughQPDF(_ index: Int) throws(PDFError) -> PageGeometry {
    // What the nodes pass down is read again through qpdf, not taken from the shared cache.
    inheritedCache.removeAll()
    defer { inheritedCache.removeAll() }
    return try readGeometry(pageObject(index), index: index)
  }
}
