// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension Document {
  /// Adds a Popup annotation for `parent` (shown in `rect`, open or closed) and returns its id.
  public func addPopup(to parent: Int64, rect: Rect, open: Bool) throws(PDFError) -> Int64 {
    try Document.checkRect(rect)
    let page = try annotationPage(parent)
    try beginGroup("Add Popup")
    defer { try? endGroup() }
    let popup = try createAnnotation(page: page, subtype: "Popup", rect: rect)
    try locked { () throws(PDFError) in
      let parentObject = try annotationObject(parent).object
      let popupObject = try annotationObject(popup).object
      try writer.set("/Parent", parentObject, in: popupObject)
      try writer.set("/Open", qpdf.makeBool(open), in: popupObject)
      try writer.set("/Popup", popupObject, in: parentObject)
      try commitChange("attach a popup")
    }
    return popup
  }

  /// Makes annotation `id` a reply to `parent` (/IRT) of type "R" (reply) or "Group"; nil
  /// removes the relation.
  public func setReply(_ id: Int64, to parent: Int64?, type: String = "R") throws(PDFError) {
    guard type == "R" || type == "Group" else {
      throw PDFError(.invalidArgument, "the reply type is R or Group")
    }
    guard parent != id else { throw PDFError(.invalidArgument, "an annotation cannot reply to itself") }
    try locked { () throws(PDFError) in
      try requirePermission(.annotate, "change annotations")
      let object = try annotationObject(id).object
      guard let parent else {
        try touchModified(object)
        try writer.remove("/IRT", from: object)
        try writer.remove("/RT", from: object)
        try commitChange("remove a reply relation")
        return
      }
      let parentObject = try annotationObject(parent).object
      try touchModified(object)
      try writer.set("/IRT", parentObject, in: object)
      if type == "Group" {
        try writer.set("/RT", qpdf.makeName("Group"), in: object)
      } else {
        try writer.remove("/RT", from: object)
      }
      try commitChange("set a reply relation")
    }
  }

  /// The id of the annotation `id` replies to, if any (listing its page's annotations).
  public func replyParent(of id: Int64) throws(PDFError) -> Int64? {
    try locked { () throws(PDFError) -> Int64? in
      let (object, page) = try annotationObject(id)
      guard let parent = qpdf.entry(object, "/IRT").flatMap({ qpdf.identity($0) }) else { return nil }
      _ = try annotationIDs(page: page)
      // A deleted parent keeps its id (for undo) but no longer counts.
      guard let id = annotationIndex.ids[parent], (try? annotationObject(id)) != nil else { return nil }
      return id
    }
  }

  /// Moves annotation `id` to position `index` of its page's z-order (0 is the back; an index
  /// at or past the end moves it to the front).
  public func moveAnnotation(_ id: Int64, toZIndex index: Int) throws(PDFError) {
    guard index >= 0 else { throw PDFError(.outOfRange, "the z-index must not be negative") }
    try locked { () throws(PDFError) in
      try requirePermission(.annotate, "change annotations")
      let (object, pageIndex) = try annotationObject(id)
      let page = try pageObject(pageIndex)
      guard let annots = qpdf.entry(page, "/Annots"), let items = qpdf.items(annots),
        let target = qpdf.identity(object),
        let from = items.firstIndex(where: { qpdf.identity($0) == target })
      else { throw PDFError(.notFound, "annotation \(id) is not on its page any more") }
      try writer.removeItem(at: from, from: annots, owner: page)
      try writer.insert(object, at: min(index, items.count - 1), in: annots, owner: page)
      try commitChange("reorder annotations")
    }
  }

  /// Points a Link annotation at a URI.
  public func setLinkURI(_ id: Int64, _ uri: String) throws(PDFError) {
    guard !uri.isEmpty, uri.utf8.count <= Limits.maximumTextBytes,
      uri.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F })
    else {
      throw PDFError(.invalidArgument, "a link URI must be non-empty printable ASCII (percent-encode the rest)")
    }
    try editLink(id) { () throws(PDFError) in
      ("/A", qpdf.makeDictionary([("/S", qpdf.makeName("URI")), ("/URI", qpdf.makeByteString(uri))]))
    }
  }

  /// Points a Link annotation at page `page` of the document (fit the page).
  public func setLinkDestination(_ id: Int64, page: Int) throws(PDFError) {
    try editLink(id) { () throws(PDFError) in
      return ("/Dest", qpdf.makeArray([try pageObject(page), qpdf.makeName("Fit")]))
    }
  }

  /// Replaces a Link's target with the entry `make` returns.
  private func editLink(_ id: Int64, _ make: () throws(PDFError) -> (String, qpdf_oh)) throws(PDFError) {
    try locked { () throws(PDFError) in
      try requirePermission(.annotate, "change annotations")
      let object = try annotationObject(id).object
      guard qpdf.entry(object, "/Subtype").flatMap({ qpdf.name($0) }) == "Link" else {
        throw PDFError(.invalidArgument, "annotation \(id) is not a Link")
      }
      let (key, value) = try make()
      try writer.remove("/A", from: object)
      try writer.remove("/Dest", from: object)
      try writer.set(key, value, in: object)
      try touchModified(object)
      try commitChange("change a link")
    }
  }

  /// The URI a Link opens, if it has a URI action.
  public func linkURI(_ id: Int64) throws(PDFError) -> String? {
    try locked { () throws(PDFError) -> String? in
      let object = try annotationObject(id).object
      guard let action = qpdf.entry(object, "/A"),
        qpdf.entry(action, "/S").flatMap({ qpdf.name($0) }) == "URI"
      else { return nil }
      return qpdf.entry(action, "/URI").flatMap { qpdf.text($0) }
    }
  }

  /// The page a Link goes to, if it has an explicit page destination.
  public func linkDestinationPage(_ id: Int64) throws(PDFError) -> Int? {
    try locked { () throws(PDFError) -> Int? in
      let object = try annotationObject(id).object
      var destination = qpdf.entry(object, "/Dest")
      if destination == nil, let action = qpdf.entry(object, "/A"),
        qpdf.entry(action, "/S").flatMap({ qpdf.name($0) }) == "GoTo"
      {
        destination = qpdf.entry(action, "/D")
      }
      guard let items = destination.flatMap({ qpdf.items($0) }), let first = items.first,
        let page = qpdf.identity(first)
      else { return nil }
      return pageIndex(of: page)
    }
  }

  /// Embeds `bytes` as the file of a FileAttachment annotation, named `name`.
  public func setAttachment(_ id: Int64, name: String, bytes: [UInt8]) throws(PDFError) {
    guard !name.isEmpty else { throw PDFError(.invalidArgument, "the file name is empty") }
    try Limits.checkText(name, "the file name")
    guard bytes.count <= Limits.maximumAttachmentBytes else {
      throw PDFError(.invalidArgument, "the file is larger than \(Limits.maximumAttachmentBytes) bytes")
    }
    try locked { () throws(PDFError) in
      try requirePermission(.annotate, "change annotations")
      let object = try annotationObject(id).object
      guard qpdf.entry(object, "/Subtype").flatMap({ qpdf.name($0) }) == "FileAttachment" else {
        throw PDFError(.invalidArgument, "annotation \(id) is not a FileAttachment")
      }
      let stream = try writer.makeStream(bytes, dictionary: [
        ("/Type", qpdf.makeName("EmbeddedFile")),
        ("/Params", qpdf.makeDictionary([("/Size", qpdf.makeInteger(bytes.count))])),
      ])
      let specification = qpdf.makeDictionary([
        ("/Type", qpdf.makeName("Filespec")), ("/F", qpdf.makeTextString(name)), ("/UF", qpdf.makeTextString(name)),
        ("/EF", qpdf.makeDictionary([("/F", stream)])),
      ])
      try writer.set("/FS", specification, in: object)
      try touchModified(object)
      try commitChange("attach a file")
    }
  }

  /// The name and bytes of a FileAttachment's embedded file, if it has one.
  public func attachment(_ id: Int64) throws(PDFError) -> (name: String, bytes: [UInt8])? {
    try locked { () throws(PDFError) -> (name: String, bytes: [UInt8])? in
      try embeddedFile(of: try annotationObject(id).object)
    }
  }

  /// The name and bytes of the file a FileAttachment dictionary embeds (nil without one);
  /// throws `.damaged` when its stream cannot be read. Call under the lock.
  func embeddedFile(of object: qpdf_oh) throws(PDFError) -> (name: String, bytes: [UInt8])? {
    guard let specification = qpdf.entry(object, "/FS"), let files = qpdf.entry(specification, "/EF"),
      let stream = qpdf.entry(files, "/F") ?? qpdf.entry(files, "/UF"),
      qpdf_oh_is_stream(qpdf.data, stream) != QPDF_FALSE
    else { return nil }
    let name = (qpdf.entry(specification, "/UF") ?? qpdf.entry(specification, "/F")).flatMap { qpdf.text($0) } ?? ""
    var filtered: QPDF_BOOL = QPDF_FALSE
    var buffer: UnsafeMutablePointer<UInt8>? = nil
    var length = 0
    _ = qpdf_oh_get_stream_data(qpdf.data, stream, qpdf_dl_generalized, &filtered, &buffer, &length)
    defer { free(buffer) }
    do throws(QPDFFailure) {
      try qpdf.check()
    } catch {
      throw PDFError(.damaged, "cannot read the attached file: \(error.text)")
    }
    guard let buffer else { return (name, []) }
    return (name, Array(UnsafeBufferPointer(start: buffer, count: length)))
  }
}
