// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// How a rebuilt appearance sets the /Rect of the subtypes whose rectangle is the box around
/// their drawing (``Document/rectFollowsDrawing``).
enum RectFit {
  /// Only the look changed (a colour, an opacity, a border): /Rect stays as it is, growing only
  /// by what the drawing needs, however tightly another program drew it.
  case keepingRect
  /// The geometry changed: /Rect becomes the box around the drawing.
  case toDrawing
}

extension Document {
  /// Notes that the annotation's appearance must be rebuilt. Several changes in a row (create,
  /// then set quads, then a colour) then cost one build, done by the next call that reads or
  /// writes anything else (``locked(flushingAppearances:_:)``); one that fits /Rect to the
  /// drawing makes the build fit it. Call under the lock.
  func markAppearance(_ object: qpdf_oh, fit: RectFit = .toDrawing) {
    guard let identity = qpdf.identity(object) else { return }
    if pendingAppearances[identity] != .toDrawing { pendingAppearances[identity] = fit }
  }

  /// Builds every pending appearance; call under the lock. An appearance that cannot be
  /// written (a damaged annotation) is left as it was and logged.
  func flushAppearances() {
    let pending = pendingAppearances
    pendingAppearances.removeAll()
    for (identity, fit) in pending.sorted(by: { $0.key.number < $1.key.number }) {
      let object = qpdf.object(identity)
      guard qpdf.isDictionary(object) else { continue }
      do {
        try writeAppearance(object, fit: fit)
      } catch {
        Log.emit(.warning, "pdftools", "cannot build the appearance of object \(identity.number): \(error.message)")
      }
    }
  }

  /// Builds the annotation's appearance stream from its current properties and stores it as
  /// /AP /N (removing /AP when the subtype gets none); call under the lock.
  func writeAppearance(_ object: qpdf_oh, fit: RectFit = .toDrawing) throws(PDFError) {
    let input = readProperties(object)
    if input.subtype == "Widget" { return try widgetDidChange(object) }
    var images: [(String, qpdf_oh)] = []
    var built = AppearanceBuilder.build(input)
    if input.subtype == "Stamp",
      let custom = imageStampAppearance(object, rect: input.rect, opacity: input.opacity)
    {
      var stream = AppearanceStream(bbox: input.rect, content: custom.content)
      if input.opacity < 1 {
        stream.graphicsStates["GS0"] = AppearanceStream.GraphicsState(opacity: input.opacity, blendMode: "Normal")
      }
      images.append(("/Im0", custom.image))
      built = stream
    }
    let write = writer
    guard let appearance = built else {
      if input.subtype != "Widget" { try write.remove("/AP", from: object) }
      return
    }
    var box = appearance.bbox
    if fit == .keepingRect, Document.rectFollowsDrawing.contains(input.subtype),
      let old = qpdf.entry(object, "/Rect").flatMap({ qpdf.rect($0) }), AppearanceLimits.isUsable(old)
    {
      box = box.merged(with: old)
    }
    let resources = try resourceEntries(for: appearance, images: images)
    var entries: [(String, qpdf_oh)] = [
      ("/Type", qpdf.makeName("XObject")), ("/Subtype", qpdf.makeName("Form")),
      ("/BBox", qpdf.numberArray([box.x0, box.y0, box.x1, box.y1])), ("/Resources", qpdf.makeDictionary(resources)),
    ]
    if input.subtype == "Stamp" { entries.append(("\(Document.drawnStampKey)", qpdf.makeBool(true))) }
    let content = Array(appearance.content.utf8)
    let stream: qpdf_oh
    if let own = ownAppearanceStream(of: object) {
      // Rewritten in place (its old state goes to the journal like any other change).
      try write.rewriteStream(own, content, dictionary: entries, reach: .annotations)
      stream = own
    } else {
      stream = try write.makeStream(content, dictionary: entries)
      if let identity = qpdf.identity(stream), let owner = qpdf.identity(object) {
        ownAppearanceStreams[identity] = owner
      }
    }
    try write.set("/AP", qpdf.makeDictionary([("/N", stream)]), in: object)
    try write.remove("/AS", from: object)
    // Drawn geometry decides the rectangle of these subtypes; a FreeText callout widens it,
    // and /RD keeps where the text box is inside it.
    if Document.rectFollowsDrawing.contains(input.subtype) {
      try write.set("/Rect", qpdf.numberArray([box.x0, box.y0, box.x1, box.y1]), in: object)
    } else if input.subtype == "FreeText" {
      let text = input.rect
      if box != text {
        try write.set("/Rect", qpdf.numberArray([box.x0, box.y0, box.x1, box.y1]), in: object)
        try write.set(
          "/RD", qpdf.numberArray([text.x0 - box.x0, text.y0 - box.y0, box.x1 - text.x1, box.y1 - text.y1]),
          in: object)
      } else {
        // No callout (any more): the text box is the whole rectangle.
        try write.set("/Rect", qpdf.numberArray([text.x0, text.y0, text.x1, text.y1]), in: object)
        try write.remove("/RD", from: object)
      }
    }
  }

  /// The /Resources entries of `appearance` (graphics states, fonts, embedded subsets) and
  /// `images`; call under the lock (subset fonts become objects).
  func resourceEntries(for appearance: AppearanceStream, images: [(String, qpdf_oh)] = []) throws(PDFError)
    -> [(String, qpdf_oh)]
  {
    var resources: [(String, qpdf_oh)] = []
    if !appearance.graphicsStates.isEmpty {
      resources.append(("/ExtGState", qpdf.makeDictionary(appearance.graphicsStates.sorted(by: { $0.key < $1.key }).map { name, state in
        ("/" + name, qpdf.makeDictionary([
          ("/Type", qpdf.makeName("ExtGState")), ("/CA", qpdf.makeReal(state.opacity)),
          ("/ca", qpdf.makeReal(state.opacity)), ("/BM", qpdf.makeName(state.blendMode)),
        ]))
      })))
    }
    var fontEntries: [(String, qpdf_oh)] = appearance.fonts.sorted(by: { $0.key < $1.key }).map { name, base in
      var font = [("/Type", qpdf.makeName("Font")), ("/Subtype", qpdf.makeName("Type1")), ("/BaseFont", qpdf.makeName(base))]
      if base != "Symbol" && base != "ZapfDingbats" { font.append(("/Encoding", qpdf.makeName("WinAnsiEncoding"))) }
      return ("/" + name, qpdf.makeDictionary(font))
    }
    for (name, font) in appearance.embeddedFonts.sorted(by: { $0.key < $1.key }) {
      fontEntries.append(("/" + name, try writeFont(font)))
    }
    if !fontEntries.isEmpty { resources.append(("/Font", qpdf.makeDictionary(fontEntries))) }
    if !images.isEmpty { resources.append(("/XObject", qpdf.makeDictionary(images))) }
    return resources
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
