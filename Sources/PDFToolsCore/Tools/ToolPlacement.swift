// SPDX-License-Identifier: GPL-3.0-or-later
extension ToolManager {
  /// Writes a placement now, or asks the host for what it lacks; call under the lock.
  func place(_ placement: PendingPlacement) throws(PDFError) {
    switch placement.need {
    case .text:
      pending = placement
      notify(.requestText, page: placement.page, text: "", tool: placement.tool)
    case .linkTarget:
      if payloads.link != nil { return try commitPlacement(placement, text: nil) }
      pending = placement
      notify(.requestLinkTarget, page: placement.page, tool: placement.tool)
    case .payload(let kind):
      let ready: Bool
      switch kind {
      case "file": ready = payloads.file != nil
      case "image": ready = payloads.image != nil
      case "signature": ready = payloads.ink != nil || payloads.image != nil
      default: ready = true
      }
      if ready { return try commitPlacement(placement, text: nil) }
      pending = placement
      notify(.requestPayload, page: placement.page, text: kind, tool: placement.tool)
    }
  }

  /// Writes a placement with the host's answer; call under the lock.
  func commitPlacement(_ placement: PendingPlacement, text: String?) throws(PDFError) {
    // A failed write keeps the placement waiting (the host may answer again or cancel).
    try writePlacement(placement, text: text)
    pending = nil
    if placement.tool == .link { payloads.link = nil }
  }

  /// Writes a placement; call under the lock.
  private func writePlacement(_ placement: PendingPlacement, text: String?) throws(PDFError) {
    let toPage = placement.transform.toPage
    let style = placement.style
    let box = placement.box
    let contents = AnnotationChange.text(key: "Contents", value: text ?? "")
    if let id = placement.editing {
      try document.performStep("Edit Contents") { () throws(PDFError) in
        try document.updateAnnotation(id, [contents])
      }
      notify(.annotationsModified, page: placement.page, ids: [id])
      notify(.undoState)
      return
    }
    switch placement.tool {
    case .stickyNote:
      try createAnnotation(.stickyNote, page: placement.page, subtype: "Text", rect: toPage.apply(box), style: style, extra: [contents])
    case .freeText:
      try createAnnotation(.freeText, page: placement.page, subtype: "FreeText", rect: toPage.apply(box), style: style, extra: [contents])
    case .callout:
      let anchor = placement.anchor ?? Point(box.x0, box.y0)
      let midX = (box.x0 + box.x1) / 2
      let midY = (box.y0 + box.y1) / 2
      let knee: Point
      if anchor.x < box.x0 {
        knee = Point(box.x0, midY)
      } else if anchor.x > box.x1 {
        knee = Point(box.x1, midY)
      } else {
        knee = Point(midX, anchor.y < box.y0 ? box.y0 : box.y1)
      }
      try createAnnotation(
        .callout, page: placement.page, subtype: "FreeText", rect: toPage.apply(box), style: style,
        extra: [
          contents,
          .freeText(font: style.font, size: style.fontSize, color: style.textColor, alignment: 0, intent: "FreeTextCallout"),
          .callout([toPage.apply(anchor), toPage.apply(knee)]), .lineEndings(style.lineStart, .none),
        ])
    case .stamp:
      try createAnnotation(.stamp, page: placement.page, subtype: "Stamp", rect: toPage.apply(box), style: style, extra: [])
    case .image:
      guard let image = payloads.image else { throw PDFError(.notFound, "no image was provided") }
      try placeImage(placement, image: image, contents: nil)
    case .signature:
      if payloads.signatureIsImage || payloads.ink == nil, let image = payloads.image {
        try placeImage(placement, image: image, contents: "Signature")
      } else if let ink = payloads.ink {
        let unit = ink.flatMap { $0 }
        guard let bounds = Extent(unit).rect else { throw PDFError(.notFound, "no signature was provided") }
        let scale = min(
          bounds.width > 0 ? box.width / bounds.width : .infinity, bounds.height > 0 ? box.height / bounds.height : .infinity)
        let factor = scale.isFinite ? scale : 1
        let offset = Point(
          box.x0 + (box.width - bounds.width * factor) / 2 - bounds.x0 * factor,
          box.y0 + (box.height - bounds.height * factor) / 2 - bounds.y0 * factor)
        let strokes = ink.map { stroke in
          stroke.map { toPage.apply(Point(offset.x + $0.x * factor, offset.y + $0.y * factor)) }
        }
        try createAnnotation(
          .signature, page: placement.page, subtype: "Ink", rect: toPage.apply(box), style: style,
          extra: [.ink(strokes), .text(key: "Contents", value: "Signature")])
      } else {
        throw PDFError(.notFound, "no signature was provided")
      }
    case .fileAttachment:
      guard let file = payloads.file else { throw PDFError(.notFound, "no file was provided") }
      try createAnnotation(
        .fileAttachment, page: placement.page, subtype: "FileAttachment", rect: toPage.apply(box), style: style,
        extra: [.text(key: "Contents", value: file.name)]
      ) { (id: Int64) throws(PDFError) in
        try document.setAttachment(id, name: file.name, bytes: file.bytes)
      }
    case .link:
      guard let target = payloads.link else { throw PDFError(.notFound, "no link target was provided") }
      var extra: [AnnotationChange] = []
      if !placement.quads.isEmpty { extra.append(.quads(placement.quads)) }
      try createAnnotation(.link, page: placement.page, subtype: "Link", rect: toPage.apply(box), style: style, extra: extra) {
        (id: Int64) throws(PDFError) in
        switch target {
        case .uri(let uri): try document.setLinkURI(id, uri)
        case .page(let page): try document.setLinkDestination(id, page: page)
        }
      }
    default:
      throw PDFError(.internal, "the \(placement.tool.name) tool places nothing")
    }
  }

  /// Places an image Stamp; a tapped box takes the image's aspect (150 units wide).
  private func placeImage(
    _ placement: PendingPlacement, image: (bytes: [UInt8], width: Int, height: Int), contents: String?
  ) throws(PDFError) {
    var box = placement.box
    if placement.fromTap {
      let width = placement.tool == .signature ? box.width : 150
      var height = width * Double(image.height) / Double(max(image.width, 1))
      if placement.tool == .signature, height > box.height { height = box.height }
      let fittedWidth = placement.tool == .signature ? height * Double(image.width) / Double(max(image.height, 1)) : width
      box = Rect(box.x0, box.y0, box.x0 + fittedWidth, box.y0 + height)
    }
    var extra: [AnnotationChange] = []
    if let contents { extra.append(.text(key: "Contents", value: contents)) }
    try createAnnotation(
      placement.tool, page: placement.page, subtype: "Stamp", rect: placement.transform.toPage.apply(box),
      style: placement.style, extra: extra
    ) { (id: Int64) throws(PDFError) in
      try document.setStampImage(id, bytes: image.bytes)
    }
  }

  // MARK: Answers from the host

  /// Gives the pending note, free text or callout its text and writes it; with nothing
  /// pending, sets the /Contents of the one selected annotation.
  public func commitText(_ text: String) throws(PDFError) {
    try run { () throws(PDFError) in
      if let placement = pending, placement.need == .text { return try commitPlacement(placement, text: text) }
      pruneSelection()
      guard selectedIDs.count == 1, let id = selectedIDs.first else {
        throw PDFError(.notFound, "no note is waiting for text and not exactly one annotation is selected")
      }
      guard currentMode == .annotate else { throw PDFError(.notPermitted, "changing contents needs annotate mode") }
      let info = try annotationInfo(id)
      guard !info.contentsLocked, !info.isReadOnly else {
        throw PDFError(.notPermitted, "annotation \(id) has locked contents")
      }
      try document.performStep("Edit Contents") { () throws(PDFError) in
        try document.updateAnnotation(id, [.text(key: "Contents", value: text)])
      }
      notify(.annotationsModified, page: info.page, ids: [id])
      notify(.undoState)
    }
  }

  /// Writes the pending placement if it waits for `kind`; call under the lock.
  private func answer(_ kinds: Set<String>) throws(PDFError) {
    guard let placement = pending else { return }
    switch placement.need {
    case .payload(let kind) where kinds.contains(kind): try commitPlacement(placement, text: nil)
    case .linkTarget where kinds.contains("link"): try commitPlacement(placement, text: nil)
    default: break
    }
  }

  /// An image (PNG or JPEG) for the image tool or an image signature.
  public func provideImage(_ bytes: [UInt8]) throws(PDFError) {
    guard let image = StampImage(bytes) else {
      throw PDFError(.invalidArgument, "the image must be PNG or JPEG of at most 10000 pixels a side")
    }
    try run { () throws(PDFError) in
      payloads.image = (bytes, image.width, image.height)
      payloads.signatureIsImage = true
      try answer(["image", "signature"])
    }
  }

  /// A file for the file attachment tool.
  public func provideFile(name: String, bytes: [UInt8]) throws(PDFError) {
    guard !name.isEmpty else { throw PDFError(.invalidArgument, "the file name must not be empty") }
    try run { () throws(PDFError) in
      payloads.file = (name, bytes)
      try answer(["file"])
    }
  }

  /// An ink signature: strokes in a unit box (y down).
  public func provideInk(_ strokes: [[Point]]) throws(PDFError) {
    let inRange = { (point: Point) in Limits.isCoordinate(point) }
    guard !strokes.isEmpty, strokes.allSatisfy({ !$0.isEmpty && $0.allSatisfy(inRange) }) else {
      throw PDFError(.invalidArgument, "an ink signature needs strokes of points in its unit box (finite, at most 1e6)")
    }
    try run { () throws(PDFError) in
      payloads.ink = strokes
      payloads.signatureIsImage = false
      try answer(["signature"])
    }
  }

  /// A URI for the link tool (used once).
  public func provideLinkURI(_ uri: String) throws(PDFError) {
    guard !uri.isEmpty, uri.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }) else {
      throw PDFError(.invalidArgument, "a link URI must be non-empty printable ASCII (percent-encode the rest)")
    }
    try run { () throws(PDFError) in
      payloads.link = .uri(uri)
      try answer(["link"])
    }
  }

  /// A page for the link tool (used once).
  public func provideLinkPage(_ page: Int) throws(PDFError) {
    try run { () throws(PDFError) in
      let count = document.pageCount
      guard page >= 0, page < count else {
        throw PDFError(.outOfRange, "page index \(page) is out of range (the document has \(count) pages)")
      }
      payloads.link = .page(page)
      try answer(["link"])
    }
  }

  /// Drops the pending placement.
  public func cancelRequest() throws(PDFError) {
    try run { () throws(PDFError) in pending = nil }
  }
}
