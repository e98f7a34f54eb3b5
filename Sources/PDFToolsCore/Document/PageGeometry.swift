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
  /// Bleed, trim and art boxes clipped to the media box, defaulting to the crop box.
  var bleedBox: Rect, trimBox: Rect, artBox: Rect
  /// Clockwise rotation: 0, 90, 180 or 270.
  var rotation: Int
  /// Size of one unit in 1/72 inch.
  var userUnit: Double

  /// The box of the given kind.
  func box(_ kind: PageBox) -> Rect {
    switch kind {
    case .media: return mediaBox
    case .crop: return cropBox
    case .bleed: return bleedBox
    case .trim: return trimBox
    case .art: return artBox
    }
  }

  /// Display width and height: the crop box, rotated, times the user unit.
  var displaySize: (width: Double, height: Double) {
    let width = cropBox.width * userUnit
    let height = cropBox.height * userUnit
    return rotation % 180 == 0 ? (width, height) : (height, width)
  }

  /// Maps any /Rotate value to 0, 90, 180 or 270, rounding to the nearest quarter turn.
  static func normalizedRotation(_ value: Double) -> Int {
    guard value.isFinite else { return 0 }
    let quarters = (value / 90).rounded()
    let turned = quarters.truncatingRemainder(dividingBy: 4)
    let positive = turned < 0 ? turned + 4 : turned
    return Int(positive) * 90
  }
}

extension Document {
  /// The deepest page tree the library follows when looking up inherited attributes.
  static let maximumTreeDepth = 64

  /// The geometry of page `index`, from the cache or read now; call under the lock.
  func geometry(_ index: Int) throws(PDFError) -> PageGeometry {
    try checkPageIndex(index)
    if let cached = geometryCache[index] { return cached }
    let page = qpdf_get_page_n(qpdf.data, index)
    do {
      try qpdf.check()
    } catch {
      throw PDFError(.damaged, "cannot read page \(index): \(error.text)")
    }
    let geometry = readGeometry(page, index: index)
    geometryCache[index] = geometry
    return geometry
  }

  /// Reads a page's geometry from its dictionary and its ancestors.
  private func readGeometry(_ page: qpdf_oh, index: Int) -> PageGeometry {
    let media: Rect
    if let found = inherited(page, "MediaBox").flatMap({ qpdf.rect($0) }), !found.isEmpty {
      media = found
    } else {
      Log.emit(.warning, "pdftools", "page \(index) has no valid /MediaBox; using US Letter")
      media = Rect(0, 0, 612, 792)
    }
    let crop = clipped(inherited(page, "CropBox"), to: media) ?? media
    let rotation = inherited(page, "Rotate").flatMap { qpdf.number($0) } ?? 0
    var unit = qpdf.value(page, "UserUnit").flatMap { qpdf.number($0) } ?? 1
    if !(unit > 0 && unit < 75_000) { unit = 1 }
    return PageGeometry(
      mediaBox: media, cropBox: crop,
      bleedBox: clipped(qpdf.value(page, "BleedBox"), to: media) ?? crop,
      trimBox: clipped(qpdf.value(page, "TrimBox"), to: media) ?? crop,
      artBox: clipped(qpdf.value(page, "ArtBox"), to: media) ?? crop,
      rotation: PageGeometry.normalizedRotation(rotation), userUnit: unit)
  }

  /// A box clipped to the media box, or nil when missing, malformed or empty after clipping.
  private func clipped(_ object: qpdf_oh?, to media: Rect) -> Rect? {
    guard let object, let rect = qpdf.rect(object) else { return nil }
    return rect.intersection(media)
  }

  /// The value of an inheritable page attribute: on the page or on its nearest ancestor.
  func inherited(_ page: qpdf_oh, _ key: String) -> qpdf_oh? {
    var node = page
    var seen = Set<ObjectIdentity>()
    for _ in 0..<Document.maximumTreeDepth {
      if let found = qpdf.value(node, key) { return found }
      if let identity = qpdf.identity(node), !seen.insert(identity).inserted { return nil }
      guard let parent = qpdf.value(node, "Parent") else { return nil }
      node = parent
    }
    return nil
  }

  /// The box of the given kind of page `index`, in page space.
  public func pageBox(_ index: Int, _ kind: PageBox) throws(PDFError) -> Rect {
    try locked { () throws(PDFError) -> Rect in try geometry(index).box(kind) }
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
