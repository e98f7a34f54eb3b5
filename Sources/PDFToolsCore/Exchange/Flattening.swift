// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// Which annotations a flattening burns into the page.
public struct FlattenScope: Sendable, Equatable {
  /// The pages (nil: every page).
  public var pages: Set<Int>? = nil
  /// Only these annotations (nil: all on the pages).
  public var ids: Set<Int64>? = nil
  /// Only these subtypes (nil: all but widgets, which belong to form fields).
  public var subtypes: Set<String>? = nil
  /// Flatten a document with signature fields, invalidating its signatures.
  public var allowInvalidatingSignatures = false

  /// Every annotation of every page.
  public init() {}
}

extension Document {
  /// Burns the normal appearances of the annotations in `scope` into their pages' content,
  /// where a viewer draws them (the form's /Matrix and /BBox fitted to /Rect, turned upright
  /// on rotated pages for NoRotate), and removes the annotations with their popups. Hidden and
  /// NoView annotations are removed without drawing, and so are links (their borders are a
  /// viewer's cue, drawn by some viewers and not others); an annotation without an appearance
  /// gets the one the library builds for it first. One undo step. Returns the number of
  /// annotations removed.
  ///
  /// A document with signature fields is refused (`.notPermitted`) unless
  /// ``FlattenScope/allowInvalidatingSignatures`` is set: changed page content invalidates
  /// signatures. Widgets are flattened only when `subtypes` names them; they stay in the form's
  /// field list.
  @discardableResult
  public func flatten(_ scope: FlattenScope = FlattenScope()) throws(PDFError) -> Int {
    try performStep("Flatten") { () throws(PDFError) -> Int in
      try locked { () throws(PDFError) -> Int in
        try requirePermission(.modify, "change page content")
        if hasSignatureFieldsLocked() && !scope.allowInvalidatingSignatures {
          throw PDFError(
            .notPermitted,
            "the document has signature fields: flattening changes page content and invalidates signatures (allow it explicitly)")
        }
        if let pages = scope.pages { for page in pages { try checkPageIndex(page) } }
        var removed = 0
        // What may be emptied once every page is done; nil once a page keeps what may refer
        // to what it removed, and from the start for some pages only (a page left out may list
        // what another removed) or a structure tree (whose object references may name them).
        let mayEmpty = scope.pages == nil && qpdf.value(qpdf.root, "StructTreeRoot") == nil
        var unreferenced: [ObjectIdentity: [UInt8]]? = mayEmpty ? [:] : nil
        for page in 0..<pageTree.count where scope.pages?.contains(page) ?? true {
          let flattened = try flattenPage(page, scope, gathering: unreferenced != nil)
          removed += flattened.removed
          if let texts = flattened.unreferenced {
            unreferenced?.merge(texts) { first, _ in first }
          } else {
            unreferenced = nil
          }
        }
        if let unreferenced { try empty(unreferenced) }
        if removed > 0 {
          noteContentChange()
          try commitChange("flatten annotations", label: "Flatten")
        }
        return removed
      }
    }
  }

  /// Flattens what `scope` picks on page `page`. Returns the number of annotations removed,
  /// and when `gathering`, the texts of the annotations and pop-ups it took off the page that
  /// nothing on it can refer to any more (see ``removedTexts(_:kept:facts:)``). Call under the
  /// lock.
  private func flattenPage(_ page: Int, _ scope: FlattenScope, gathering: Bool) throws(PDFError)
    -> (removed: Int, unreferenced: [ObjectIdentity: [UInt8]]?)
  {
    guard let listing = try listing(ofPage: page), !listing.objects.isEmpty else { return (0, [:]) }
    let pageObject = try pageObject(page)
    let rotation = try geometry(page).rotation
    var chosen = Set<ObjectIdentity>()
    var drawings: [(form: qpdf_oh, matrix: AffineTransform)] = []
    // What the bytes hold plainly is read from them; the rest is asked of qpdf.
    var facts: [ObjectIdentity: FlattenFacts] = [:]
    for identity in listing.objects { facts[identity] = flattenFactsFromBytes(identity) }
    for (identity, id) in zip(listing.objects, listing.ids) {
      let object = qpdf.object(identity)
      let known = facts[identity]
      let subtype = known?.subtype ?? qpdf.entry(object, "/Subtype").flatMap { qpdf.name($0) } ?? ""
      guard subtype != "Popup", scope.ids?.contains(id) ?? true else { continue }
      guard scope.subtypes?.contains(subtype) ?? (subtype != "Widget") else { continue }
      chosen.insert(identity)
      let flags = known?.flags ?? qpdf.entry(object, "/F").flatMap { qpdf.integer($0) } ?? 0
      // Hidden and NoView annotations are not drawn; neither are links, whose borders viewers
      // draw or leave out as they like (MuPDF never draws them).
      guard flags & 0b10_0010 == 0, subtype != "Link" else { continue }
      if let known {
        if let drawing = known.drawing,
          let fit = Document.fitted(drawing.box, drawing.matrix, to: drawing.rect, noRotate: flags & 16 != 0, rotation: rotation)
        {
          drawings.append((qpdf.object(drawing.form), fit))
        }
      } else if let drawing = try flattenedDrawing(object, subtype: subtype, noRotate: flags & 16 != 0, rotation: rotation) {
        drawings.append(drawing)
      }
    }
    guard !chosen.isEmpty else { return (0, [:]) }
    if !drawings.isEmpty { try drawOnPage(pageObject, drawings) }
    // Popups named by their parents' /Popup go too (also those without /Parent).
    let popups = Set(chosen.compactMap { identity -> ObjectIdentity? in
      if let known = facts[identity] { return known.popup }
      return qpdf.entry(qpdf.object(identity), "/Popup").flatMap { qpdf.identity($0) }
    })
    // The annotations go, with the popups that belong to them, in one change of /Annots.
    guard let annots = qpdf.entry(pageObject, "/Annots"), let items = qpdf.items(annots) else { return (0, [:]) }
    var removed = 0
    var kept: [qpdf_oh] = []
    kept.reserveCapacity(items.count)
    for item in items {
      guard let identity = qpdf.identity(item) else {
        kept.append(item)
        continue
      }
      let parent: ObjectIdentity?
      let isPopup: Bool
      if let known = facts[identity] {
        parent = known.parent
        isPopup = known.subtype == "Popup"
      } else {
        parent = qpdf.entry(item, "/Parent").flatMap { qpdf.identity($0) }
        isPopup = qpdf.entry(item, "/Subtype").flatMap { qpdf.name($0) } == "Popup"
      }
      guard chosen.contains(identity) || popups.contains(identity) || (isPopup && parent.map(chosen.contains) == true)
      else {
        kept.append(item)
        continue
      }
      if chosen.contains(identity) { removed += 1 }
    }
    if kept.count < items.count { try writer.setItems(kept, ofArray: annots, at: "/Annots", in: pageObject) }
    guard gathering else { return (removed, nil) }
    return (removed, removedTexts(items.compactMap { qpdf.identity($0) }, kept: kept, facts: facts))
  }

  /// The texts, as the file's bytes hold them, of the annotations and pop-ups a flattening
  /// took off a page (`items` less `kept`) where nothing left on the page can refer to them:
  /// every annotation left is a widget (no reply or pop-up), and the bytes hold them plainly,
  /// unchanged and not encrypted (a widget is never among them: its field lists it). Nil when
  /// something left may refer to them. Call under the lock.
  private func removedTexts(_ items: [ObjectIdentity], kept: [qpdf_oh], facts: [ObjectIdentity: FlattenFacts])
    -> [ObjectIdentity: [UInt8]]?
  {
    guard flattensFromBytes, !wasRepaired, let base = try? viewBase() else { return nil }
    func subtype(_ identity: ObjectIdentity) -> String? {
      if let known = facts[identity] { return known.subtype }
      if !changedObjects.contains(identity), let entries = base.entries(of: identity, ["Subtype"]), entries.count == 1 {
        return PDFValue.name(orEmpty: entries[0])
      }
      return qpdf.entry(qpdf.object(identity), "/Subtype").flatMap { qpdf.name($0) }
    }
    let left = Set(kept.compactMap { qpdf.identity($0) })
    guard kept.count == left.count, left.allSatisfy({ subtype($0) == "Widget" }) else { return nil }
    var texts: [ObjectIdentity: [UInt8]] = [:]
    for identity in items where !left.contains(identity) && !changedObjects.contains(identity) {
      guard subtype(identity) != "Widget", let text = facts[identity]?.text ?? base.containerText(of: identity) else {
        continue
      }
      texts[identity] = text
    }
    return texts
  }

  /// Empties the annotations of `texts` (see ``ObjectWriter/empty(_:before:)``) that a whole
  /// document's flattening took off its pages, unless they changed since (an annotation two
  /// pages listed is drawn on both first): a full save then does not read them again. Their
  /// texts are what undo puts back. Call under the lock.
  private func empty(_ texts: [ObjectIdentity: [UInt8]]) throws(PDFError) {
    for (identity, text) in texts.sorted(by: { $0.key.number < $1.key.number }) where !changedObjects.contains(identity) {
      try writer.empty(identity, before: .value(text))
    }
  }

  /// The form to draw for an annotation and where: its normal appearance (the state /AS
  /// names) and the matrix that puts the form's box on /Rect. Nil when there is nothing to
  /// draw. Call under the lock.
  private func flattenedDrawing(_ object: qpdf_oh, subtype: String, noRotate: Bool, rotation: Int) throws(PDFError)
    -> (form: qpdf_oh, matrix: AffineTransform)?
  {
    if qpdf.entry(object, "/AP") == nil, CreatableSubtype.names.contains(subtype) {
      try writeAppearance(object, fit: .keepingRect)
    }
    guard var normal = qpdf.entry(object, "/AP").flatMap({ qpdf.entry($0, "/N") }) else { return nil }
    if qpdf_oh_is_stream(qpdf.data, normal) == QPDF_FALSE {
      guard qpdf.isDictionary(normal), let state = qpdf.entry(object, "/AS").flatMap({ qpdf.name($0) }),
        let chosen = qpdf.value(normal, state)
      else { return nil }
      normal = chosen
    }
    guard qpdf_oh_is_stream(qpdf.data, normal) != QPDF_FALSE, qpdf.identity(normal) != nil,
      let rect = qpdf.entry(object, "/Rect").flatMap({ qpdf.rect($0) }), !rect.isEmpty
    else { return nil }
    let dictionary = qpdf_oh_get_dict(qpdf.data, normal)
    guard let box = qpdf.entry(dictionary, "/BBox").flatMap({ qpdf.rect($0) }) else { return nil }
    var formMatrix = AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)
    if let values = qpdf.entry(dictionary, "/Matrix").flatMap({ qpdf.items($0) })?.compactMap({ qpdf.number($0) }),
      values.count == 6
    {
      formMatrix = AffineTransform(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
    }
    guard let fit = Document.fitted(box, formMatrix, to: rect, noRotate: noRotate, rotation: rotation) else { return nil }
    // The form's own subtype is required by Do; some writers leave it out.
    if qpdf.entry(dictionary, "/Subtype").flatMap({ qpdf.name($0) }) != "Form" {
      try writer.set("/Subtype", qpdf.makeName("Form"), in: dictionary, owner: normal)
    }
    return (normal, fit)
  }

  /// The matrix that draws a form with box `box` and matrix `formMatrix` on `rect`, turned
  /// upright on a page turned by `rotation` when `noRotate`; nil when the box shows empty.
  private static func fitted(
    _ box: Rect, _ formMatrix: AffineTransform, to rect: Rect, noRotate: Bool, rotation: Int
  ) -> AffineTransform? {
    // PDF's algorithm: the box transformed by /Matrix is fitted to /Rect.
    let shown = formMatrix.apply(box)
    guard shown.width > 0, shown.height > 0, shown.width.isFinite, shown.height.isFinite else { return nil }
    let sx = rect.width / shown.width
    let sy = rect.height / shown.height
    var fit = AffineTransform(a: sx, b: 0, c: 0, d: sy, e: rect.x0 - shown.x0 * sx, f: rect.y0 - shown.y0 * sy)
    if noRotate && rotation != 0 {
      // Upright on the turned page: turned against the page about the corner shown top left.
      let corners = [0: Point(rect.x0, rect.y1), 90: Point(rect.x0, rect.y0), 180: Point(rect.x1, rect.y0), 270: Point(rect.x1, rect.y1)]
      let anchor = corners[rotation] ?? Point(rect.x0, rect.y1)
      let turns: [Int: (Double, Double)] = [90: (0, 1), 180: (-1, 0), 270: (0, -1)]
      let (cosine, sine) = turns[rotation] ?? (1, 0)
      let toOrigin = AffineTransform(a: 1, b: 0, c: 0, d: 1, e: -rect.x0, f: -rect.y1)
      let turn = AffineTransform(a: cosine, b: sine, c: -sine, d: cosine, e: anchor.x, f: anchor.y)
      fit = fit.followed(by: toOrigin).followed(by: turn)
    }
    return fit
  }

  /// Draws `drawings` over the page's content: the old content is wrapped in q/Q, a new stream
  /// draws each form, and the forms join the page's resources under fresh names. Call under
  /// the lock.
  private func drawOnPage(_ page: qpdf_oh, _ drawings: [(form: qpdf_oh, matrix: AffineTransform)]) throws(PDFError) {
    let write = writer
    // The page's resources: its own, or a copy of the inherited ones.
    var resources = qpdf.entry(page, "/Resources")
    if resources == nil || !(resources.map(qpdf.isDictionary) ?? false) {
      let inherited = inheritedResources(page)
      let copy = qpdf.makeDictionary(inherited.map { dictionary in
        qpdf.keys(dictionary).map { ("/" + $0, qpdf_oh_get_key(qpdf.data, dictionary, "/" + $0)) }
      } ?? [])
      try write.set("/Resources", copy, in: page)
      resources = qpdf.entry(page, "/Resources")
    }
    guard let resources else { throw PDFError(.damaged, "the page's resources cannot be read") }
    let resourcesAreDirect = qpdf.identity(resources) == nil
    let oldForms = qpdf.entry(resources, "/XObject").flatMap { qpdf.isDictionary($0) ? $0 : nil }
    let taken = Set(oldForms.map { qpdf.keys($0) } ?? [])
    var entries: [(String, qpdf_oh)] = oldForms.map { forms in
      qpdf.keys(forms).map { ("/" + $0, qpdf_oh_get_key(qpdf.data, forms, "/" + $0)) }
    } ?? []
    var content = "Q\n"
    var counter = 0
    for drawing in drawings {
      var name: String
      repeat {
        counter += 1
        name = "PdftFlat\(counter)"
      } while taken.contains(name)
      entries.append(("/" + name, drawing.form))
      // Page content draws it from now on: it is never rewritten in place again (a rewrite
      // that changes only annotations would not reach the page's content).
      if let identity = qpdf.identity(drawing.form) { ownAppearanceStreams[identity] = nil }
      let m = drawing.matrix
      // Full precision: a large form fitted to a small rectangle scales by far less than 0.001.
      let numbers = [m.a, m.b, m.c, m.d, m.e, m.f].map(JSON.format).joined(separator: " ")
      content += "q \(numbers) cm /\(name) Do Q\n"
    }
    try write.set("/XObject", qpdf.makeDictionary(entries), in: resources, owner: resourcesAreDirect ? page : nil)
    let opening = try write.makeStream(Array("q\n".utf8), dictionary: [])
    let drawingStream = try write.makeStream(Array(content.utf8), dictionary: [])
    var parts: [qpdf_oh] = [opening]
    if let old = qpdf.entry(page, "/Contents") {
      if let items = qpdf.items(old) { parts += items } else if qpdf_oh_is_stream(qpdf.data, old) != QPDF_FALSE { parts.append(old) }
    }
    parts.append(drawingStream)
    try write.set("/Contents", qpdf.makeArray(parts), in: page)
  }

  /// The /Resources a page inherits from its ancestors, if any; call under the lock.
  private func inheritedResources(_ page: qpdf_oh) -> qpdf_oh? {
    var node = qpdf.entry(page, "/Parent")
    var depth = 0
    while let current = node, depth < Document.maximumTreeDepth {
      if let resources = qpdf.entry(current, "/Resources"), qpdf.isDictionary(resources) { return resources }
      node = qpdf.entry(current, "/Parent")
      depth += 1
    }
    return nil
  }
}

extension AffineTransform {
  /// This transform, then `other`.
  func followed(by other: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * other.a + b * other.c, b: a * other.b + b * other.d, c: c * other.a + d * other.c,
      d: c * other.b + d * other.d, e: e * other.a + f * other.c + other.e, f: e * other.b + f * other.d + other.f)
  }
}
