// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// Highlights without an appearance stream, drawn as the other engines draw them. Poppler
/// makes their appearance itself and multiplies it onto the page, but at an opacity below 1
/// it lays the colour over the text instead (text under a half-transparent highlight looks
/// washed out, unlike in PDFium and MuPDF). Multiplying colour c at opacity a gives the same
/// pixels as multiplying colour 1 - a + a·c at opacity 1, so the view shows such highlights
/// opaque in that colour. Only the view changes, never the document.
extension Document {
  /// Notes page `index` when it has such highlights, so that views show them blended; call
  /// under the lock.
  func noteBlendedHighlights(page index: Int, in chain: ViewChain) {
    guard let page = try? pageObject(index), let pageIdentity = qpdf.identity(page),
      !chain.blendedPages.contains(pageIdentity)
    else { return }
    let holders = blendedHighlights(of: page).map { $0.holder }
    guard !holders.isEmpty else { return }
    chain.blendedPages.insert(pageIdentity)
    chain.dirty.formUnion(holders)
  }

  /// The temporary changes that show the noted pages' highlights in their blended colour;
  /// call under the lock.
  func blendedHighlightChanges(_ chain: ViewChain) -> [TemporaryChange] {
    var changes: [TemporaryChange] = []
    for identity in chain.blendedPages {
      let page = qpdf.object(identity)
      guard qpdf.isDictionary(page) else {
        chain.blendedPages.remove(identity)
        continue
      }
      changes += blendedHighlightChanges(of: page)
    }
    return changes
  }

  /// The temporary changes that show the highlights of `page` (a page dictionary) in their
  /// blended colour; call under the lock.
  func blendedHighlightChanges(of page: qpdf_oh) -> [TemporaryChange] {
    blendedHighlights(of: page).flatMap { highlight -> [TemporaryChange] in
      [
        .setValue(dictionary: highlight.annotation, key: "/CA", value: qpdf.makeReal(1)),
        .setValue(dictionary: highlight.annotation, key: "/C", value: qpdf.colorArray(highlight.color)),
      ]
    }
  }

  /// The page's highlights shown blended: each with the object a view section must hold for
  /// it to show (the highlight, or for one held directly, its /Annots array or page) and its
  /// blended colour.
  private func blendedHighlights(of page: qpdf_oh) -> [(annotation: qpdf_oh, holder: ObjectIdentity, color: RGBColor)] {
    guard let annots = qpdf.entry(page, "/Annots"), let items = qpdf.items(annots),
      let directHolder = qpdf.identity(annots) ?? qpdf.identity(page)
    else { return [] }
    return items.prefix(PopplerRisk.maximumAnnotationsPerPage).compactMap { item in
      guard let color = blendedColor(item) else { return nil }
      return (item, qpdf.identity(item) ?? directHolder, color)
    }
  }

  /// The opaque colour that multiplies to what `annotation` shows, when it is a Highlight
  /// without an appearance stream whose opacity is below 1; nil otherwise.
  private func blendedColor(_ annotation: qpdf_oh) -> RGBColor? {
    guard qpdf.isDictionary(annotation), qpdf.entry(annotation, "/Subtype").flatMap({ qpdf.name($0) }) == "Highlight",
      qpdf.entry(annotation, "/AP") == nil,
      let opacity = qpdf.entry(annotation, "/CA").flatMap({ qpdf.number($0) }), opacity >= 0, opacity < 1,
      let color = qpdf.color(qpdf.entry(annotation, "/C"))
    else { return nil }
    func blend(_ component: Double) -> Double { 1 - opacity + opacity * min(max(component, 0), 1) }
    return RGBColor(blend(color.r), blend(color.g), blend(color.b))
  }
}
