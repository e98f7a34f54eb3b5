// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// A number naming the document's current state: it changes with every step, undo and
  /// redo. Give it to ``exportChanges(since:)`` later to get what changed after it.
  public var stateID: Int {
    lock.withLock {
      // Later changes must not merge into the step that led here.
      journal.handedOutState = journal.state
      return journal.state
    }
  }

  /// The annotation changes between state `since` (the last save or open when nil) and now,
  /// as an XFDF command document: `<add>` and `<modify>` hold whole annotations, `<delete>`
  /// names the deleted ones. The states must be linked by the undo history (an undone state
  /// counts: the changes then take the document back); the journal must be on.
  public func exportChanges(since: Int? = nil) throws(PDFError) -> String {
    try locked { () throws(PDFError) -> String in
      guard journal.enabled else {
        throw PDFError(.notPermitted, "the undo journal is off, so the changes are not known")
      }
      let start = since ?? journal.savedState
      let earlier = try statesAt(start)
      var elements = XFDFElements()
      var added = ""
      var modified = ""
      var deleted: [(page: Int, name: String)] = []
      for page in pagesTouched(by: earlier) {
        guard let pageObject = try? pageObject(page), let pageIdentity = qpdf.identity(pageObject) else { continue }
        let now = try listing(ofPage: page)?.objects ?? []
        let before = annotationsListed(by: pageIdentity, states: earlier) ?? now
        let beforeSet = Set(before)
        let nowSet = Set(now)
        for identity in before where !nowSet.contains(identity) {
          let object = earlierObject(identity, states: earlier)
          guard qpdf.isDictionary(object), !isPopupOrWidget(object) else { continue }
          deleted.append((page, exchangeName(object, identity: identity)))
        }
        for identity in now {
          let object = qpdf.object(identity)
          guard !isPopupOrWidget(object) else { continue }
          let current = exchangedAnnotation(object, page: page)
          if !beforeSet.contains(identity) {
            added += elements.element(current, identity: identity) ?? ""
          } else if changedSince(identity, current, page: page, states: earlier) {
            modified += elements.element(current, identity: identity) ?? ""
          }
        }
      }
      var out = XFDFWriting.header
      elements.logUnknown()
      out += "  <add>\n" + added + "  </add>\n"
      out += "  <modify>\n" + modified + "  </modify>\n"
      out += "  <delete>\n"
      for item in deleted { out += "    <id page=\"\(item.page)\">\(XMLText.escape(item.name))</id>\n" }
      return out + "  </delete>\n</xfdf>\n"
    }
  }

  /// Applies an XFDF command document (`<add>`, `<modify>`, `<delete>`, as
  /// ``exportChanges(since:)`` writes and Apryse's WebViewer exchanges) as one undo step, all
  /// or nothing. An added name the document holds already is updated; a modified name it does
  /// not hold is added; a deleted name it does not hold is skipped (both sides deleted it).
  /// An <annots> list is merged as ``importXFDF(_:)`` merges it.
  @discardableResult
  public func importChanges(_ text: String) throws(PDFError) -> ImportResult {
    let read = try XFDFDocumentReading.read(text, pageCount: pageCount, commands: true)
    return try applyExchange(read.annotations, deleting: read.deletions, skipped: read.skipped, label: "Import Changes")
  }

  /// The states at `state` of every object changed between it and now (objects not listed are
  /// as they are now); call under the lock.
  private func statesAt(_ state: Int) throws(PDFError) -> [ObjectIdentity: ObjectSnapshot] {
    guard journal.open == nil else {
      throw PDFError(.notPermitted, "an undo group is open: close it before exporting changes")
    }
    if state == journal.state { return [:] }
    var states: [ObjectIdentity: ObjectSnapshot] = [:]
    if let first = journal.undoSteps.firstIndex(where: { $0.previousID == state }) {
      // The state lies behind: the earliest recorded before-state of each object.
      for step in journal.undoSteps[first...] {
        for (identity, snapshot) in step.before where states[identity] == nil { states[identity] = snapshot }
      }
      return states
    }
    if let last = journal.redoSteps.firstIndex(where: { $0.id == state }) {
      // The state lies ahead (it was undone): the latest after-state on the way there.
      for step in journal.redoSteps[last...].reversed() {
        for (identity, snapshot) in step.after ?? [:] { states[identity] = snapshot }
      }
      return states
    }
    throw PDFError(.notFound, "state \(state) is not in the undo history (it was dropped, or never existed)")
  }

  /// The pages the objects of `states` belong to, in order: pages that changed, pages whose
  /// /Annots array changed, and the pages of annotations (and popups) that changed. Only they
  /// can hold changes, so exporting costs what changed, not the document's size. Call under
  /// the lock.
  private func pagesTouched(by states: [ObjectIdentity: ObjectSnapshot]) -> [Int] {
    var pages = Set<Int>()
    for identity in states.keys {
      // Dictionary look-ups first; only a page dictionary is looked for in the page tree.
      if let id = annotationIndex.ids[identity], let entry = annotationIndex.entries[id] {
        if let page = pageIndex(of: entry.page) { pages.insert(page) }
      } else if let holder = annotsHolders[identity] {
        if let page = pageIndex(of: holder) { pages.insert(page) }
      } else if qpdf.entry(qpdf.object(identity), "/Type").flatMap({ qpdf.name($0) }) == "Page",
        let page = pageIndex(of: identity)
      {
        pages.insert(page)
      }
    }
    return pages.sorted()
  }

  /// The annotation objects page `page` listed in `states`; nil when neither the page nor its
  /// /Annots array is among them. Call under the lock.
  private func annotationsListed(by page: ObjectIdentity, states: [ObjectIdentity: ObjectSnapshot]) -> [ObjectIdentity]? {
    let current = qpdf.object(page)
    let annots = qpdf.entry(current, "/Annots").flatMap { qpdf.identity($0) }
    guard states[page] != nil || annots.map({ states[$0] != nil }) == true else { return nil }
    let pageThen = earlierObject(page, states: states)
    guard qpdf.isDictionary(pageThen), let list = qpdf.entry(pageThen, "/Annots") else { return [] }
    let array = qpdf.identity(list).map { earlierObject($0, states: states) } ?? list
    return (qpdf.items(array) ?? []).compactMap { qpdf.identity($0) }
  }

  /// The object `identity` as it was in `states` (parsed into a direct object), or as it is
  /// now; call under the lock.
  private func earlierObject(_ identity: ObjectIdentity, states: [ObjectIdentity: ObjectSnapshot]) -> qpdf_oh {
    switch states[identity] {
    case nil: return qpdf.object(identity)
    case .absent?: return qpdf.makeNull()
    case .value(let text)?:
      var parser = PDFSyntax(qpdf: qpdf, bytes: text)
      return parser.parse() ?? qpdf.makeNull()
    case .stream?: return qpdf.makeNull()
    }
  }

  /// True when annotation `identity` reads differently now than in `states`; call under the
  /// lock.
  private func changedSince(
    _ identity: ObjectIdentity, _ current: ExchangedAnnotation, page: Int, states: [ObjectIdentity: ObjectSnapshot]
  ) -> Bool {
    var touched = states[identity] != nil
    // A popup moved or opened changes the annotation's exchange too.
    if let popup = qpdf.entry(qpdf.object(identity), "/Popup").flatMap({ qpdf.identity($0) }), states[popup] != nil {
      touched = true
    }
    guard touched else { return false }
    let then = earlierObject(identity, states: states)
    guard qpdf.isDictionary(then) else { return true }
    var earlier = exchangedAnnotation(then, page: page)
    earlier.name = exchangeName(then, identity: identity)
    if let popup = qpdf.entry(then, "/Popup").flatMap({ qpdf.identity($0) }) {
      let window = earlierObject(popup, states: states)
      if let rect = qpdf.entry(window, "/Rect").flatMap({ qpdf.rect($0) }) {
        var open = false
        if let value = qpdf.entry(window, "/Open"), qpdf_oh_is_bool(qpdf.data, value) != QPDF_FALSE {
          open = qpdf_oh_get_bool_value(qpdf.data, value) != QPDF_FALSE
        }
        let flags = UInt32(clamping: max(0, qpdf.entry(window, "/F").flatMap { qpdf.integer($0) } ?? 0)) & 0x3FF
        earlier.popup = .init(rect: rect, open: open, flags: flags)
      }
    }
    return earlier != current
  }

  /// The exchange name of `object` (which may be an earlier, direct copy of `identity`).
  private func exchangeName(_ object: qpdf_oh, identity: ObjectIdentity) -> String {
    // The name as XML holds it (see XFDFElements).
    if let name = qpdf.entry(object, "/NM").flatMap({ qpdf.text($0) }).map(XMLText.held), !name.isEmpty { return name }
    return Document.objectNamePrefix + "\(identity.number)-\(identity.generation)"
  }

  /// True for popups (exchanged with their parents) and widgets (form fields).
  private func isPopupOrWidget(_ object: qpdf_oh) -> Bool {
    let subtype = qpdf.entry(object, "/Subtype").flatMap { qpdf.name($0) }
    return subtype == "Popup" || subtype == "Widget"
  }
}

extension String {
  /// The text without leading and trailing white space.
  func trimmingWhitespace() -> String {
    var scalars = Substring(self)
    while let first = scalars.first, first.isWhitespace { scalars = scalars.dropFirst() }
    while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
    return String(scalars)
  }
}
