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
    guard !wasRepaired, let identity = pageTree.page(index, qpdf), !changedObjects.contains(identity),
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
    var parent: qpdf_oh? = nil
    switch parentNode {
    case nil: break
    case .reference(let node)? where node.number > 0: parent = qpdf.object(node)
    default: return nil
    }
    return geometry(own: own, unit: unit, parent: parent, index: index)
  }

  /// The keys of a page dictionary its geometry is read from.
  private static let geometryKeys: [StaticString] = ["Type", "Kids", "MediaBox", "CropBox", "Rotate", "UserUnit", "Parent"]

  /// The geometry of page `index` read through qpdf alone (for checking the reads from bytes
  /// against); call under the lock.
  func geometryThroughQPDF(_ index: Int) throws(PDFError) -> PageGeometry {
    try readGeometry(pageObject(index), index: index)
  }
}
