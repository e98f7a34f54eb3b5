// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// What an import did.
public struct ImportResult: Sendable, Equatable {
  /// Annotations added.
  public var added = 0
  /// Annotations changed.
  public var changed = 0
  /// Annotations deleted (change sets only).
  public var deleted = 0
  /// Elements left out: subtypes the library cannot create, and deletions of names the
  /// document does not hold. Each is named in a log warning.
  public var skipped = 0

  /// Nothing yet.
  public init() {}
}

extension Document {
  /// Applies exchanged annotations as one undo step named `label`: each one whose name the
  /// document holds is brought to the state described (appearance rebuilt when its drawing
  /// changed), the others are added; `deletions` names annotations to delete. All or nothing:
  /// when any part fails, the document is as before.
  func applyExchange(
    _ annotations: [ExchangedAnnotation], deleting deletions: [String], skipped: Int, label: String
  ) throws(PDFError) -> ImportResult {
    var result = ImportResult()
    result.skipped = skipped
    try performStep(label) { () throws(PDFError) in
      var names = try locked { () throws(PDFError) -> [String: Int64] in
        try requirePermission(.annotate, "import annotations")
        return try annotationsByName()
      }
      for name in deletions {
        guard let id = names[name] else {
          Log.emit(.warning, "pdftools", "the change set deletes '\(name)', which the document does not hold")
          result.skipped += 1
          continue
        }
        try deleteAnnotation(id)
        names = names.filter { $0.value != id }
        result.deleted += 1
      }
      for annotation in annotations {
        if let id = names[annotation.name] {
          let (replaced, byObject) = try locked { () throws(PDFError) -> (Bool, Bool) in
            let (object, page) = try annotationObject(id)
            let other = qpdf.entry(object, "/Subtype").flatMap { qpdf.name($0) } != annotation.subtype || page != annotation.page
            return (other, exchangeName(object) != annotation.name)
          }
          if !replaced {
            if try writeExchanged(annotation, to: id, isNew: false) { result.changed += 1 }
            continue
          }
          if !byObject {
            // Another subtype or page under the same /NM: the old one gives way.
            try deleteAnnotation(id)
            names = names.filter { $0.value != id }
            result.changed += 1
            result.added -= 1
          }
          // A name made from an object number that names another kind of annotation here (the
          // XFDF came from another document): it is a new annotation, the other one stays.
        }
        // An annotation without area (another program's choice) is made with one, then given
        // its own rectangle.
        let rect = annotation.rect
        let made = rect.isEmpty ? Rect(rect.x0, rect.y0, max(rect.x1, rect.x0 + 1), max(rect.y1, rect.y0 + 1)) : rect
        let id = try createAnnotation(page: annotation.page, subtype: annotation.subtype, rect: made)
        _ = try writeExchanged(annotation, to: id, isNew: true)
        names[annotation.name] = id
        result.added += 1
      }
      for annotation in annotations { try writeReply(annotation, names: names) }
    }
    return result
  }

  /// Every listed annotation by exchange name (the first of duplicates wins); call under the
  /// lock.
  func annotationsByName() throws(PDFError) -> [String: Int64] {
    var names: [String: Int64] = [:]
    for page in 0..<pageTree.count {
      guard let listing = try listing(ofPage: page) else { continue }
      for (identity, id) in zip(listing.objects, listing.ids) {
        let object = qpdf.object(identity)
        let subtype = qpdf.entry(object, "/Subtype").flatMap { qpdf.name($0) }
        guard subtype != "Popup", subtype != "Widget" else { continue }
        let name = exchangeName(object)
        if names[name] == nil { names[name] = id }
        // The name made from the object number finds it too (an export gives it to the second
        // of two annotations that share one /NM).
        let objectName = Document.objectNamePrefix + "\(identity.number)-\(identity.generation)"
        if names[objectName] == nil { names[objectName] = id }
      }
    }
    return names
  }

  /// Writes `annotation`'s entries into annotation `id`; returns false when it already was in
  /// that state (nothing written).
  private func writeExchanged(_ annotation: ExchangedAnnotation, to id: Int64, isNew: Bool) throws(PDFError) -> Bool {
    let written = try locked { () throws(PDFError) -> Bool? in
      let (object, page) = try annotationObject(id)
      let current = exchangedAnnotation(object, page: page)
      var wanted = annotation.content
      var known = current.content
      // Absent dates say nothing; relations are written afterwards.
      if wanted.modified == nil { known.modified = nil }
      if wanted.created == nil { known.created = nil }
      known.inReplyTo = nil
      known.replyType = nil
      wanted.inReplyTo = nil
      wanted.replyType = nil
      if wanted.popup == nil { known.popup = nil }
      if wanted.link == nil { known.link = nil }
      if wanted.attachment == nil { known.attachment = nil }
      if !isNew && known == wanted { return nil }
      try writeEntries(annotation, to: object)
      let redraw = isNew || annotation.drawsDifferently(from: current)
      if redraw && foreignStampArtwork(object) == nil { markAppearance(object, fit: .keepingRect) }
      try commitChange("import annotation '\(annotation.name)'")
      return redraw
    }
    guard written != nil else { return false }
    if let popup = annotation.popup { try writePopup(popup, of: id) }
    switch annotation.link {
    case .uri(let uri)?: try setLinkURI(id, uri)
    case .page(let page)?: try setLinkDestination(id, page: page)
    case nil: break
    }
    if let file = annotation.attachment {
      let current = try attachment(id)
      if current?.name != file.name || current?.bytes != file.bytes { try setAttachment(id, name: file.name, bytes: file.bytes) }
    }
    if let modified = annotation.modified {
      // The calls above touched /M.
      try locked { () throws(PDFError) in
        try writer.set("/M", qpdf.makeTextString(modified), in: try annotationObject(id).object)
        try commitChange("keep the imported date")
      }
    }
    return true
  }

  /// Sets or removes every entry the exchange describes; call under the lock.
  private func writeEntries(_ annotation: ExchangedAnnotation, to object: qpdf_oh) throws(PDFError) {
    let write = writer
    func put(_ key: String, _ value: qpdf_oh?) throws(PDFError) {
      if let value { try write.set(key, value, in: object) } else { try write.remove(key, from: object) }
    }
    func text(_ value: String?) -> qpdf_oh? { value.map { qpdf.makeTextString($0) } }
    func name(_ value: String?) -> qpdf_oh? { value.map { qpdf.makeName($0) } }
    func real(_ value: Double?) -> qpdf_oh? { value.map { qpdf.makeReal($0) } }
    let rect = annotation.rect
    try put("/Rect", qpdf.numberArray([rect.x0, rect.y0, rect.x1, rect.y1]))
    try put("/NM", text(annotation.name))
    try put("/F", qpdf.makeInteger(Int(annotation.flags)))
    try put("/C", annotation.color.map { qpdf.colorArray($0) })
    try put("/IC", annotation.interiorColor.map { qpdf.colorArray($0) })
    try put("/CA", real(annotation.opacity))
    try put("/T", text(annotation.title))
    try put("/Subj", text(annotation.subject))
    try put("/Contents", text(annotation.contents))
    try put("/RC", text(annotation.richContents))
    if let created = annotation.created { try put("/CreationDate", text(created)) }
    if let border = annotation.border {
      var entries = [("/Type", qpdf.makeName("Border")), ("/W", qpdf.makeReal(border.width, decimals: 3)), ("/S", qpdf.makeName(border.style))]
      if border.style == "D" { entries.append(("/D", qpdf.numberArray(border.dashes))) }
      try put("/BS", qpdf.makeDictionary(entries))
    } else {
      try put("/BS", nil)
    }
    try put("/Border", nil)
    try put("/BE", annotation.cloudyIntensity.map {
      qpdf.makeDictionary([("/S", qpdf.makeName("C")), ("/I", qpdf.makeReal($0, decimals: 3))])
    })
    try put("/QuadPoints", annotation.quadPoints.isEmpty ? nil : qpdf.numberArray(annotation.quadPoints))
    try put("/InkList", annotation.ink.isEmpty ? nil : qpdf.makeArray(annotation.ink.map { qpdf.pointArray($0) }))
    try put("/Vertices", annotation.vertices.isEmpty ? nil : qpdf.pointArray(annotation.vertices))
    try put("/L", annotation.line.isEmpty ? nil : qpdf.pointArray(annotation.line))
    let endings = annotation.lineEndings.map { qpdf.makeName($0) }
    try put("/LE", endings.isEmpty ? nil : annotation.subtype == "FreeText" ? endings[0] : qpdf.makeArray(endings))
    try put("/LL", real(annotation.leaderLength))
    try put("/LLE", real(annotation.leaderExtension))
    try put("/LLO", real(annotation.leaderOffset))
    try put("/Cap", annotation.caption ? qpdf.makeBool(true) : nil)
    try put("/CP", name(annotation.captionPosition))
    try put("/Name", name(annotation.icon))
    try put("/DA", annotation.defaultAppearance.map { qpdf.makeTextString($0) })
    try put("/DS", text(annotation.defaultStyle))
    try put("/Q", annotation.justification.map { qpdf.makeInteger($0) })
    try put("/CL", annotation.callout.isEmpty ? nil : qpdf.pointArray(annotation.callout))
    try put("/IT", name(annotation.intent))
    try put("/RD", annotation.fringe.isEmpty ? nil : qpdf.numberArray(annotation.fringe))
    try put("/Rotate", annotation.rotation.map { qpdf.makeInteger($0) })
    try put("/Sy", name(annotation.symbol))
    try put("/State", text(annotation.state))
    try put("/StateModel", text(annotation.stateModel))
    try put("/Open", annotation.open.map { qpdf.makeBool($0) })
  }

  /// Gives annotation `id` the popup described: its existing popup is moved and opened or
  /// closed, or a new one is added.
  private func writePopup(_ popup: ExchangedAnnotation.Popup, of id: Int64) throws(PDFError) {
    let existing = try locked { () throws(PDFError) -> Bool in
      let object = try annotationObject(id).object
      guard let window = qpdf.entry(object, "/Popup"), qpdf.isDictionary(window), qpdf.identity(window) != nil else {
        return false
      }
      let rect = popup.rect
      try writer.set("/Rect", qpdf.numberArray([rect.x0, rect.y0, rect.x1, rect.y1]), in: window)
      try writer.set("/Open", qpdf.makeBool(popup.open), in: window)
      try writer.set("/F", qpdf.makeInteger(Int(popup.flags)), in: window)
      try commitChange("move a popup")
      return true
    }
    guard !existing else { return }
    let window = try addPopup(to: id, rect: popup.rect, open: popup.open)
    if popup.flags != 0 { try updateAnnotation(window, [.flags(popup.flags)]) }
  }

  /// Sets or removes the reply relation `annotation` describes; the parent is found by name.
  private func writeReply(_ annotation: ExchangedAnnotation, names: [String: Int64]) throws(PDFError) {
    guard let id = names[annotation.name] else { return }
    try locked { () throws(PDFError) in
      let object = try annotationObject(id).object
      let parentName = qpdf.entry(object, "/IRT").flatMap { qpdf.isDictionary($0) ? exchangeName($0) : nil }
      let type = qpdf.entry(object, "/RT").flatMap { qpdf.name($0) }
      guard parentName != annotation.inReplyTo || type != annotation.replyType else { return }
      guard let parent = annotation.inReplyTo else {
        try writer.remove("/IRT", from: object)
        try writer.remove("/RT", from: object)
        try commitChange("remove a reply relation")
        return
      }
      guard let parentID = names[parent] else {
        throw PDFError(
          .invalidArgument,
          "XFDF line \(annotation.sourceLine): '\(annotation.name)' replies to '\(parent)', which is neither in the XFDF nor in the document")
      }
      try writer.set("/IRT", try annotationObject(parentID).object, in: object)
      if let type = annotation.replyType { try writer.set("/RT", qpdf.makeName(type), in: object) } else {
        try writer.remove("/RT", from: object)
      }
      try commitChange("set a reply relation")
    }
  }
}
