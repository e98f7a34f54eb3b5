// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif
import PDFToolsCore

/// The core colour of a C colour pointer (NULL: none).
private func color(_ pointer: UnsafePointer<pdftools_color>?) throws(PDFError) -> RGBColor? {
  guard let value = pointer?.pointee else { return nil }
  guard value.r.isFinite, value.g.isFinite, value.b.isFinite else {
    throw PDFError(.invalidArgument, "colour components must be finite numbers")
  }
  return RGBColor(value.r, value.g, value.b)
}

/// A C line ending as a core one.
func ending(_ value: pdftools_line_ending) throws(PDFError) -> LineEnding {
  let all = LineEnding.allCases
  guard Int(value.rawValue) < all.count else {
    throw PDFError(.invalidArgument, "\(value.rawValue) is not a pdftools_line_ending value")
  }
  return all[Int(value.rawValue)]
}

/// A core line ending as a C one.
func cEnding(_ value: LineEnding) -> pdftools_line_ending {
  pdftools_line_ending(rawValue: UInt32(LineEnding.allCases.firstIndex(of: value) ?? 0))
}

/// A C rect as a core rect.
private func rect(_ value: pdftools_rect) -> Rect { Rect(value.x0, value.y0, value.x1, value.y1) }

/// `count` C points as core points.
private func points(_ pointer: UnsafePointer<pdftools_point>?, _ count: Int32) throws(PDFError) -> [Point] {
  let count = try givenCount(count, "count")
  guard count <= Limits.maximumPoints else {
    throw PDFError(.invalidArgument, "\(count) points are more than the \(Limits.maximumPoints) an annotation may have")
  }
  guard count == 0 || pointer != nil else { throw PDFError(.invalidArgument, "the points are NULL") }
  guard let pointer else { return [] }
  return (0..<count).map { Point(pointer[$0].x, pointer[$0].y) }
}

/// A core point as a C point.
private func cPoint(_ value: Point) -> pdftools_point { pdftools_point(x: value.x, y: value.y) }

/// Applies typed changes to an annotation.
private func update(_ document: OpaquePointer?, _ id: Int64, _ changes: [AnnotationChange]) throws(PDFError) {
  try Registry.document(document).updateAnnotation(id, changes)
}

/// Creates an annotation.
@_cdecl("pdftools_annotation_create")
public func abiAnnotationCreate(
  _ document: OpaquePointer?, _ page: Int32, _ subtype: UnsafePointer<CChar>?, _ area: pdftools_rect,
  _ outID: UnsafeMutablePointer<Int64>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outID, "out_id")
    out.pointee = try doc.createAnnotation(page: Int(page), subtype: try text(subtype, "subtype"), rect: rect(area))
  }
}

/// Sets the rectangle.
@_cdecl("pdftools_annotation_set_rect")
public func abiAnnotationSetRect(_ document: OpaquePointer?, _ id: Int64, _ area: pdftools_rect) -> pdftools_status {
  call { () throws(PDFError) in try update(document, id, [.rect(rect(area))]) }
}

/// Writes the missing appearance streams of a page or the document.
@_cdecl("pdftools_document_generate_appearances")
public func abiDocumentGenerateAppearances(
  _ document: OpaquePointer?, _ page: Int32, _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    guard page >= -1 else { throw PDFError(.outOfRange, "page \(page) does not exist (-1 means every page)") }
    let count = try doc.generateAppearances(page: page == -1 ? nil : Int(page))
    outCount?.pointee = Int32(clamping: count)
  }
}

/// Moves an annotation with all its geometry, keeping its appearance.
@_cdecl("pdftools_annotation_translate")
public func abiAnnotationTranslate(_ document: OpaquePointer?, _ id: Int64, _ dx: Double, _ dy: Double) -> pdftools_status {
  call { () throws(PDFError) in try Registry.document(document).translateAnnotation(id, dx: dx, dy: dy) }
}

/// Sets a colour.
@_cdecl("pdftools_annotation_set_color")
public func abiAnnotationSetColor(
  _ document: OpaquePointer?, _ id: Int64, _ role: pdftools_color_role, _ value: UnsafePointer<pdftools_color>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let chosen = try color(value)
    switch role {
    case PDFTOOLS_COLOR_STROKE: try update(document, id, [.color(chosen)])
    case PDFTOOLS_COLOR_INTERIOR: try update(document, id, [.interiorColor(chosen)])
    default: throw PDFError(.invalidArgument, "\(role.rawValue) is not a pdftools_color_role value")
    }
  }
}

/// Reads a colour.
@_cdecl("pdftools_annotation_get_color")
public func abiAnnotationGetColor(
  _ document: OpaquePointer?, _ id: Int64, _ role: pdftools_color_role,
  _ outColor: UnsafeMutablePointer<pdftools_color>?, _ outPresent: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let present = try require(outPresent, "out_present")
    let properties = try doc.annotationProperties(id)
    let value: RGBColor?
    switch role {
    case PDFTOOLS_COLOR_STROKE: value = properties.color
    case PDFTOOLS_COLOR_INTERIOR: value = properties.interiorColor
    default: throw PDFError(.invalidArgument, "\(role.rawValue) is not a pdftools_color_role value")
    }
    present.pointee = value == nil ? 0 : 1
    if let value { outColor?.pointee = pdftools_color(r: value.r, g: value.g, b: value.b) }
  }
}

/// Sets the opacity.
@_cdecl("pdftools_annotation_set_opacity")
public func abiAnnotationSetOpacity(_ document: OpaquePointer?, _ id: Int64, _ opacity: Double) -> pdftools_status {
  call { () throws(PDFError) in try update(document, id, [.opacity(opacity)]) }
}

/// Reads the opacity.
@_cdecl("pdftools_annotation_get_opacity")
public func abiAnnotationGetOpacity(
  _ document: OpaquePointer?, _ id: Int64, _ outOpacity: UnsafeMutablePointer<Double>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outOpacity, "out_opacity")
    out.pointee = try doc.annotationProperties(id).opacity
  }
}

/// Sets the border.
@_cdecl("pdftools_annotation_set_border")
public func abiAnnotationSetBorder(
  _ document: OpaquePointer?, _ id: Int64, _ width: Double, _ style: pdftools_border_style,
  _ dashes: UnsafePointer<Double>?, _ dashCount: Int32
) -> pdftools_status {
  call { () throws(PDFError) in
    let styles = BorderStyle.allCases
    guard Int(style.rawValue) < styles.count else {
      throw PDFError(.invalidArgument, "\(style.rawValue) is not a pdftools_border_style value")
    }
    let dashCount = try givenCount(dashCount, "dash_count")
    guard dashCount == 0 || dashes != nil, dashCount <= 16 else {
      throw PDFError(.invalidArgument, "the dash array is NULL or too long")
    }
    let array = dashes.map { pointer in (0..<dashCount).map { pointer[$0] } } ?? []
    try update(document, id, [.border(width: width, style: styles[Int(style.rawValue)], dashes: array.isEmpty ? [3] : array)])
  }
}

/// Reads the border.
@_cdecl("pdftools_annotation_get_border")
public func abiAnnotationGetBorder(
  _ document: OpaquePointer?, _ id: Int64, _ outWidth: UnsafeMutablePointer<Double>?,
  _ outStyle: UnsafeMutablePointer<pdftools_border_style>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let properties = try Registry.document(document).annotationProperties(id)
    outWidth?.pointee = properties.borderWidth
    let index = BorderStyle.allCases.firstIndex(of: properties.borderStyle) ?? 0
    outStyle?.pointee = pdftools_border_style(rawValue: UInt32(index))
  }
}

/// Sets the cloudy effect.
@_cdecl("pdftools_annotation_set_cloudy")
public func abiAnnotationSetCloudy(_ document: OpaquePointer?, _ id: Int64, _ intensity: Double) -> pdftools_status {
  call { () throws(PDFError) in try update(document, id, [.cloudy(intensity)]) }
}

/// Sets a text entry.
@_cdecl("pdftools_annotation_set_text")
public func abiAnnotationSetText(
  _ document: OpaquePointer?, _ id: Int64, _ key: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?
) -> pdftools_status {
  call { () throws(PDFError) in
    try update(document, id, [.text(key: try text(key, "key"), value: try optionalText(value, "value"))])
  }
}

/// Sets the flags.
@_cdecl("pdftools_annotation_set_flags")
public func abiAnnotationSetFlags(_ document: OpaquePointer?, _ id: Int64, _ flags: UInt32) -> pdftools_status {
  call { () throws(PDFError) in try update(document, id, [.flags(flags)]) }
}

/// Reads the flags.
@_cdecl("pdftools_annotation_get_flags")
public func abiAnnotationGetFlags(
  _ document: OpaquePointer?, _ id: Int64, _ outFlags: UnsafeMutablePointer<UInt32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outFlags, "out_flags")
    out.pointee = try doc.annotationFlags(id)
  }
}

/// Sets the quads.
@_cdecl("pdftools_annotation_set_quads")
public func abiAnnotationSetQuads(
  _ document: OpaquePointer?, _ id: Int64, _ quads: UnsafePointer<pdftools_quad>?, _ count: Int32
) -> pdftools_status {
  call { () throws(PDFError) in
    let count = try givenCount(count, "count")
    guard count == 0 || quads != nil, count <= 100_000 else {
      throw PDFError(.invalidArgument, "the quads are NULL or too many")
    }
    let list = quads.map { pointer in
      (0..<count).map { index -> Quad in
        let q = pointer[index]
        return Quad(Point(q.p1.x, q.p1.y), Point(q.p2.x, q.p2.y), Point(q.p3.x, q.p3.y), Point(q.p4.x, q.p4.y))
      }
    } ?? []
    try update(document, id, [.quads(list)])
  }
}

/// Reads the quads.
@_cdecl("pdftools_annotation_get_quads")
public func abiAnnotationGetQuads(
  _ document: OpaquePointer?, _ id: Int64, _ buffer: UnsafeMutablePointer<pdftools_quad>?, _ capacity: Int32,
  _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outCount, "out_count")
    let quads = try doc.annotationProperties(id).quads.map {
      pdftools_quad(p1: cPoint($0.p1), p2: cPoint($0.p2), p3: cPoint($0.p3), p4: cPoint($0.p4))
    }
    try copyArray(quads, buffer, capacity, outCount)
  }
}

/// Sets the ink strokes.
@_cdecl("pdftools_annotation_set_ink")
public func abiAnnotationSetInk(
  _ document: OpaquePointer?, _ id: Int64, _ pointList: UnsafePointer<pdftools_point>?,
  _ strokeLengths: UnsafePointer<Int32>?, _ strokeCount: Int32
) -> pdftools_status {
  call { () throws(PDFError) in
    let strokeCount = try givenCount(strokeCount, "stroke_count")
    guard let strokeLengths, strokeCount > 0, strokeCount <= 100_000 else {
      throw PDFError(.invalidArgument, "ink needs at least one stroke (stroke_lengths NULL or stroke_count 0)")
    }
    var total = 0
    for index in 0..<strokeCount {
      let length = try givenCount(strokeLengths[index], "stroke_lengths[\(index)]")
      total += length
      guard total <= Limits.maximumPoints else { throw PDFError(.invalidArgument, "too many ink points") }
    }
    let all = try points(pointList, Int32(total))
    var strokes: [[Point]] = []
    var start = 0
    for index in 0..<strokeCount {
      let size = Int(strokeLengths[index])
      strokes.append(Array(all[start..<(start + size)]))
      start += size
    }
    try update(document, id, [.ink(strokes)])
  }
}

/// Reads the ink strokes.
@_cdecl("pdftools_annotation_get_ink")
public func abiAnnotationGetInk(
  _ document: OpaquePointer?, _ id: Int64, _ pointBuffer: UnsafeMutablePointer<pdftools_point>?,
  _ pointCapacity: Int32, _ outPointCount: UnsafeMutablePointer<Int32>?, _ lengthBuffer: UnsafeMutablePointer<Int32>?,
  _ strokeCapacity: Int32, _ outStrokeCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outPointCount, "out_point_count")
    _ = try require(outStrokeCount, "out_stroke_count")
    let strokes = try doc.annotationProperties(id).inkStrokes
    let points = strokes.flatMap { $0 }.map(cPoint)
    let lengths = try strokes.map { stroke throws(PDFError) in try cCount(stroke.count) }
    let pointCount = try cCount(points.count)
    // Both buffers are checked before either is written: a failure writes only the counts.
    let strokeCount = try cCount(lengths.count)
    let pointRoom = try pointBuffer == nil ? 0 : givenCount(pointCapacity, "point_capacity")
    let strokeRoom = try lengthBuffer == nil ? 0 : givenCount(strokeCapacity, "stroke_capacity")
    let pointsFit = pointBuffer == nil || pointRoom >= points.count
    let lengthsFit = lengthBuffer == nil || strokeRoom >= lengths.count
    guard pointsFit && lengthsFit else {
      outPointCount?.pointee = pointCount
      outStrokeCount?.pointee = strokeCount
      throw PDFError(
        .bufferTooSmall,
        "the buffers hold \(pointCapacity) points and \(strokeCapacity) strokes; "
          + "\(points.count) points in \(lengths.count) strokes are needed")
    }
    try copyArray(points, pointBuffer, pointCapacity, outPointCount)
    try copyArray(lengths, lengthBuffer, strokeCapacity, outStrokeCount)
  }
}

/// Sets the vertices.
@_cdecl("pdftools_annotation_set_vertices")
public func abiAnnotationSetVertices(
  _ document: OpaquePointer?, _ id: Int64, _ pointList: UnsafePointer<pdftools_point>?, _ count: Int32
) -> pdftools_status {
  call { () throws(PDFError) in try update(document, id, [.vertices(try points(pointList, count))]) }
}

/// Reads the vertices.
@_cdecl("pdftools_annotation_get_vertices")
public func abiAnnotationGetVertices(
  _ document: OpaquePointer?, _ id: Int64, _ buffer: UnsafeMutablePointer<pdftools_point>?, _ capacity: Int32,
  _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outCount, "out_count")
    try copyArray(try doc.annotationProperties(id).vertices.map(cPoint), buffer, capacity, outCount)
  }
}

/// Sets a line.
@_cdecl("pdftools_annotation_set_line")
public func abiAnnotationSetLine(
  _ document: OpaquePointer?, _ id: Int64, _ start: pdftools_point, _ end: pdftools_point,
  _ startEnding: pdftools_line_ending, _ endEnding: pdftools_line_ending, _ leaderLength: Double,
  _ leaderExtension: Double
) -> pdftools_status {
  call { () throws(PDFError) in
    try update(document, id, [
      .line(
        start: Point(start.x, start.y), end: Point(end.x, end.y), startEnding: try ending(startEnding),
        endEnding: try ending(endEnding), leaderLength: leaderLength, leaderExtension: leaderExtension)
    ])
  }
}

/// Reads a line.
@_cdecl("pdftools_annotation_get_line")
public func abiAnnotationGetLine(
  _ document: OpaquePointer?, _ id: Int64, _ outStart: UnsafeMutablePointer<pdftools_point>?,
  _ outEnd: UnsafeMutablePointer<pdftools_point>?, _ outStartEnding: UnsafeMutablePointer<pdftools_line_ending>?,
  _ outEndEnding: UnsafeMutablePointer<pdftools_line_ending>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let properties = try Registry.document(document).annotationProperties(id)
    guard let line = properties.line else { throw PDFError(.notFound, "annotation \(id) has no /L") }
    outStart?.pointee = cPoint(line.0)
    outEnd?.pointee = cPoint(line.1)
    outStartEnding?.pointee = cEnding(properties.lineEndings.0)
    outEndEnding?.pointee = cEnding(properties.lineEndings.1)
  }
}

/// Sets line endings.
@_cdecl("pdftools_annotation_set_line_endings")
public func abiAnnotationSetLineEndings(
  _ document: OpaquePointer?, _ id: Int64, _ start: pdftools_line_ending, _ end: pdftools_line_ending
) -> pdftools_status {
  call { () throws(PDFError) in try update(document, id, [.lineEndings(try ending(start), try ending(end))]) }
}

/// Sets the icon name.
@_cdecl("pdftools_annotation_set_icon")
public func abiAnnotationSetIcon(_ document: OpaquePointer?, _ id: Int64, _ name: UnsafePointer<CChar>?) -> pdftools_status {
  call { () throws(PDFError) in try update(document, id, [.icon(try text(name, "name"))]) }
}

/// Sets /Open.
@_cdecl("pdftools_annotation_set_open")
public func abiAnnotationSetOpen(_ document: OpaquePointer?, _ id: Int64, _ open: Int32) -> pdftools_status {
  call { () throws(PDFError) in try update(document, id, [.open(open != 0)]) }
}

/// Sets FreeText styling.
@_cdecl("pdftools_annotation_set_free_text")
public func abiAnnotationSetFreeText(
  _ document: OpaquePointer?, _ id: Int64, _ font: UnsafePointer<CChar>?, _ size: Double,
  _ textColor: UnsafePointer<pdftools_color>?, _ alignment: pdftools_text_alignment,
  _ intent: UnsafePointer<CChar>?
) -> pdftools_status {
  call { () throws(PDFError) in
    try update(document, id, [
      .freeText(
        font: try text(font, "font"), size: size, color: try color(textColor) ?? RGBColor(0, 0, 0),
        alignment: Int(alignment.rawValue), intent: try optionalText(intent, "intent") ?? "FreeText")
    ])
  }
}

/// Reads FreeText styling.
@_cdecl("pdftools_annotation_get_free_text")
public func abiAnnotationGetFreeText(
  _ document: OpaquePointer?, _ id: Int64, _ font: UnsafeMutablePointer<CChar>?, _ fontSize: UInt,
  _ outFontSize: UnsafeMutablePointer<UInt>?, _ outSize: UnsafeMutablePointer<Double>?,
  _ outColor: UnsafeMutablePointer<pdftools_color>?, _ outAlignment: UnsafeMutablePointer<pdftools_text_alignment>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outFontSize, "out_font_size")
    let properties = try doc.annotationProperties(id)
    try copyOut(properties.fontName, font, fontSize, outFontSize)
    outSize?.pointee = properties.fontSize
    outColor?.pointee = pdftools_color(r: properties.textColor.r, g: properties.textColor.g, b: properties.textColor.b)
    outAlignment?.pointee = pdftools_text_alignment(rawValue: UInt32(clamping: properties.alignment))
  }
}

/// Sets the callout line.
@_cdecl("pdftools_annotation_set_callout")
public func abiAnnotationSetCallout(
  _ document: OpaquePointer?, _ id: Int64, _ pointList: UnsafePointer<pdftools_point>?, _ count: Int32
) -> pdftools_status {
  call { () throws(PDFError) in try update(document, id, [.callout(try points(pointList, count))]) }
}

/// Adds a popup.
@_cdecl("pdftools_annotation_add_popup")
public func abiAnnotationAddPopup(
  _ document: OpaquePointer?, _ parent: Int64, _ area: pdftools_rect, _ open: Int32,
  _ outID: UnsafeMutablePointer<Int64>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outID, "out_id")
    out.pointee = try doc.addPopup(to: parent, rect: rect(area), open: open != 0)
  }
}

/// Sets the reply relation.
@_cdecl("pdftools_annotation_set_reply")
public func abiAnnotationSetReply(
  _ document: OpaquePointer?, _ id: Int64, _ parent: Int64, _ type: UnsafePointer<CChar>?
) -> pdftools_status {
  call { () throws(PDFError) in
    try Registry.document(document).setReply(
      id, to: parent == 0 ? nil : parent, type: try optionalText(type, "type") ?? "R")
  }
}

/// Reads the reply relation.
@_cdecl("pdftools_annotation_get_reply")
public func abiAnnotationGetReply(
  _ document: OpaquePointer?, _ id: Int64, _ outParent: UnsafeMutablePointer<Int64>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outParent, "out_parent")
    out.pointee = try doc.replyParent(of: id) ?? 0
  }
}

/// Moves an annotation in the z-order.
@_cdecl("pdftools_annotation_set_z_index")
public func abiAnnotationSetZIndex(_ document: OpaquePointer?, _ id: Int64, _ index: Int32) -> pdftools_status {
  call { () throws(PDFError) in try Registry.document(document).moveAnnotation(id, toZIndex: Int(index)) }
}

/// Sets a link URI.
@_cdecl("pdftools_annotation_set_link_uri")
public func abiAnnotationSetLinkURI(_ document: OpaquePointer?, _ id: Int64, _ uri: UnsafePointer<CChar>?) -> pdftools_status {
  call { () throws(PDFError) in try Registry.document(document).setLinkURI(id, try text(uri, "uri")) }
}

/// Sets a link destination page.
@_cdecl("pdftools_annotation_set_link_page")
public func abiAnnotationSetLinkPage(_ document: OpaquePointer?, _ id: Int64, _ page: Int32) -> pdftools_status {
  call { () throws(PDFError) in try Registry.document(document).setLinkDestination(id, page: Int(page)) }
}

/// Reads a link URI.
@_cdecl("pdftools_annotation_get_link_uri")
public func abiAnnotationGetLinkURI(
  _ document: OpaquePointer?, _ id: Int64, _ buffer: UnsafeMutablePointer<CChar>?, _ bufferSize: UInt,
  _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outSize, "out_size")
    guard let uri = try doc.linkURI(id) else { throw PDFError(.notFound, "annotation \(id) has no URI action") }
    try copyOut(uri, buffer, bufferSize, outSize)
  }
}

/// Reads a link destination page.
@_cdecl("pdftools_annotation_get_link_page")
public func abiAnnotationGetLinkPage(
  _ document: OpaquePointer?, _ id: Int64, _ outPage: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outPage, "out_page")
    guard let page = try doc.linkDestinationPage(id) else {
      throw PDFError(.notFound, "annotation \(id) has no page destination")
    }
    out.pointee = Int32(clamping: page)
  }
}

/// Embeds a file.
@_cdecl("pdftools_annotation_set_attachment")
public func abiAnnotationSetAttachment(
  _ document: OpaquePointer?, _ id: Int64, _ name: UnsafePointer<CChar>?, _ data: UnsafeRawPointer?, _ size: UInt
) -> pdftools_status {
  call { () throws(PDFError) in
    guard size == 0 || data != nil else { throw PDFError(.invalidArgument, "data is NULL") }
    guard let count = Int(exactly: size), count <= 1 << 31 else { throw PDFError(.invalidArgument, "size is too large") }
    let bytes = data.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    try Registry.document(document).setAttachment(id, name: try text(name, "name"), bytes: bytes)
  }
}

/// Reads an embedded file.
@_cdecl("pdftools_annotation_get_attachment")
public func abiAnnotationGetAttachment(
  _ document: OpaquePointer?, _ id: Int64, _ outData: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  _ outSize: UnsafeMutablePointer<UInt>?, _ name: UnsafeMutablePointer<CChar>?, _ nameSize: UInt,
  _ outNameSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let dataOut = try require(outData, "out_data")
    let sizeOut = try require(outSize, "out_size")
    guard let file = try doc.attachment(id) else { throw PDFError(.notFound, "annotation \(id) has no embedded file") }
    // The memory is taken first and given back if the name fails, so that a failure writes
    // nothing but the name's size.
    guard let memory = malloc(max(file.bytes.count, 1)) else {
      throw PDFError(.outOfMemory, "cannot allocate \(file.bytes.count) bytes")
    }
    if let outNameSize {
      do throws(PDFError) {
        try copyOut(file.name, name, nameSize, outNameSize)
      } catch {
        free(memory)
        throw error
      }
    }
    file.bytes.withUnsafeBytes { source in
      if let base = source.baseAddress { memory.copyMemory(from: base, byteCount: source.count) }
    }
    dataOut.pointee = memory
    sizeOut.pointee = UInt(file.bytes.count)
  }
}

/// Gives a stamp a custom image.
@_cdecl("pdftools_annotation_set_stamp_image")
public func abiAnnotationSetStampImage(
  _ document: OpaquePointer?, _ id: Int64, _ data: UnsafeRawPointer?, _ size: UInt
) -> pdftools_status {
  call { () throws(PDFError) in
    guard let data, size > 0, let count = Int(exactly: size), count <= 1 << 30 else {
      throw PDFError(.invalidArgument, "the image data is NULL, empty or too large")
    }
    try Registry.document(document).setStampImage(id, bytes: Array(UnsafeRawBufferPointer(start: data, count: count)))
  }
}
