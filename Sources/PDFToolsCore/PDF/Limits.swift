// SPDX-License-Identifier: GPL-3.0-or-later
/// Bounds on values that come from files and callers. Anything beyond them is refused with a
/// clear error (or, for files, read in a safe form) instead of costing unbounded time or
/// memory. `pdftools.h` documents the ones callers meet (its section "Limits").
public enum Limits {
  /// The deepest page tree (or field tree) followed; deeper trees are damaged or hostile.
  static let maximumTreeDepth = 64
  /// A document's /Size may exceed a quarter of its bytes by this much before the document is
  /// read from a rewrite with compact object numbers.
  static let sparseObjectNumbers = 4096

  /// The largest coordinate magnitude a caller may give, in page space units (pages are at
  /// most 14,400 units a side; this leaves room for annotations far off the page).
  static let maximumCoordinate = 1_000_000.0
  /// The most quadrilaterals of a text markup or link.
  static let maximumQuads = 10_000
  /// The most points of one ink annotation (all strokes), polygon or polyline.
  public static let maximumPoints = 1_000_000
  /// The most ink strokes.
  static let maximumStrokes = 10_000
  /// The longest text value (contents, author, subject, rich text, metadata), in UTF-8 bytes.
  static let maximumTextBytes = 1 << 20
  /// The longest raw PDF syntax a caller may set, in bytes.
  static let maximumSyntaxBytes = 1 << 20
  /// The largest embedded file, in bytes.
  static let maximumAttachmentBytes = 512 << 20

  /// True when `value` is finite and within ``maximumCoordinate``.
  static func isCoordinate(_ value: Double) -> Bool { value.isFinite && abs(value) <= maximumCoordinate }

  /// True when both coordinates of `point` are.
  static func isCoordinate(_ point: Point) -> Bool { isCoordinate(point.x) && isCoordinate(point.y) }

  /// Throws `.invalidArgument` unless every point of `points` is within the coordinate limit.
  static func checkCoordinates(_ points: [Point], _ what: String) throws(PDFError) {
    guard points.allSatisfy(isCoordinate) else {
      throw PDFError(
        .invalidArgument, "\(what) must be finite numbers of magnitude at most \(Int(maximumCoordinate))")
    }
  }

  /// Throws `.invalidArgument` when `text` is longer than ``maximumTextBytes``.
  static func checkText(_ text: String, _ what: String) throws(PDFError) {
    guard text.utf8.count <= maximumTextBytes else {
      throw PDFError(.invalidArgument, "\(what) is longer than \(maximumTextBytes) bytes")
    }
  }
}
