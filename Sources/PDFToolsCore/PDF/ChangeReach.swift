// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// What a change to an object can alter in what a page shows.
///
/// A page's content (its content streams, resources and boxes) never refers to annotation
/// dictionaries, to a page's /Annots array or to objects made since it was last shown: a
/// change to those alters only the annotations drawn over the content, so a view may keep
/// the content and draw the page's annotations apart.
enum ChangeReach {
  /// Only the annotations drawn over page content, if anything shown at all.
  case annotations
  /// Anything, page content included.
  case anything

  /// The reach of setting or removing `key` (with its leading slash) in a dictionary that
  /// lives in `owner`, an indirect object of `qpdf`.
  static func ofEntry(_ key: String, in owner: qpdf_oh, _ qpdf: QPDF) -> ChangeReach {
    if key == "/Annots" || isAnnotation(owner, qpdf) || isInformation(owner, qpdf) { return .annotations }
    return .anything
  }

  /// True when `object` is the document information dictionary, which no page shows.
  private static func isInformation(_ object: qpdf_oh, _ qpdf: QPDF) -> Bool {
    guard let info = qpdf.entry(qpdf.trailer, "/Info"), let identity = qpdf.identity(info) else { return false }
    return qpdf.identity(object) == identity
  }

  /// The reach of changing the items of an array by adding, replacing or removing `item`:
  /// arrays hold items of one kind, so an annotation (an /Annots array) changes only
  /// annotations.
  static func ofItem(_ item: qpdf_oh, _ qpdf: QPDF) -> ChangeReach {
    isAnnotation(item, qpdf) ? .annotations : .anything
  }

  /// True when `object` is an annotation dictionary: a dictionary (not a stream's) with a
  /// /Subtype and a /Rect (few qpdf calls: this runs for every change of an array item).
  static func isAnnotation(_ object: qpdf_oh, _ qpdf: QPDF) -> Bool {
    qpdf.isDictionary(object) && qpdf_oh_is_stream(qpdf.data, object) == QPDF_FALSE
      && qpdf_oh_has_key(qpdf.data, object, "/Rect") != QPDF_FALSE
      && qpdf_oh_has_key(qpdf.data, object, "/Subtype") != QPDF_FALSE
  }
}
