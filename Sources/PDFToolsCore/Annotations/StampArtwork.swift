// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// Artwork of a Stamp that another program drew: the library keeps it, since it cannot draw
/// it again. A move or resize keeps it as it is (viewers fit an appearance to /Rect), an
/// opacity change wraps it in a form that sets the opacity, and a change of colour, border or
/// cloudiness is refused. Choosing a standard stamp name, or an image, replaces it.
extension Document {
  /// The key of the wrapping form that names the artwork it draws.
  static let stampArtworkKey: StaticString = "/PDFToolsArtwork"
  /// The key (true) of the stamp appearances the library draws, so that it knows them as its
  /// own in a file it reads again.
  static let drawnStampKey: StaticString = "/PDFToolsDrawn"

  /// The artwork of a Stamp annotation that the library did not draw: the normal appearance
  /// stream (or the one the library's opacity wrapper draws); nil for other annotations, for
  /// stamps without an appearance and for stamps whose look the library makes (a standard
  /// name it drew, or an image given to it). Call under the lock.
  func foreignStampArtwork(_ object: qpdf_oh) -> qpdf_oh? {
    guard qpdf.entry(object, "/Subtype").flatMap({ qpdf.name($0) }) == "Stamp",
      qpdf.entry(object, Document.stampImageKey) == nil,
      // A new name or image waiting to be drawn replaces the artwork.
      qpdf.identity(object).map({ pendingAppearances[$0] == nil }) ?? true,
      let appearance = qpdf.entry(object, "/AP"), let normal = qpdf.entry(appearance, "/N"),
      qpdf_oh_is_stream(qpdf.data, normal) != QPDF_FALSE
    else { return nil }
    let dictionary = qpdf_oh_get_dict(qpdf.data, normal)
    if let inner = qpdf.entry(dictionary, Document.stampArtworkKey), qpdf_oh_is_stream(qpdf.data, inner) != QPDF_FALSE {
      return inner
    }
    if let identity = qpdf.identity(normal), let owner = qpdf.identity(object), ownAppearanceStreams[identity] == owner {
      return nil
    }
    if let drawn = qpdf.entry(dictionary, Document.drawnStampKey), qpdf_oh_is_bool(qpdf.data, drawn) != QPDF_FALSE,
      qpdf_oh_get_bool_value(qpdf.data, drawn) != QPDF_FALSE
    {
      return nil
    }
    return normal
  }

  /// Refuses the changes of stamp `id`, whose artwork another program drew, that would need
  /// the artwork drawn again.
  static func refuseRedrawingArtwork(_ id: Int64, _ changes: [AnnotationChange]) throws(PDFError) {
    for change in changes {
      switch change {
      case .color, .interiorColor, .border, .cloudy:
        throw PDFError(
          .unsupported,
          "annotation \(id) is a stamp whose artwork another program drew; its \(change.property.lowercased()) "
            + "cannot be changed without losing the artwork (its position, size and opacity can; a stamp name "
            + "or an image replaces the artwork)")
      default: continue
      }
    }
  }

  /// Shows the stamp's artwork at `opacity` (1: the artwork itself, unwrapped); call under the
  /// lock, after ``foreignStampArtwork(_:)`` gave `artwork`.
  func showArtwork(_ artwork: qpdf_oh, of object: qpdf_oh, opacity: Double) throws(PDFError) {
    let write = writer
    // Only the normal appearance changes: /D and /R, if any, stay.
    func showNormal(_ stream: qpdf_oh) throws(PDFError) {
      if let appearances = qpdf.entry(object, "/AP"), qpdf.isDictionary(appearances) {
        try write.set("/N", stream, in: appearances, owner: qpdf.identity(appearances) == nil ? object : nil)
      } else {
        try write.set("/AP", qpdf.makeDictionary([("/N", stream)]), in: object)
      }
    }
    guard opacity < 1 else {
      try showNormal(artwork)
      return
    }
    let dictionary = qpdf_oh_get_dict(qpdf.data, artwork)
    let box = qpdf.entry(dictionary, "/BBox").flatMap { qpdf.rect($0) } ?? Rect(0, 0, 0, 0)
    var matrix = AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)
    if let values = qpdf.entry(dictionary, "/Matrix").flatMap({ qpdf.items($0) })?.compactMap({ qpdf.number($0) }),
      values.count == 6
    {
      matrix = AffineTransform(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
    }
    // The wrapper draws the artwork with the artwork's own matrix; its box is where that lands.
    var extent = Extent()
    for corner in [Point(box.x0, box.y0), Point(box.x1, box.y0), Point(box.x0, box.y1), Point(box.x1, box.y1)] {
      extent.include(matrix.apply(corner))
    }
    let bounds = extent.rect ?? Rect(0, 0, 0, 0)
    let state = qpdf.makeDictionary([
      ("/Type", qpdf.makeName("ExtGState")), ("/CA", qpdf.makeReal(opacity)), ("/ca", qpdf.makeReal(opacity)),
    ])
    let resources = qpdf.makeDictionary([
      ("/ExtGState", qpdf.makeDictionary([("/GS0", state)])), ("/XObject", qpdf.makeDictionary([("/Art", artwork)])),
    ])
    let stream = try write.makeStream(
      Array("q /GS0 gs /Art Do Q".utf8),
      dictionary: [
        ("/Type", qpdf.makeName("XObject")), ("/Subtype", qpdf.makeName("Form")),
        ("/BBox", qpdf.numberArray([bounds.x0, bounds.y0, bounds.x1, bounds.y1])), ("/Resources", resources),
        ("\(Document.stampArtworkKey)", artwork),
      ])
    try showNormal(stream)
  }
}

extension AnnotationChange {
  /// True for the changes that choose a stamp's artwork anew (a standard stamp name).
  var choosesStampArtwork: Bool {
    if case .icon = self { return true }
    return false
  }
}
