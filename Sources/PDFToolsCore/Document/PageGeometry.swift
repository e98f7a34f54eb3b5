// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// The page boundary boxes of PDF.
public enum PageBox: Int32, Sendable, CaseIterable {
  /// The physical medium.
  case media = 0
  /// The visible region.
  case crop = 1
  /// The production clipping region.
  case bleed = 2
  /// The finished page.
  case trim = 3
  /// The meaningful content.
  case art = 4
}

/// A page's boxes, rotation and unit, resolved through page-tree inheritance and defaults.
struct PageGeometry {
  /// The media box (US Letter when the file gives none).
  var mediaBox: Rect
  /// The crop box clipped to the media box.
  var cropBox: Rect
  /// Clockwise rotation: 0, 90, 180 or 270.
  var rotation: Int
  /// Size of one unit in 1/72 inch.
  var userUnit: Double
  /// Bleed, trim and art boxes (clipped, defaulting to the crop box), read when first asked for.
  var printBoxes: (bleed: Rect, trim: Rect, art: Rect)? = nil

  /// Display width and height: the crop box, rotated, times the user unit.
  var displaySize: (width: Double, height: Double) {
    let width = cropBox.width * userUnit
    let height = cropBox.height * userUnit
    return rotation % 180 == 0 ? (width, height) : (height, width)
  }

  /// Maps a /Rotate value to 0, 90, 180 or 270. Values that are not a multiple of 90 count as
  /// 0, as poppler, PDFium and pdf.js treat them, so that geometry matches what viewers show.
  static func normalizedRotation(_ value: Double) -> Int {
    guard value.isFinite, abs(value) < 1e15, value.rounded() == value else { return 0 }
    let degrees = Int(value)
    guard degrees % 90 == 0 else { return 0 }
    let turned = (degrees / 90) % 4
    return (turned < 0 ? turned + 4 : turned) * 90
  }
}

/// The inheritable page attributes of a page or page-tree node. Each is nil while unset, and
/// `.some(nil)` when set to something unusable (which still hides the ancestors' value).
struct InheritedAttributes {
  /// /MediaBox.
  var mediaBox: Rect??
  /// /CropBox, not yet clipped.
  var cropBox: Rect??
  /// /Rotate.
  var rotate: Double??

  /// True when all three are set, so ancestors need not be read.
  var isComplete: Bool { mediaBox != nil && cropBox != nil && rotate != nil }

  /// Takes the values this node leaves unset from `ancestor`.
  mutating func fill(from ancestor: InheritedAttributes) {
    if mediaBox == nil { mediaBox = ancestor.mediaBox }
    if cropBox == nil { cropBox = ancestor.cropBox }
    if rotate == nil { rotate = ancestor.rotate }
  }
}

extension Document {
  /// The deepest page tree the library follows when looking up inherited attributes; deeper
  /// trees (and loops through /Parent) stop the lookup there.
  static let maximumTreeDepth = Limits.maximumTreeDepth

  /// The geometry of page `index`, from the cache or read now; call under the lock.
  ///
  /// With `printBoxes`, the bleed, trim and art boxes are read too (they are rarely needed, so
  /// the common path skips them).
  func geometry(_ index: Int, printBoxes: Bool = false) throws(PDFError) -> PageGeometry {
    try checkPageIndex(index)
    if let cached = geometryCache[index], !printBoxes || cached.printBoxes != nil { return cached }
    if !printBoxes, geometryCache[index] == nil, let read = geometryFromBytes(index) {
      geometryCache[index] = read
      return read
    }
    let page = try pageObject(index)
    do {
      try qpdf.check()
    } catch {
      throw PDFError(.damaged, "cannot read page \(index): \(error.text)")
    }
    var geometry = geometryCache[index] ?? readGeometry(page, index: index)
    if printBoxes {
      let media = geometry.mediaBox
      let crop = geometry.cropBox
      let isDictionary = qpdf.isDictionary(page)
      func box(_ key: StaticString) -> Rect {
        guard isDictionary else { return crop }
        return clipped(qpdf.entry(page, key), to: media) ?? crop
      }
      geometry.printBoxes = (box("/BleedBox"), box("/TrimBox"), box("/ArtBox"))
    }
    geometryCache[index] = geometry
    return geometry
  }

  /// Reads a page's geometry from its dictionary and what its page-tree node passes down.
  func readGeometry(_ page: qpdf_oh, index: Int) -> PageGeometry {
    var unit = 1.0
    let own = attributes(of: page)
    if let value = qpdf.entry(page, "/UserUnit").flatMap({ qpdf.number($0) }) { unit = value }
    return geometry(own: own, unit: unit, parent: own.isComplete ? nil : qpdf.entry(page, "/Parent"), index: index)
  }

  /// The geometry of page `index` from its own attributes and /UserUnit and what its page-tree
  /// node `parent` passes down.
  func geometry(own: InheritedAttributes, unit: Double, parent: qpdf_oh?, index: Int) -> PageGeometry {
    var attributes = own
    if !attributes.isComplete, let parent {
      attributes.fill(from: inheritedAttributes(parent, depth: 1))
    }
    let media: Rect
    if let found = attributes.mediaBox ?? nil, !found.isEmpty {
      media = found
    } else {
      Log.emit(.warning, "pdftools", "page \(index) has no valid /MediaBox; using US Letter")
      media = Rect(0, 0, 612, 792)
    }
    return PageGeometry(
      mediaBox: media, cropBox: (attributes.cropBox ?? nil).flatMap { $0.intersection(media) } ?? media,
      rotation: PageGeometry.normalizedRotation((attributes.rotate ?? nil) ?? 0),
      userUnit: unit > 0 && unit < 75_000 ? unit : 1)
  }

  /// A node's own inheritable attributes.
  ///
  /// A key that is present but malformed counts as set (to nothing usable): it hides what an
  /// ancestor says, as the nearest value wins in PDF's inheritance.
  private func attributes(of node: qpdf_oh) -> InheritedAttributes {
    var result = InheritedAttributes()
    if let media = qpdf.entry(node, "/MediaBox") { result.mediaBox = .some(qpdf.rect(media)) }
    if let crop = qpdf.entry(node, "/CropBox") { result.cropBox = .some(qpdf.rect(crop)) }
    if let rotate = qpdf.entry(node, "/Rotate") { result.rotate = .some(qpdf.number(rotate)) }
    return result
  }

  /// What a page-tree node passes down: its own attributes over its ancestors', cached by node.
  func inheritedAttributes(_ node: qpdf_oh, depth: Int) -> InheritedAttributes {
    guard depth < Document.maximumTreeDepth else { return InheritedAttributes() }
    let identity = qpdf.identity(node)
    if let identity, let cached = inheritedCache[identity] { return cached }
    var result = attributes(of: node)
    if !result.isComplete, let parent = qpdf.entry(node, "/Parent") {
      result.fill(from: inheritedAttributes(parent, depth: depth + 1))
    }
    if let identity { inheritedCache[identity] = result }
    return result
  }

  /// A box clipped to the media box, or nil when missing, malformed or empty after clipping.
  private func clipped(_ object: qpdf_oh?, to media: Rect) -> Rect? {
    guard let object, let rect = qpdf.rect(object) else { return nil }
    return rect.intersection(media)
  }

  /// The box of the given kind of page `index`, in page space.
  public func pageBox(_ index: Int, _ kind: PageBox) throws(PDFError) -> Rect {
    try locked { () throws(PDFError) -> Rect in
      switch kind {
      case .media: return try geometry(index).mediaBox
      case .crop: return try geometry(index).cropBox
      default:
        let geometry = try geometry(index, printBoxes: true)
        guard let boxes = geometry.printBoxes else { return geometry.cropBox }
        return kind == .bleed ? boxes.bleed : kind == .trim ? boxes.trim : boxes.art
      }
    }
  }

  /// The rotation of page `index`: 0, 90, 180 or 270 degrees clockwise.
  public func pageRotation(_ index: Int) throws(PDFError) -> Int {
    try locked { () throws(PDFError) -> Int in try geometry(index).rotation }
  }

  /// The /UserUnit of page `index` (1 when absent).
  public func pageUserUnit(_ index: Int) throws(PDFError) -> Double {
    try locked { () throws(PDFError) -> Double in try geometry(index).userUnit }
  }

  /// The display size of page `index`: crop box, rotated, times the user unit.
  public func pageSize(_ index: Int) throws(PDFError) -> (width: Double, height: Double) {
    try locked { () throws(PDFError) -> (width: Double, height: Double) in
      try geometry(index).displaySize
    }
  }
}
