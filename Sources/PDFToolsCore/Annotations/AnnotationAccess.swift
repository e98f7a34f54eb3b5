// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// The page index of annotation `id`.
  public func annotationPage(_ id: Int64) throws(PDFError) -> Int {
    try locked { () throws(PDFError) -> Int in try annotationObject(id).page }
  }

  /// The raw /Subtype name of annotation `id` ("Highlight", "Widget", ...; "" when missing).
  public func annotationSubtype(_ id: Int64) throws(PDFError) -> String {
    try locked { () throws(PDFError) -> String in
      let object = try annotationObject(id).object
      return qpdf.entry(object, "/Subtype").flatMap { qpdf.name($0) } ?? ""
    }
  }

  /// The /Rect of annotation `id` in page space (an empty rect at 0,0 when missing or malformed).
  public func annotationRect(_ id: Int64) throws(PDFError) -> Rect {
    try locked { () throws(PDFError) -> Rect in
      let object = try annotationObject(id).object
      return qpdf.entry(object, "/Rect").flatMap { qpdf.rect($0) } ?? Rect(0, 0, 0, 0)
    }
  }

  /// The value of `key` in annotation `id` as PDF syntax (indirect objects as references), or
  /// nil when absent.
  public func annotationRawValue(_ id: Int64, key: String) throws(PDFError) -> String? {
    try Document.checkName(key)
    return try locked { () throws(PDFError) -> String? in
      let object = try annotationObject(id).object
      guard let value = qpdf.value(object, key), let text = qpdf_oh_unparse(qpdf.data, value) else {
        return nil
      }
      let length = qpdf_get_last_string_length(qpdf.data)
      return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    }
  }

  /// The text of a string entry of annotation `id` (decoded to UTF-8), or nil when absent or
  /// not a string.
  public func annotationText(_ id: Int64, key: String) throws(PDFError) -> String? {
    try Document.checkName(key)
    return try locked { () throws(PDFError) -> String? in
      let object = try annotationObject(id).object
      return qpdf.value(object, key).flatMap { qpdf.text($0) }
    }
  }

  /// Sets `key` of annotation `id` to the object written in PDF syntax, or removes it when
  /// `syntax` is nil. Keys that define the annotation's identity and place (/Type, /Subtype,
  /// /P, /Parent, /Popup) cannot be changed this way.
  public func setAnnotationRawValue(_ id: Int64, key: String, syntax: String?) throws(PDFError) {
    try Document.checkName(key)
    guard !["Type", "Subtype", "P", "Parent", "Popup"].contains(key) else {
      throw PDFError(.notPermitted, "/\(key) of an annotation cannot be set as raw syntax")
    }
    guard (syntax?.utf8.count ?? 0) <= Limits.maximumSyntaxBytes else {
      throw PDFError(.invalidArgument, "the syntax is longer than \(Limits.maximumSyntaxBytes) bytes")
    }
    try locked { () throws(PDFError) in
      try requirePermission(.annotate, "change annotations")
      let object = try annotationObject(id).object
      guard let syntax else {
        try writer.remove("/" + key, from: object)
        try commitChange("remove /\(key) from annotation \(id)")
        return
      }
      try writer.set("/" + key, try qpdf.parse(syntax), in: object)
      try commitChange("set /\(key) of annotation \(id)")
    }
  }

  /// Deletes annotation `id` from its page, with the popup that belongs to it; the id (and the
  /// popup's) is never used again.
  public func deleteAnnotation(_ id: Int64) throws(PDFError) {
    try locked { () throws(PDFError) in
      try requirePermission(.annotate, "delete annotations")
      let (object, pageIndex) = try annotationObject(id)
      // A widget belongs to a form field: deleting it changes the form.
      if isWidget(object) { try requireFormDesign() }
      let page = try pageObject(pageIndex)
      guard let annots = qpdf.entry(page, "/Annots"), let items = qpdf.items(annots),
        let target = qpdf.identity(object)
      else { throw PDFError(.notFound, "annotation \(id) is not on its page any more") }
      let popup = qpdf.entry(object, "/Popup").flatMap { qpdf.identity($0) }
      var removed: [ObjectIdentity] = []
      for (position, item) in items.enumerated().reversed() {
        guard let identity = qpdf.identity(item) else { continue }
        let isPopupOfTarget =
          identity == popup
          || qpdf.entry(item, "/Parent").flatMap { qpdf.identity($0) } == target
            && qpdf.entry(item, "/Subtype").flatMap { qpdf.name($0) } == "Popup"
        if identity == target || isPopupOfTarget {
          try writer.removeItem(at: position, from: annots, owner: page)
          removed.append(identity)
        }
      }
      guard removed.contains(target) else {
        throw PDFError(.notFound, "annotation \(id) is not on its page any more")
      }
      // A popup deleted on its own: its parent must not point at it any more.
      if let parent = qpdf.entry(object, "/Parent"), qpdf.isDictionary(parent),
        qpdf.entry(parent, "/Popup").flatMap({ qpdf.identity($0) }) == target
      {
        try writer.remove("/Popup", from: parent, owner: object)
      }
      if isWidget(object) { try widgetWasRemoved(object) }
      try commitChange("delete annotation \(id)", label: "Delete Annotation")
      // The ids stay tied to their objects: they are stale while deleted and work again when
      // an undo brings the annotations back.
    }
  }
}
