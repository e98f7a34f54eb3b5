/// Bounds on values that come from files and callers. Anything beyond them is refused with a
/// clear error (or, for files, read in a safe form) instead of costing unbounded time or
/// memory. `pdftools.h` documents the ones callers meet.
enum Limits {
  /// The deepest page tree (or field tree) followed; deeper trees are damaged or hostile.
  static let maximumTreeDepth = 64
  /// A document's /Size may exceed a quarter of its bytes by this much before the document is
  /// read from a rewrite with compact object numbers.
  static let sparseObjectNumbers = 4096
}
