import CQPDF

extension Document {
  /// Notes that the annotation's appearance must be rebuilt. Several changes in a row (create,
  /// then set quads, then a colour) then cost one build, done by the next call that reads or
  /// writes anything else (``locked(flushingAppearances:_:)``). Call under the lock.
  func markAppearance(_ object: qpdf_oh) {
    recordChange(object)
    if let identity = qpdf.identity(object) { pendingAppearances.insert(identity) }
  }

  /// Builds every pending appearance; call under the lock.
  func flushAppearances() {
    let pending = pendingAppearances
    pendingAppearances.removeAll()
    for identity in pending.sorted(by: { $0.number < $1.number }) {
      let object = qpdf_get_object_by_id(qpdf.data, identity.number, identity.generation)
      if qpdf.isDictionary(object) { writeAppearance(object) }
    }
  }

  /// Builds the annotation's appearance stream from its current properties and stores it as
  /// /AP /N (removing /AP when the subtype gets none); call under the lock.
  func writeAppearance(_ object: qpdf_oh) {
    recordChange(object)
    let input = readProperties(object)
    var images: [String: qpdf_oh] = [:]
    var built = AppearanceBuilder.build(input)
    if input.subtype == "Stamp",
      let custom = imageStampAppearance(object, rect: input.rect, opacity: input.opacity)
    {
      var stream = AppearanceStream(bbox: input.rect, content: custom.content)
      if input.opacity < 1 {
        stream.graphicsStates["GS0"] = AppearanceStream.GraphicsState(opacity: input.opacity, blendMode: "Normal")
      }
      images["Im0"] = custom.image
      built = stream
    }
    guard let appearance = built else {
      if input.subtype != "Widget" { qpdf_oh_remove_key(qpdf.data, object, "/AP") }
      return
    }
    let data = qpdf.data
    let stream: qpdf_oh
    if let own = ownAppearanceStream(of: object) {
      // Rewritten in place (its old state goes to the journal like any other change).
      recordChange(own)
      stream = own
      let dictionary = qpdf_oh_get_dict(data, own)
      for key in qpdf.keys(dictionary) where key != "/Length" { qpdf_oh_remove_key(data, dictionary, key) }
    } else {
      stream = qpdf_oh_new_stream(data)
      if let identity = qpdf.identity(stream), let owner = qpdf.identity(object) {
        ownAppearanceStreams[identity] = owner
      }
    }
    var content = Array(appearance.content.utf8)
    content.withUnsafeMutableBufferPointer { buffer in
      qpdf_oh_replace_stream_data(
        data, stream, buffer.baseAddress, buffer.count, qpdf_oh_new_null(data), qpdf_oh_new_null(data))
    }
    let dictionary = qpdf_oh_get_dict(data, stream)
    qpdf_oh_replace_key(data, dictionary, "/Type", qpdf_oh_new_name(data, "/XObject"))
    qpdf_oh_replace_key(data, dictionary, "/Subtype", qpdf_oh_new_name(data, "/Form"))
    let box = appearance.bbox
    qpdf_oh_replace_key(data, dictionary, "/BBox", qpdf.numberArray([box.x0, box.y0, box.x1, box.y1]))
    let resources = qpdf_oh_new_dictionary(data)
    if !appearance.graphicsStates.isEmpty {
      let states = qpdf_oh_new_dictionary(data)
      for (name, state) in appearance.graphicsStates.sorted(by: { $0.key < $1.key }) {
        let entry = qpdf_oh_new_dictionary(data)
        qpdf_oh_replace_key(data, entry, "/Type", qpdf_oh_new_name(data, "/ExtGState"))
        qpdf_oh_replace_key(data, entry, "/CA", qpdf_oh_new_real_from_double(data, state.opacity, 4))
        qpdf_oh_replace_key(data, entry, "/ca", qpdf_oh_new_real_from_double(data, state.opacity, 4))
        qpdf_oh_replace_key(data, entry, "/BM", qpdf_oh_new_name(data, "/" + state.blendMode))
        qpdf_oh_replace_key(data, states, "/" + name, entry)
      }
      qpdf_oh_replace_key(data, resources, "/ExtGState", states)
    }
    if !appearance.fonts.isEmpty {
      let fonts = qpdf_oh_new_dictionary(data)
      for (name, base) in appearance.fonts.sorted(by: { $0.key < $1.key }) {
        let font = qpdf_oh_new_dictionary(data)
        qpdf_oh_replace_key(data, font, "/Type", qpdf_oh_new_name(data, "/Font"))
        qpdf_oh_replace_key(data, font, "/Subtype", qpdf_oh_new_name(data, "/Type1"))
        qpdf_oh_replace_key(data, font, "/BaseFont", qpdf_oh_new_name(data, "/" + base))
        if base != "Symbol" && base != "ZapfDingbats" {
          qpdf_oh_replace_key(data, font, "/Encoding", qpdf_oh_new_name(data, "/WinAnsiEncoding"))
        }
        qpdf_oh_replace_key(data, fonts, "/" + name, font)
      }
      qpdf_oh_replace_key(data, resources, "/Font", fonts)
    }
    if !images.isEmpty {
      let xobjects = qpdf_oh_new_dictionary(data)
      for (name, image) in images { qpdf_oh_replace_key(data, xobjects, "/" + name, image) }
      qpdf_oh_replace_key(data, resources, "/XObject", xobjects)
    }
    qpdf_oh_replace_key(data, dictionary, "/Resources", resources)
    let ap = qpdf_oh_new_dictionary(data)
    qpdf_oh_replace_key(data, ap, "/N", stream)
    qpdf_oh_replace_key(data, object, "/AP", ap)
    qpdf_oh_remove_key(data, object, "/AS")
    // Drawn geometry decides the rectangle of these subtypes; a FreeText callout widens it,
    // and /RD keeps where the text box is inside it.
    if Document.rectFollowsDrawing.contains(input.subtype) {
      qpdf_oh_replace_key(data, object, "/Rect", qpdf.numberArray([box.x0, box.y0, box.x1, box.y1]))
    } else if input.subtype == "FreeText" {
      if box != input.rect {
        let text = input.rect
        qpdf_oh_replace_key(data, object, "/Rect", qpdf.numberArray([box.x0, box.y0, box.x1, box.y1]))
        qpdf_oh_replace_key(
          data, object, "/RD",
          qpdf.numberArray([text.x0 - box.x0, text.y0 - box.y0, box.x1 - text.x1, box.y1 - text.y1]))
      } else {
        // No callout (any more): the text box is the whole rectangle.
        let text = input.rect
        qpdf_oh_replace_key(data, object, "/Rect", qpdf.numberArray([text.x0, text.y0, text.x1, text.y1]))
        qpdf_oh_remove_key(data, object, "/RD")
      }
    }
  }

  /// The annotation's normal appearance when it is a stream this document made for this very
  /// annotation.
  private func ownAppearanceStream(of object: qpdf_oh) -> qpdf_oh? {
    guard let appearance = qpdf.entry(object, "/AP"), let normal = qpdf.entry(appearance, "/N"),
      qpdf_oh_is_stream(qpdf.data, normal) != QPDF_FALSE, let identity = qpdf.identity(normal),
      let owner = qpdf.identity(object), ownAppearanceStreams[identity] == owner
    else { return nil }
    return normal
  }

  /// Subtypes whose /Rect is the box around what they draw.
  static let rectFollowsDrawing: Set<String> = [
    "Line", "PolyLine", "Polygon", "Ink", "Highlight", "Underline", "Squiggly", "StrikeOut",
  ]
}
