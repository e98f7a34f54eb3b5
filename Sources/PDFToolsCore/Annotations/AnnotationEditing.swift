// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// The subtypes the library can create, with what each needs.
public enum CreatableSubtype {
  /// Every subtype name `createAnnotation` accepts.
  public static let names: Set<String> = [
    "Text", "FreeText", "Line", "Square", "Circle", "Polygon", "PolyLine", "Ink", "Highlight",
    "Underline", "Squiggly", "StrikeOut", "Stamp", "FileAttachment", "Link", "Popup", "Caret",
  ]
  /// Markup annotations (they get an author, dates and a subject).
  static let markup: Set<String> = names.subtracting(["Link", "Popup"])
}

/// A change to one typed property of an annotation.
public enum AnnotationChange: Sendable {
  /// /Rect.
  case rect(Rect)
  /// /C (nil: transparent).
  case color(RGBColor?)
  /// /IC (nil: none).
  case interiorColor(RGBColor?)
  /// /CA.
  case opacity(Double)
  /// /BS: width, style and dash array.
  case border(width: Double, style: BorderStyle, dashes: [Double])
  /// /BE: cloudy intensity (0 removes the effect).
  case cloudy(Double)
  /// A text entry: Contents, T (author), Subj, NM.
  case text(key: String, value: String?)
  /// /F flags.
  case flags(UInt32)
  /// /QuadPoints.
  case quads([Quad])
  /// /InkList.
  case ink([[Point]])
  /// /Vertices.
  case vertices([Point])
  /// /L, /LE, /LL, /LLE.
  case line(start: Point, end: Point, startEnding: LineEnding, endEnding: LineEnding, leaderLength: Double, leaderExtension: Double)
  /// /LE alone (PolyLine).
  case lineEndings(LineEnding, LineEnding)
  /// /Name (icon or stamp name).
  case icon(String)
  /// /Open.
  case open(Bool)
  /// FreeText font, size, colour, alignment and intent (/DA, /Q, /IT).
  case freeText(font: String, size: Double, color: RGBColor, alignment: Int, intent: String)
  /// FreeText callout line /CL (empty removes it).
  case callout([Point])
  /// Line caption: /Cap with /CP /Top (the contents drawn above the line), or neither.
  case caption(Bool)
}

extension AnnotationChange {
  /// The property the change sets, for undo labels and coalescing.
  var property: String {
    switch self {
    case .rect: return "Rectangle"
    case .color: return "Color"
    case .interiorColor: return "Fill Color"
    case .opacity: return "Opacity"
    case .border: return "Border"
    case .cloudy: return "Cloudy Border"
    case .text(let key, _):
      switch key {
      case "Contents": return "Contents"
      case "T": return "Author"
      case "Subj": return "Subject"
      default: return key
      }
    case .flags: return "Flags"
    case .quads: return "Quads"
    case .ink: return "Ink"
    case .vertices: return "Vertices"
    case .line: return "Line"
    case .lineEndings: return "Line Endings"
    case .icon: return "Icon"
    case .open: return "Open"
    case .freeText: return "Text Style"
    case .callout: return "Callout"
    case .caption: return "Caption"
    }
  }
}

extension AnnotationChange {
  /// Whether an annotation of `subtype` shows the property in its appearance. Author, subject,
  /// name, flags and the open state never show; contents show only where the library draws
  /// them (a FreeText, a Line that is `captioned`).
  func isShown(by subtype: String?, captioned: Bool) -> Bool {
    switch self {
    case .text(let key, _): return key == "Contents" && (subtype == "FreeText" || (subtype == "Line" && captioned))
    case .caption: return subtype == "Line"
    case .flags, .open: return false
    default: return true
    }
  }

  /// True for the changes of what an annotation's drawing is made of (its rectangle, quads,
  /// ink, vertices, line or callout).
  var changesGeometry: Bool {
    switch self {
    case .rect, .quads, .ink, .vertices, .line, .callout: return true
    default: return false
    }
  }
}

extension Document {
  /// Creates an annotation of `subtype` with `rect` on page `page`, at the front, and returns
  /// its id. It gets a unique /NM, creation and modification dates, the print flag, default
  /// colours and an appearance stream.
  public func createAnnotation(page: Int, subtype: String, rect: Rect) throws(PDFError) -> Int64 {
    guard CreatableSubtype.names.contains(subtype) else {
      throw PDFError(
        .invalidArgument,
        "'\(subtype)' is not a subtype the library creates (\(CreatableSubtype.names.sorted().joined(separator: ", ")))")
    }
    try Document.checkRect(rect)
    return try locked(flushingAppearances: false) { () throws(PDFError) -> Int64 in
      try requirePermission(.annotate, "add annotations")
      let pageObject = try pageObject(page)
      var entries: [(String, qpdf_oh)] = [
        ("/Type", qpdf.makeName("Annot")), ("/Subtype", qpdf.makeName(subtype)),
        ("/Rect", qpdf.numberArray([rect.x0, rect.y0, rect.x1, rect.y1])), ("/P", pageObject),
        ("/NM", qpdf.makeTextString(Document.uniqueName())), ("/M", qpdf.makeByteString(PDFDate.now())),
        ("/F", qpdf.makeInteger(subtype == "Popup" ? 0 : 4)),
      ]
      if CreatableSubtype.markup.contains(subtype) {
        entries.append(("/CreationDate", qpdf.makeByteString(PDFDate.now())))
      }
      entries += Document.defaults(for: subtype, rect: rect, qpdf: qpdf)
      guard qpdf.isDictionary(pageObject), let pageIdentity = qpdf.identity(pageObject) else {
        throw PDFError(.damaged, "page \(page + 1) cannot be changed: its dictionary is unreadable")
      }
      // The page's listing, when read, grows by the new annotation rather than being read again.
      let listed = annotationListings[pageIdentity]
      let write = writer
      let object = try write.makeIndirect(qpdf.makeDictionary(entries))
      if let annots = qpdf.entry(pageObject, "/Annots"), qpdf_oh_is_array(qpdf.data, annots) != QPDF_FALSE {
        try write.append(object, to: annots, owner: pageObject)
      } else {
        try write.set("/Annots", qpdf.makeArray([object]), in: pageObject)
      }
      markAppearance(object)
      try commitChange("create a \(subtype) annotation", label: "Add \(subtype)")
      guard let identity = qpdf.identity(object) else {
        throw PDFError(.internal, "the new annotation has no object number")
      }
      let id = annotationIndex.id(for: identity, page: pageIdentity) { _ in false }
      if let listed, !listed.contains(identity) {
        annotationListings[pageIdentity] = PageListing(objects: listed.objects + [identity], ids: listed.ids + [id])
      }
      return id
    }
  }

  /// Applies `changes` to annotation `id` as one edit and updates /M. The appearance is rebuilt
  /// only when a change shows in it (``AnnotationChange/isShown(by:captioned:)``): an appearance another
  /// program made stays as it is when only contents, author, flags and the like change.
  /// Nothing is written when any change is invalid.
  public func updateAnnotation(_ id: Int64, _ changes: [AnnotationChange]) throws(PDFError) {
    for change in changes { try Document.validate(change) }
    try locked(flushingAppearances: false) { () throws(PDFError) in
      try requirePermission(.annotate, "change annotations")
      let object = try annotationObject(id).object
      let subtype = qpdf.entry(object, "/Subtype").flatMap { qpdf.name($0) }
      if subtype == "FreeText", changes.contains(where: { if case .color(nil) = $0 { true } else { false } }) {
        throw PDFError(
          .invalidArgument, "a FreeText's text and border colour cannot be none (a border width of 0 draws no border)")
      }
      let artwork = changes.contains(where: \.choosesStampArtwork) ? nil : foreignStampArtwork(object)
      if artwork != nil { try Document.refuseRedrawingArtwork(id, changes) }
      for change in changes { try apply(change, to: object, freeText: subtype == "FreeText") }
      try touchModified(object)
      if let artwork {
        // Kept artwork: a move or resize needs nothing (viewers fit it to /Rect).
        for change in changes {
          if case .opacity(let value) = change { try showArtwork(artwork, of: object, opacity: value) }
        }
      } else if changes.contains(where: { $0.isShown(by: subtype, captioned: captioned(object, subtype)) }) {
        markAppearance(object, fit: changes.contains(where: \.changesGeometry) ? .toDrawing : .keepingRect)
      }
      let properties = Set(changes.map(\.property))
      try commitChange(
        "change annotation \(id)", label: "Change " + properties.sorted().joined(separator: ", "),
        key: Journal.CoalescingKey(properties: properties, targets: [id]))
    }
  }

  /// A FreeText callout line after its text box moved from `old` to `new`: a move takes the
  /// whole line along; a resize keeps the pointed-at spot and moves the end on the box (and
  /// the knee with it) as the box's corresponding point moved. Nil without a callout.
  static func callout(_ points: [Point], from old: Rect, to new: Rect) -> [Point]? {
    guard let first = points.first, let last = points.last, points.count >= 2 else { return nil }
    if abs(old.width - new.width) < 1e-9 && abs(old.height - new.height) < 1e-9 {
      return points.map { Point($0.x + new.x0 - old.x0, $0.y + new.y0 - old.y0) }
    }
    guard old.width > 0, old.height > 0 else { return nil }
    let end = Point(
      new.x0 + (last.x - old.x0) * new.width / old.width, new.y0 + (last.y - old.y0) * new.height / old.height)
    let shift = Point(end.x - last.x, end.y - last.y)
    var moved = [first]
    for knee in points.dropFirst().dropLast() { moved.append(Point(knee.x + shift.x, knee.y + shift.y)) }
    moved.append(end)
    return moved
  }

  /// True for a Line whose contents are drawn as a caption (/Cap true); call under the lock.
  private func captioned(_ object: qpdf_oh, _ subtype: String?) -> Bool {
    guard subtype == "Line", let cap = qpdf.entry(object, "/Cap"), qpdf_oh_is_bool(qpdf.data, cap) != QPDF_FALSE else {
      return false
    }
    return qpdf_oh_get_bool_value(qpdf.data, cap) != QPDF_FALSE
  }

  /// Sets the annotation's modification date (/M) to now; call under the lock.
  func touchModified(_ object: qpdf_oh) throws(PDFError) {
    try writer.set("/M", qpdf.makeByteString(PDFDate.now()), in: object)
  }

  /// The typed properties of annotation `id`.
  public func annotationProperties(_ id: Int64) throws(PDFError) -> AppearanceInput {
    try locked { () throws(PDFError) -> AppearanceInput in try readProperties(annotationObject(id).object) }
  }

  /// Writes one change into the dictionary; call under the lock (after validation).
  /// `freeText` says whether the annotation is a FreeText.
  private func apply(_ change: AnnotationChange, to object: qpdf_oh, freeText: Bool) throws(PDFError) {
    let write = writer
    func set(_ key: String, _ value: qpdf_oh) throws(PDFError) { try write.set(key, value, in: object) }
    func remove(_ key: String) throws(PDFError) { try write.remove(key, from: object) }
    func real(_ value: Double, _ decimals: Int32 = 4) -> qpdf_oh { qpdf.makeReal(value, decimals: decimals) }
    switch change {
    case .rect(let rect):
      if freeText {
        // The callout follows its box (a later callout change in the same edit wins).
        let old = readProperties(object)
        if let moved = Document.callout(old.callout, from: old.rect, to: rect) {
          try set("/CL", qpdf.pointArray(moved))
        }
      }
      try set("/Rect", qpdf.numberArray([rect.x0, rect.y0, rect.x1, rect.y1]))
      // A FreeText's rectangle is its text box (as read); the appearance puts the callout
      // margins back into /RD.
      if freeText { try remove("/RD") }
    case .color(let color):
      // A FreeText's border is drawn in its text colour: the colour of /DA.
      if freeText, let color {
        let current = qpdf.entry(object, "/DA").flatMap { qpdf.text($0) }.map(DefaultAppearance.init)
        let style = DefaultAppearance.string(
          font: current?.fontName ?? "Helvetica", size: current?.fontSize ?? 12, color: color)
        try set("/DA", qpdf.makeByteString(style))
        // A /DS colour would win over /DA's in Acrobat, MuPDF and this library.
        try remove("/DS")
      } else {
        try set("/C", qpdf.colorArray(color))
      }
    case .interiorColor(let color):
      // A FreeText's fill is its /C (an empty /C would be filled black by PDFium: none is no /C).
      let key = freeText ? "/C" : "/IC"
      if let color { try set(key, qpdf.colorArray(color)) } else { try remove(key) }
      if freeText { try remove("/IC") }
    case .opacity(let value): try set("/CA", real(value))
    case .border(let width, let style, let dashes):
      var border = [("/Type", qpdf.makeName("Border")), ("/W", real(width, 3)), ("/S", qpdf.makeName(style.rawValue))]
      if style == .dashed { border.append(("/D", qpdf.numberArray(dashes))) }
      try set("/BS", qpdf.makeDictionary(border))
      try remove("/Border")
    case .cloudy(let intensity):
      if intensity > 0 {
        try set("/BE", qpdf.makeDictionary([("/S", qpdf.makeName("C")), ("/I", real(intensity, 3))]))
      } else {
        try remove("/BE")
      }
    case .text(let key, let value):
      if let value { try set("/" + key, qpdf.makeTextString(value)) } else { try remove("/" + key) }
    case .flags(let flags): try set("/F", qpdf.makeInteger(Int(flags)))
    case .quads(let quads):
      try set("/QuadPoints", qpdf.pointArray(quads.flatMap { [$0.p1, $0.p2, $0.p3, $0.p4] }))
    case .ink(let strokes):
      try set("/InkList", qpdf.makeArray(strokes.map { qpdf.pointArray($0) }))
    case .vertices(let points): try set("/Vertices", qpdf.pointArray(points))
    case .line(let start, let end, let startEnding, let endEnding, let length, let extensionLength):
      try set("/L", qpdf.pointArray([start, end]))
      try set("/LE", lineEndingArray(startEnding, endEnding))
      if length != 0 { try set("/LL", real(length, 3)) } else { try remove("/LL") }
      if extensionLength != 0 { try set("/LLE", real(extensionLength, 3)) } else { try remove("/LLE") }
    case .lineEndings(let start, let end): try set("/LE", lineEndingArray(start, end))
    case .icon(let name): try set("/Name", qpdf.makeName(name))
    case .open(let open): try set("/Open", qpdf.makeBool(open))
    case .freeText(let font, let size, let color, let alignment, let intent):
      try set("/DA", qpdf.makeByteString(DefaultAppearance.string(font: font, size: size, color: color)))
      try remove("/DS")
      try set("/Q", qpdf.makeInteger(alignment))
      // The typewriter is written as ISO 32000 spells it (MuPDF and poppler know no other spelling).
      let name = intent == "FreeTextTypewriter" ? "FreeTextTypeWriter" : intent
      if name == "FreeText" { try remove("/IT") } else { try set("/IT", qpdf.makeName(name)) }
    case .callout(let points):
      if points.isEmpty { try remove("/CL") } else { try set("/CL", qpdf.pointArray(points)) }
    case .caption(let shown):
      if shown {
        try set("/Cap", qpdf.makeBool(true))
        try set("/CP", qpdf.makeName("Top"))
      } else {
        try remove("/Cap")
        try remove("/CP")
      }
    }
  }

  /// /LE [/start /end].
  private func lineEndingArray(_ start: LineEnding, _ end: LineEnding) -> qpdf_oh {
    qpdf.makeArray([qpdf.makeName(start.rawValue), qpdf.makeName(end.rawValue)])
  }

  /// Checks a change before anything is written.
  static func validate(_ change: AnnotationChange) throws(PDFError) {
    func finite(_ points: [Point], _ what: String) throws(PDFError) {
      try Limits.checkCoordinates(points, "\(what) coordinates")
    }
    switch change {
    case .rect(let rect): try checkRect(rect)
    case .opacity(let value):
      guard value.isFinite, (0...1).contains(value) else {
        throw PDFError(.invalidArgument, "the opacity must be between 0 and 1")
      }
    case .border(let width, _, let dashes):
      guard width.isFinite, width >= 0, width <= 1000, dashes.allSatisfy({ $0.isFinite && $0 >= 0 }),
        dashes.count <= 16, dashes.isEmpty || dashes.contains(where: { $0 > 0 })
      else { throw PDFError(.invalidArgument, "the border width or dash array is invalid") }
    case .cloudy(let intensity):
      guard intensity.isFinite, (0...2).contains(intensity) else {
        throw PDFError(.invalidArgument, "the cloudy intensity must be between 0 and 2")
      }
    case .text(let key, let value):
      guard ["Contents", "T", "Subj", "NM", "RC"].contains(key) else {
        throw PDFError(.invalidArgument, "/\(key) is not a text entry the library sets (Contents, T, Subj, NM, RC)")
      }
      if let value { try Limits.checkText(value, "/\(key)") }
    case .flags(let flags):
      guard flags < (1 << 10) else { throw PDFError(.invalidArgument, "unknown annotation flags \(flags)") }
    case .quads(let quads):
      guard !quads.isEmpty, quads.count <= Limits.maximumQuads else {
        throw PDFError(.invalidArgument, "quadpoints must hold 1 to \(Limits.maximumQuads) quadrilaterals")
      }
      try finite(quads.flatMap(\.corners), "quadpoints")
    case .ink(let strokes):
      guard !strokes.isEmpty, strokes.allSatisfy({ !$0.isEmpty }) else {
        throw PDFError(.invalidArgument, "ink needs at least one stroke with points")
      }
      guard strokes.count <= Limits.maximumStrokes, strokes.reduce(0, { $0 + $1.count }) <= Limits.maximumPoints else {
        throw PDFError(
          .invalidArgument, "ink may have at most \(Limits.maximumStrokes) strokes and \(Limits.maximumPoints) points")
      }
      try finite(strokes.flatMap { $0 }, "ink points")
    case .vertices(let points):
      guard points.count >= 2, points.count <= Limits.maximumPoints else {
        throw PDFError(.invalidArgument, "vertices need 2 to \(Limits.maximumPoints) points")
      }
      try finite(points, "vertices")
    case .line(let start, let end, _, _, let length, let extensionLength):
      try finite([start, end], "line points")
      guard Limits.isCoordinate(length), Limits.isCoordinate(extensionLength), extensionLength >= 0 else {
        throw PDFError(.invalidArgument, "leader lengths must be finite (the extension not negative)")
      }
    case .icon(let name):
      try checkName(name)
    case .freeText(let font, let size, _, let alignment, let intent):
      try checkName(font)
      guard size.isFinite, size > 0, size <= 1000, (0...2).contains(alignment),
        ["FreeText", "FreeTextCallout", "FreeTextTypeWriter", "FreeTextTypewriter"].contains(intent)
      else { throw PDFError(.invalidArgument, "invalid FreeText font size, alignment or intent") }
    case .callout(let points):
      guard points.isEmpty || points.count == 2 || points.count == 3 else {
        throw PDFError(.invalidArgument, "a callout line has 2 or 3 points")
      }
      try finite(points, "callout points")
    case .color, .interiorColor, .lineEndings, .open, .caption:
      break
    }
  }

  /// Accepts rectangles with a positive area within the coordinate limit.
  static func checkRect(_ rect: Rect) throws(PDFError) {
    guard !rect.isEmpty else { throw PDFError(.invalidArgument, "the rectangle must have a positive area") }
    try Limits.checkCoordinates([Point(rect.x0, rect.y0), Point(rect.x1, rect.y1)], "rectangle edges")
  }

  /// A unique annotation name.
  static func uniqueName() -> String {
    let random = UInt64.random(in: 0...UInt64.max)
    let hex = String(random, radix: 16)
    return "pdftools-" + String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// What a new annotation of `subtype` starts with.
  static func defaults(for subtype: String, rect: Rect, qpdf: QPDF) -> [(String, qpdf_oh)] {
    func color(_ r: Double, _ g: Double, _ b: Double) -> qpdf_oh { qpdf.colorArray(RGBColor(r, g, b)) }
    let corners = [Point(rect.x0, rect.y1), Point(rect.x1, rect.y1), Point(rect.x0, rect.y0), Point(rect.x1, rect.y0)]
    switch subtype {
    case "Highlight": return [("/C", color(1, 1, 0)), ("/QuadPoints", qpdf.pointArray(corners))]
    case "Underline", "Squiggly", "StrikeOut":
      return [("/C", color(1, 0, 0)), ("/QuadPoints", qpdf.pointArray(corners))]
    case "Text": return [("/C", color(1, 0.8, 0)), ("/Name", qpdf.makeName("Note"))]
    case "FreeText":
      // /BS is always written: without it MuPDF, PDFium and poppler draw a 1 pt border.
      return [
        ("/DA", qpdf.makeByteString(DefaultAppearance.string(font: "Helvetica", size: 12, color: RGBColor(0, 0, 0)))),
        ("/BS", qpdf.makeDictionary([("/Type", qpdf.makeName("Border")), ("/W", qpdf.makeInteger(0)), ("/S", qpdf.makeName("S"))])),
      ]
    case "Line":
      return [("/C", color(1, 0, 0)), ("/L", qpdf.pointArray([Point(rect.x0, rect.y0), Point(rect.x1, rect.y1)]))]
    case "Polygon", "PolyLine":
      return [("/C", color(1, 0, 0)), ("/Vertices", qpdf.pointArray([corners[2], corners[3], corners[1]]))]
    case "Ink":
      return [("/C", color(0, 0, 1)), ("/InkList", qpdf.makeArray([qpdf.pointArray([corners[2], corners[1]])]))]
    case "Stamp": return [("/C", color(0.8, 0, 0)), ("/Name", qpdf.makeName("Draft"))]
    case "FileAttachment": return [("/C", color(0, 0, 1)), ("/Name", qpdf.makeName("PushPin"))]
    case "Square", "Circle", "Caret": return [("/C", color(1, 0, 0))]
    case "Link": return [("/Border", qpdf.numberArray([0, 0, 0]))]
    default: return []
    }
  }
}

extension Document {
  /// The /F flags of annotation `id` (0 when absent).
  public func annotationFlags(_ id: Int64) throws(PDFError) -> UInt32 {
    try locked { () throws(PDFError) -> UInt32 in
      let object = try annotationObject(id).object
      let value = qpdf.entry(object, "/F").flatMap { qpdf.integer($0) } ?? 0
      return UInt32(clamping: max(0, value))
    }
  }
}
