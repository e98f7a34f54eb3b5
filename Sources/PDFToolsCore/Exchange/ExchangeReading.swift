// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// The name an annotation is exchanged under: its /NM, or for one without, a name made from
  /// its object number ("pdftools-object-12-0") that import finds it by again. Call under the
  /// lock.
  func exchangeName(_ object: qpdf_oh) -> String {
    if let name = qpdf.entry(object, "/NM").flatMap({ qpdf.text($0) }), !name.isEmpty { return name }
    guard let identity = qpdf.identity(object) else { return "" }
    return Document.objectNamePrefix + "\(identity.number)-\(identity.generation)"
  }

  /// The prefix of names made from object numbers.
  static let objectNamePrefix = "pdftools-object-"

  /// The annotation `object` on page `page` as exchanged; call under the lock.
  func exchangedAnnotation(_ object: qpdf_oh, page: Int) -> ExchangedAnnotation {
    func number(_ key: StaticString) -> Double? { qpdf.entry(object, key).flatMap { qpdf.number($0) } }
    func text(_ key: StaticString) -> String? { qpdf.entry(object, key).flatMap { qpdf.text($0) } }
    func name(_ key: StaticString) -> String? { qpdf.entry(object, key).flatMap { qpdf.name($0) } }
    func numbers(_ key: StaticString) -> [Double] {
      qpdf.entry(object, key).flatMap { qpdf.numbers($0) } ?? []
    }
    var annotation = ExchangedAnnotation(
      subtype: name("/Subtype") ?? "", page: page,
      rect: qpdf.entry(object, "/Rect").flatMap { qpdf.rect($0) } ?? Rect(0, 0, 0, 0), name: exchangeName(object))
    annotation.flags = UInt32(clamping: max(0, qpdf.entry(object, "/F").flatMap { qpdf.integer($0) } ?? 0)) & 0x3FF
    annotation.color = qpdf.color(qpdf.entry(object, "/C"))
    annotation.interiorColor = qpdf.color(qpdf.entry(object, "/IC"))
    annotation.opacity = number("/CA").map { min(max($0, 0), 1) }
    annotation.title = text("/T")
    annotation.subject = text("/Subj")
    annotation.contents = text("/Contents")
    annotation.richContents = text("/RC")
    annotation.modified = text("/M")
    annotation.created = text("/CreationDate")
    annotation.border = border(object)
    if let effect = qpdf.entry(object, "/BE"), qpdf.entry(effect, "/S").flatMap({ qpdf.name($0) }) == "C" {
      annotation.cloudyIntensity = qpdf.entry(effect, "/I").flatMap { qpdf.number($0) } ?? 1
    }
    let quads = numbers("/QuadPoints")
    annotation.quadPoints = Array(quads.prefix(quads.count / 8 * 8))
    if let strokes = qpdf.entry(object, "/InkList").flatMap({ qpdf.items($0) }) {
      annotation.ink = strokes.map { qpdf.points($0) }.filter { !$0.isEmpty }
    }
    annotation.vertices = qpdf.points(qpdf.entry(object, "/Vertices"))
    let line = qpdf.points(qpdf.entry(object, "/L"))
    annotation.line = line.count == 2 ? line : []
    annotation.lineEndings = qpdf.entry(object, "/LE").flatMap { qpdf.items($0) }?.compactMap { qpdf.name($0) }
      ?? name("/LE").map { [$0] } ?? []
    annotation.leaderLength = number("/LL")
    annotation.leaderExtension = number("/LLE")
    annotation.leaderOffset = number("/LLO")
    if let cap = qpdf.entry(object, "/Cap"), qpdf_oh_is_bool(qpdf.data, cap) != QPDF_FALSE {
      annotation.caption = qpdf_oh_get_bool_value(qpdf.data, cap) != QPDF_FALSE
    }
    annotation.captionPosition = name("/CP")
    annotation.icon = name("/Name")
    annotation.defaultAppearance = text("/DA")
    annotation.defaultStyle = text("/DS")
    annotation.justification = qpdf.entry(object, "/Q").flatMap { qpdf.integer($0) }.map { min(max($0, 0), 2) }
    annotation.callout = qpdf.points(qpdf.entry(object, "/CL"))
    annotation.intent = name("/IT")
    let fringe = numbers("/RD")
    annotation.fringe = fringe.count == 4 ? fringe : []
    annotation.rotation = qpdf.entry(object, "/Rotate").flatMap { qpdf.integer($0) }.map { (($0 % 360) + 360) % 360 }
    annotation.symbol = name("/Sy")
    annotation.state = text("/State")
    annotation.stateModel = text("/StateModel")
    if annotation.subtype == "Text", let open = qpdf.entry(object, "/Open"), qpdf_oh_is_bool(qpdf.data, open) != QPDF_FALSE {
      annotation.open = qpdf_oh_get_bool_value(qpdf.data, open) != QPDF_FALSE
    }
    if let parent = qpdf.entry(object, "/IRT"), qpdf.isDictionary(parent) {
      annotation.inReplyTo = exchangeName(parent)
      annotation.replyType = name("/RT")
    }
    if let popup = qpdf.entry(object, "/Popup"), qpdf.isDictionary(popup),
      let rect = qpdf.entry(popup, "/Rect").flatMap({ qpdf.rect($0) })
    {
      var open = false
      if let value = qpdf.entry(popup, "/Open"), qpdf_oh_is_bool(qpdf.data, value) != QPDF_FALSE {
        open = qpdf_oh_get_bool_value(qpdf.data, value) != QPDF_FALSE
      }
      let flags = UInt32(clamping: max(0, qpdf.entry(popup, "/F").flatMap { qpdf.integer($0) } ?? 0)) & 0x3FF
      annotation.popup = .init(rect: rect, open: open, flags: flags)
    }
    Document.keepExchangeable(&annotation)
    if annotation.subtype == "Link" { annotation.link = linkTarget(object) }
    if annotation.subtype == "FileAttachment" { annotation.attachment = attachedFile(object) }
    return annotation
  }

  /// Leaves out what XFDF cannot carry so that an import takes it back: names that are not
  /// plain PDF names, line endings PDF does not define and dates that are not dates (each
  /// logged). What another program wrote may hold any of them.
  static func keepExchangeable(_ annotation: inout ExchangedAnnotation) {
    func dropped(_ what: String) {
      Log.emit(.warning, "pdftools", "annotation '\(annotation.name)': its \(what) cannot be exchanged and is left out")
    }
    func plain(_ name: String?, _ what: String) -> String? {
      guard let name else { return nil }
      guard (try? Document.checkName(name)) != nil else {
        dropped(what)
        return nil
      }
      return name
    }
    annotation.icon = plain(annotation.icon, "/Name")
    annotation.intent = plain(annotation.intent, "/IT")
    annotation.symbol = plain(annotation.symbol, "/Sy")
    if let position = annotation.captionPosition, position != "Inline" && position != "Top" {
      dropped("/CP")
      annotation.captionPosition = nil
    }
    if annotation.lineEndings.contains(where: { LineEnding(rawValue: $0) == nil }) {
      dropped("/LE")
      annotation.lineEndings = annotation.lineEndings.map { LineEnding(rawValue: $0) == nil ? "None" : $0 }
    }
    if let rotation = annotation.rotation, rotation % 90 != 0 {
      dropped("/Rotate")
      annotation.rotation = nil
    }
    if var border = annotation.border {
      border.width = min(max(border.width, 0), 1000)
      border.dashes = Array(border.dashes.prefix(16).map { min(max(0, $0), Limits.maximumCoordinate) })
      if border.style == "D" && !border.dashes.contains(where: { $0 > 0 }) { border.dashes = [3] }
      annotation.border = border
    }
    annotation.cloudyIntensity = annotation.cloudyIntensity.map { min(max($0, 0), 2) }
    if annotation.inReplyTo == annotation.name {
      dropped("/IRT (it names the annotation itself)")
      annotation.inReplyTo = nil
      annotation.replyType = nil
    }
    if case .uri(let uri)? = annotation.link { annotation.link = uri.isEmpty ? nil : .uri(Document.percentEncoded(uri)) }
    if let date = annotation.modified, !XFDFReading.isDate(date) {
      dropped("/M")
      annotation.modified = nil
    }
    if let date = annotation.created, !XFDFReading.isDate(date) {
      dropped("/CreationDate")
      annotation.created = nil
    }
    keepExchangeableGeometry(&annotation)
  }

  /// Brings geometry within what XFDF readers take: coordinates within the coordinate limit
  /// (another program's file may hold any; an appearance widens a box around geometry at the
  /// limit past it), margins and leader extensions not negative, at most the quadrilaterals
  /// and strokes a reader takes, a callout of 2 or 3 points. Whatever lies beyond the limit is
  /// far off any page, so clamping it changes nothing shown.
  private static func keepExchangeableGeometry(_ annotation: inout ExchangedAnnotation) {
    let limit = Limits.maximumCoordinate
    func clamped(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, -limit), limit) }
    func margin(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), limit) }
    func point(_ point: Point) -> Point { Point(clamped(point.x), clamped(point.y)) }
    func rect(_ rect: Rect) -> Rect { Rect(clamped(rect.x0), clamped(rect.y0), clamped(rect.x1), clamped(rect.y1)) }
    annotation.rect = rect(annotation.rect)
    if var popup = annotation.popup {
      popup.rect = rect(popup.rect)
      annotation.popup = popup
    }
    annotation.quadPoints = Array(annotation.quadPoints.prefix(Limits.maximumQuads * 8)).map(clamped)
    annotation.ink = Array(annotation.ink.prefix(Limits.maximumStrokes)).map { $0.map(point) }
    annotation.vertices = annotation.vertices.map(point)
    annotation.line = annotation.line.map(point)
    if !annotation.callout.isEmpty && !(2...3).contains(annotation.callout.count) {
      Log.emit(.warning, "pdftools", "annotation '\(annotation.name)': its /CL (\(annotation.callout.count) points) cannot be exchanged and is left out")
      annotation.callout = []
    }
    annotation.callout = annotation.callout.map(point)
    annotation.fringe = annotation.fringe.map(margin)
    annotation.leaderLength = annotation.leaderLength.map(clamped)
    annotation.leaderExtension = annotation.leaderExtension.map(margin)
    annotation.leaderOffset = annotation.leaderOffset.map(clamped)
  }

  /// A URI with spaces, controls and non-ASCII bytes percent-encoded (as links take them).
  static func percentEncoded(_ uri: String) -> String {
    let hex = Array("0123456789ABCDEF")
    var out = ""
    for byte in uri.utf8 {
      if byte > 0x20 && byte < 0x7F {
        out.append(Character(Unicode.Scalar(byte)))
      } else {
        out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 15)])
      }
    }
    return out
  }

  /// The border of /BS, or the width of /Border; nil without either. Call under the lock.
  private func border(_ object: qpdf_oh) -> ExchangedAnnotation.Border? {
    if let style = qpdf.entry(object, "/BS"), qpdf.isDictionary(style) {
      let width = qpdf.entry(style, "/W").flatMap { qpdf.number($0) }.map { max(0, $0) } ?? 1
      let name = qpdf.entry(style, "/S").flatMap { qpdf.name($0) } ?? "S"
      let dashes = qpdf.entry(style, "/D").flatMap { qpdf.items($0) }?.compactMap { qpdf.number($0) } ?? []
      // PDF's default dash array is [3].
      return .init(width: width, style: name, dashes: name == "D" ? (dashes.isEmpty ? [3] : dashes) : [])
    }
    if let items = qpdf.entry(object, "/Border").flatMap({ qpdf.items($0) }), items.count >= 3,
      let width = qpdf.number(items[2])
    {
      return .init(width: max(0, width), style: "S", dashes: [])
    }
    return nil
  }

  /// A Link's URI or page; call under the lock.
  private func linkTarget(_ object: qpdf_oh) -> ExchangedAnnotation.LinkTarget? {
    if let action = qpdf.entry(object, "/A"), qpdf.entry(action, "/S").flatMap({ qpdf.name($0) }) == "URI",
      let uri = qpdf.entry(action, "/URI").flatMap({ qpdf.text($0) })
    {
      return .uri(uri)
    }
    var destination = qpdf.entry(object, "/Dest")
    if destination == nil, let action = qpdf.entry(object, "/A"),
      qpdf.entry(action, "/S").flatMap({ qpdf.name($0) }) == "GoTo"
    {
      destination = qpdf.entry(action, "/D")
    }
    guard let items = destination.flatMap({ qpdf.items($0) }), let first = items.first,
      let page = qpdf.identity(first).flatMap({ pageIndex(of: $0) })
    else { return nil }
    return .page(page)
  }

  /// A FileAttachment's embedded file (nil when it has none, or, logged, when it cannot be
  /// read); call under the lock.
  private func attachedFile(_ object: qpdf_oh) -> ExchangedAnnotation.Attachment? {
    do throws(PDFError) {
      return try embeddedFile(of: object).map { .init(name: $0.name, bytes: $0.bytes) }
    } catch {
      Log.emit(.warning, "pdftools", "the file attached to annotation '\(exchangeName(object))' is left out: \(error.message)")
      return nil
    }
  }
}
