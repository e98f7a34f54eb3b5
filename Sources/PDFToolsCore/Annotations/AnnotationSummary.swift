// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// What a viewer's annotation list shows of one annotation, read in one pass.
public struct AnnotationSummary: Sendable, Equatable {
  /// The annotation's id.
  public let id: Int64
  /// The raw /Subtype name ("" when missing).
  public let subtype: String
  /// /Rect in page space (an empty rect at 0,0 when missing or malformed).
  public let rect: Rect
  /// /F.
  public let flags: UInt32
  /// /C as RGB; nil when absent or empty (transparent).
  public let color: RGBColor?
  /// /CA (1 when absent).
  public let opacity: Double
  /// The length of /Contents in UTF-8 bytes (0 when absent).
  public let contentsLength: Int
  /// The id of the annotation /IRT names, or nil.
  public let inReplyTo: Int64?
}

extension Document {
  /// Every annotation of page `index` in z-order, with the properties a list shows, in one
  /// call (the page is listed once per change).
  public func annotationSummaries(onPage index: Int) throws(PDFError) -> [AnnotationSummary] {
    try locked { () throws(PDFError) -> [AnnotationSummary] in
      try checkPageIndex(index)
      guard let listing = try listing(ofPage: index) else { return [] }
      return zip(listing.objects, listing.ids).map { identity, id in
        summaryFromBytes(identity, id: id) ?? summaryThroughQPDF(identity, id: id)
      }
    }
  }

  /// The summary of annotation `identity` (with `id`) read through qpdf; call under the lock.
  func summaryThroughQPDF(_ identity: ObjectIdentity, id: Int64) -> AnnotationSummary {
    let object = qpdf.object(identity)
    let opacity = qpdf.entry(object, "/CA").flatMap { qpdf.number($0) } ?? 1
    let reply = qpdf.entry(object, "/IRT").flatMap { qpdf.identity($0) }.flatMap { annotationIndex.ids[$0] }
    return AnnotationSummary(
      id: id, subtype: qpdf.entry(object, "/Subtype").flatMap { qpdf.name($0) } ?? "",
      rect: qpdf.entry(object, "/Rect").flatMap { qpdf.rect($0) } ?? Rect(0, 0, 0, 0),
      flags: UInt32(clamping: max(0, qpdf.entry(object, "/F").flatMap { qpdf.integer($0) } ?? 0)),
      color: qpdf.color(qpdf.entry(object, "/C")), opacity: opacity.isFinite ? opacity : 1,
      contentsLength: qpdf.entry(object, "/Contents").flatMap { qpdf.text($0) }?.utf8.count ?? 0,
      inReplyTo: reply)
  }
}
