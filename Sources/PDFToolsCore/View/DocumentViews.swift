// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import CQPDF

extension Document {
  /// The poppler view of the document as it is now, for rendering page `page` (whose
  /// annotations are checked first: those that would make poppler hang are left out); call
  /// under the lock.
  ///
  /// The view is the bytes the document was read from plus update sections of the objects
  /// changed since (encrypted like the rest where the document is encrypted): a change costs
  /// what it changed. Where no section can be appended (another security handler), or poppler
  /// sees the pages differently, the view is a full write.
  func renderView(for page: Int) throws(PDFError) -> PopplerView {
    let chain = try renderChain()
    // Exclusions of pages whose annotations changed are worked out again.
    for (holder, exclusion) in chain.exclusions where chain.dirty.contains(holder) {
      guard let index = pageIndex(of: exclusion.page) else {
        chain.exclusions[holder] = nil
        continue
      }
      try exclude(page: index, in: chain)
    }
    try exclude(page: page, in: chain)
    noteBlendedHighlights(page: page, in: chain)
    let view = try view(of: chain, overrides: exclusionChanges(chain) + blendedHighlightChanges(chain))
    noteBare(page: page, in: chain)
    return view
  }

  /// Notes page `index` in `chain`'s bare pages when its view, now up to date, draws none of
  /// its annotations; call under the lock.
  private func noteBare(page index: Int, in chain: ViewChain) {
    guard let page = try? pageObject(index), qpdf.isDictionary(page), let pageIdentity = qpdf.identity(page)
    else { return }
    guard let annots = qpdf.entry(page, "/Annots"), let items = qpdf.items(annots), !items.isEmpty else {
      chain.bare.insert(pageIdentity)
      return
    }
    guard let holder = qpdf.identity(annots) ?? qpdf.identity(page) else { return }
    if let excluded = chain.exclusions[holder]?.positions, excluded.count >= items.count {
      chain.bare.insert(pageIdentity)
    }
  }

  /// The view of the document as it is now, without checking any page's annotations (for
  /// text, which leaves annotations out); call under the lock.
  private func currentView() throws(PDFError) -> PopplerView {
    let chain = try renderChain()
    return try view(of: chain, overrides: exclusionChanges(chain) + blendedHighlightChanges(chain))
  }

  /// The poppler view the text of page `page` is read from: like ``renderView(for:)``, but
  /// kept across changes that leave page content alone (annotations never change the text),
  /// and with the rotated pages read so far at /Rotate 0 (poppler 22.12 reads a /Rotate 270
  /// page bottom line first). Call under the lock.
  func textPopplerView(for page: Int) throws(PDFError) -> PopplerView {
    let rotated = try geometry(page).rotation != 0
    // Only a rotated page needs its object (read through qpdf, which then holds it).
    let identity = rotated ? qpdf.identity(try pageObject(page)) : nil
    var chain: ViewChain? = nil
    switch textSource {
    case .none where !rotated:
      let view = try currentView()
      textSource = .shared(view)
      return view
    case .shared(let view) where !rotated:
      return view
    case .upright(let existing):
      if let view = existing.poppler, !rotated || identity.map({ existing.upright.contains($0) }) == true {
        return view
      }
      chain = existing
    case .none, .shared:
      break
    }
    let upright: ViewChain
    if let chain {
      upright = chain
    } else {
      upright = ViewChain(base: try viewBase(), changed: changedSinceViewBase)
    }
    if rotated, let identity, upright.upright.insert(identity).inserted { upright.dirty.insert(identity) }
    textSource = .upright(upright)
    return try view(
      of: upright, overrides: upright.upright.map { .setInteger(dictionary: qpdf.object($0), key: "/Rotate", value: 0) })
  }

  /// The view chain for rendering, made on first use; call under the lock.
  private func renderChain() throws(PDFError) -> ViewChain {
    if let chain = popplerChain { return chain }
    let chain = ViewChain(base: try viewBase(), changed: changedSinceViewBase)
    popplerChain = chain
    return chain
  }

  /// The bytes views start from: those incremental saves append to, or those the model was
  /// read from, with where their objects are (read once). Call under the lock.
  func viewBase() throws(PDFError) -> BaseObjects {
    let bytes: ByteChain
    if let base = incrementalBase {
      bytes = base
    } else {
      guard let source = qpdf.source else { throw PDFError(.internal, "the document has no bytes to show") }
      bytes = ByteChain(source)
    }
    if let known = baseObjects, known.bytes.count == bytes.count, known.bytes.parts.last === bytes.parts.last {
      return known
    }
    let objects = BaseObjects(bytes, encrypted: qpdf_is_encrypted(qpdf.data) != QPDF_FALSE)
    baseObjects = objects
    return objects
  }

  /// The objects that differ from ``viewBase()`` (incremental saves move both together);
  /// call under the lock.
  private var changedSinceViewBase: Set<ObjectIdentity> { changedObjects }

  /// Brings `chain` up to date (a new section of its changed objects, written with
  /// `overrides` in place) and returns its poppler document; call under the lock.
  private func view(of chain: ViewChain, overrides: [TemporaryChange]) throws(PDFError) -> PopplerView {
    if let view = chain.poppler, chain.dirty.isEmpty { return view }
    if chain.wantsRebuild { chain.rebuild() }
    if canEncryptUpdates {
      do throws(PDFError) {
        let objects = chain.dirty
        if !objects.isEmpty || chain.poppler == nil {
          if !objects.isEmpty {
            let index = chain.index
            let section = try qpdf.withTemporaryChanges(overrides) { () throws(PDFError) -> IncrementalWriter.Update in
              var writer = IncrementalWriter(qpdf: qpdf, base: chain.bytes)
              writer.minimumSize = max(chain.size, baseSize)
              writer.encryption = try securityHandler()
              writer.fullIndex = index
              // Each section's cross-reference stream needs a number of its own.
              writer.streamNumber = { () throws(PDFError) -> Int32 in try self.qpdf.reserveObjectNumber() }
              return try writer.update(objects: objects.sorted { $0.number < $1.number })
            }
            guard let stored = section.bytes.withUnsafeBytes({ OwnedBytes(copying: $0) }) else {
              throw PDFError(.outOfMemory, "cannot keep a view update of \(section.bytes.count) bytes")
            }
            chain.appended(stored, objects: objects, size: section.nextSize, index: section.index)
          }
          let view = try PopplerView(chain.bytes.parts.map { .shared($0) }, password: password)
          if view.pageCount == pageTree.count {
            chain.poppler = view
            return view
          }
        }
      } catch {
        Log.emit(.warning, "pdftools", "showing a full write of the document: \(error.message)")
      }
    }
    // A full write: O(document), for what no section can show.
    let view = try qpdf.withTemporaryChanges(overrides) { () throws(PDFError) -> PopplerView in
      try PopplerView([.copied(try writeLocked(SaveOptions()))], password: password)
    }
    guard view.pageCount == pageTree.count else {
      throw PDFError(.damaged, "poppler does not see the document's \(pageTree.count) pages")
    }
    chain.dirty.removeAll()
    chain.poppler = view
    return view
  }

  /// Checks page `index`'s annotations and leaves out of `chain` those poppler must not draw
  /// (logged once each); call under the lock.
  private func exclude(page index: Int, in chain: ViewChain) throws(PDFError) {
    let page = try pageObject(index)
    guard qpdf.isDictionary(page) else {
      if let identity = qpdf.identity(page), qpdf_oh_is_null(qpdf.data, page) != QPDF_FALSE,
        chain.unreadablePages.insert(identity).inserted
      {
        chain.dirty.insert(identity)
        Log.emit(.warning, "pdftools", "page \(index + 1) could not be read; it is rendered blank")
      }
      return
    }
    guard let annots = qpdf.entry(page, "/Annots"), let items = qpdf.items(annots),
      let pageIdentity = qpdf.identity(page), let holder = qpdf.identity(annots) ?? qpdf.identity(page)
    else { return }
    let needAppearances = formNeedsAppearances(qpdf.value(qpdf.root, "AcroForm"))
    var excluded: [Int] = []
    for (position, item) in items.enumerated() {
      if position >= PopplerRisk.maximumAnnotationsPerPage {
        excluded.append(position)
        continue
      }
      guard let reason = PopplerRisk.reason(qpdf, item, formNeedsAppearances: needAppearances) else { continue }
      excluded.append(position)
      noteExclusion(page: index, position: position, reason: reason)
    }
    let before = chain.exclusions[holder]?.positions ?? []
    guard excluded != before else { return }
    chain.exclusions[holder] = excluded.isEmpty ? nil : ViewChain.Exclusion(page: pageIdentity, positions: excluded)
    chain.dirty.insert(holder)
  }

  /// The /NeedAppearances of `form` (the catalog's /AcroForm): poppler then builds widget
  /// appearances itself (see ``PopplerRisk``).
  func formNeedsAppearances(_ form: qpdf_oh?) -> Bool {
    form.flatMap { qpdf.value($0, "NeedAppearances") }.map { qpdf_oh_get_bool_value(qpdf.data, $0) != QPDF_FALSE } ?? false
  }

  /// Logs once that annotation `position` of page `index` is not rendered for `reason`; call
  /// under the lock.
  func noteExclusion(page index: Int, position: Int, reason: String) {
    if loggedExclusions.insert("\(index):\(position):\(reason)").inserted {
      Log.emit(.warning, "pdftools", "annotation \(position + 1) of page \(index + 1) is not rendered: \(reason)")
    }
  }

  /// The temporary changes that leave excluded annotations out; call under the lock.
  private func exclusionChanges(_ chain: ViewChain) -> [TemporaryChange] {
    let blank = chain.unreadablePages.map { identity -> TemporaryChange in
      let page = qpdf.makeDictionary([
        ("/Type", qpdf.makeName("Page")), ("/MediaBox", qpdf.numberArray([0, 0, 612, 792])),
      ])
      return .replaceUnreadable(identity: identity, value: page)
    }
    return blank + chain.exclusions.compactMap { holder, exclusion -> TemporaryChange? in
      let positions = exclusion.positions
      let object = qpdf.object(holder)
      if qpdf_oh_is_array(qpdf.data, object) != QPDF_FALSE {
        return .removeItems(array: object, positions: positions)
      }
      // A page with a direct /Annots array: the page shows a filtered copy.
      guard let annots = qpdf.entry(object, "/Annots"), let items = qpdf.items(annots) else { return nil }
      let kept = items.enumerated().filter { !positions.contains($0.offset) }.map(\.element)
      return .setValue(dictionary: object, key: "/Annots", value: qpdf.makeArray(kept))
    }
  }

  /// Notes that `identity` changed in every view, altering what `reach` says; call under the
  /// lock.
  func viewsWillShow(_ identity: ObjectIdentity, reach: ChangeReach) {
    guard let chain = popplerChain else { return }
    chain.dirty.insert(identity)
    if reach == .anything { chain.contentDirty.insert(identity) }
    if !chain.layers.isEmpty { chain.layers = chain.layers.filter { !$0.value.uses.contains(identity) } }
    chain.forgetLayerText(of: identity)
  }
}
