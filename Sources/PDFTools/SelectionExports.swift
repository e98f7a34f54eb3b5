// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// A C selection as a core selection.
func selection(_ pointer: UnsafePointer<pdftools_selection>?) throws(PDFError) -> TextSelection {
  guard let value = pointer?.pointee else { throw PDFError(.invalidArgument, "selection is NULL") }
  return TextSelection(
    startPage: Int(value.start_page), startChar: Int(value.start_char), endPage: Int(value.end_page),
    endChar: Int(value.end_char))
}

/// A core selection as a C selection.
func cSelection(_ value: TextSelection) -> pdftools_selection {
  pdftools_selection(
    start_page: Int32(clamping: value.startPage), start_char: Int32(clamping: value.startChar),
    end_page: Int32(clamping: value.endPage), end_char: Int32(clamping: value.endChar))
}

/// A search match as the C struct.
func cSelection(_ match: SearchMatch) -> pdftools_selection {
  pdftools_selection(start_page: match.page, start_char: match.start, end_page: match.page, end_char: match.end)
}

/// Selects text between two points.
@_cdecl("pdftools_document_select")
public func abiSelect(
  _ document: OpaquePointer?, _ pageA: Int32, _ a: pdftools_point, _ pageB: Int32, _ b: pdftools_point,
  _ space: pdftools_space, _ unit: pdftools_granularity,
  _ outSelection: UnsafeMutablePointer<pdftools_selection>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outSelection, "out_selection")
    let kind = try granularity(unit)
    let start = try pagePoint(doc, pageA, a, space)
    let end = try pagePoint(doc, pageB, b, space)
    out.pointee = cSelection(
      try doc.select(pageA: Int(pageA), start, pageB: Int(pageB), end, granularity: kind))
  }
}

/// The lines of a selection on a page, in `space`.
private func selectionLines(
  _ document: OpaquePointer?, _ value: UnsafePointer<pdftools_selection>?, _ page: Int32,
  _ space: pdftools_space
) throws(PDFError) -> (lines: [(rect: Rect, direction: Int)], toDisplay: AffineTransform?) {
  let doc = try Registry.document(document)
  let chosen = try selection(value)
  guard space == PDFTOOLS_SPACE_PAGE || space == PDFTOOLS_SPACE_DISPLAY else {
    throw PDFError(.invalidArgument, "\(space.rawValue) is not a pdftools_space value")
  }
  let lines = try doc.selectionLines(chosen, page: Int(page))
  let map = space == PDFTOOLS_SPACE_DISPLAY ? try doc.transform(ofPage: Int(page)).toDisplay : nil
  return (lines, map)
}

/// One rectangle per selected line (array pattern).
@_cdecl("pdftools_selection_get_rects")
public func abiSelectionRects(
  _ document: OpaquePointer?, _ value: UnsafePointer<pdftools_selection>?, _ page: Int32,
  _ space: pdftools_space, _ buffer: UnsafeMutablePointer<pdftools_rect>?, _ capacity: Int32,
  _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    _ = try require(outCount, "out_count")
    let (lines, map) = try selectionLines(document, value, page, space)
    let rects = lines.map { cRect(map?.apply($0.rect) ?? $0.rect) }
    try copyArray(rects, buffer, capacity, outCount)
  }
}

/// One quad per selected line (array pattern).
@_cdecl("pdftools_selection_get_quads")
public func abiSelectionQuads(
  _ document: OpaquePointer?, _ value: UnsafePointer<pdftools_selection>?, _ page: Int32,
  _ space: pdftools_space, _ buffer: UnsafeMutablePointer<pdftools_quad>?, _ capacity: Int32,
  _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    _ = try require(outCount, "out_count")
    let (lines, map) = try selectionLines(document, value, page, space)
    let quads = lines.map { line -> pdftools_quad in
      let quad = Quad(line.rect, direction: line.direction)
      let mapped = map?.apply(quad) ?? quad
      func c(_ p: Point) -> pdftools_point { pdftools_point(x: p.x, y: p.y) }
      return pdftools_quad(p1: c(mapped.p1), p2: c(mapped.p2), p3: c(mapped.p3), p4: c(mapped.p4))
    }
    try copyArray(quads, buffer, capacity, outCount)
  }
}

/// The selected text (two-call pattern).
@_cdecl("pdftools_selection_get_text")
public func abiSelectionText(
  _ document: OpaquePointer?, _ value: UnsafePointer<pdftools_selection>?,
  _ buffer: UnsafeMutablePointer<CChar>?, _ bufferSize: UInt, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outSize, "out_size")
    try copyOut(try doc.selectionText(try selection(value)), buffer, bufferSize, outSize)
  }
}
