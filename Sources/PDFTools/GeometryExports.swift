// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// The transform from `from` to `to` of a page.
private func transform(
  _ document: Document, _ page: Int32, _ from: pdftools_space, _ to: pdftools_space
) throws(PDFError) -> AffineTransform? {
  let spaces: [pdftools_space] = [PDFTOOLS_SPACE_PAGE, PDFTOOLS_SPACE_DISPLAY]
  guard spaces.contains(from), spaces.contains(to) else {
    throw PDFError(.invalidArgument, "\(from.rawValue) or \(to.rawValue) is not a pdftools_space value")
  }
  let maps = try document.transform(ofPage: Int(page))
  if from == to { return nil }
  return from == PDFTOOLS_SPACE_PAGE ? maps.toDisplay : maps.toPage
}

/// Converts points between a page's spaces.
@_cdecl("pdftools_page_convert_points")
public func abiPageConvertPoints(
  _ document: OpaquePointer?, _ page: Int32, _ from: pdftools_space, _ to: pdftools_space,
  _ input: UnsafePointer<pdftools_point>?, _ count: Int32, _ output: UnsafeMutablePointer<pdftools_point>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let count = try givenCount(count, "count")
    guard count == 0 || (input != nil && output != nil) else {
      throw PDFError(.invalidArgument, "in and out must not be NULL when count is not 0")
    }
    let map = try transform(doc, page, from, to)
    guard let input, let output, let map else { return }
    for index in 0..<count {
      let point = map.apply(Point(input[index].x, input[index].y))
      output[index] = pdftools_point(x: point.x, y: point.y)
    }
  }
}

/// Converts a rectangle between a page's spaces.
@_cdecl("pdftools_page_convert_rect")
public func abiPageConvertRect(
  _ document: OpaquePointer?, _ page: Int32, _ from: pdftools_space, _ to: pdftools_space,
  _ input: pdftools_rect, _ outRect: UnsafeMutablePointer<pdftools_rect>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outRect, "out_rect")
    let rect = Rect(input.x0, input.y0, input.x1, input.y1)
    let mapped = try transform(doc, page, from, to).map { $0.apply(rect) } ?? rect
    out.pointee = cRect(mapped)
  }
}

/// A core rectangle as a C rectangle.
func cRect(_ rect: Rect) -> pdftools_rect {
  pdftools_rect(x0: rect.x0, y0: rect.y0, x1: rect.x1, y1: rect.y1)
}

/// A C point as a core point.
func point(_ value: pdftools_point) -> Point { Point(value.x, value.y) }

/// Maps a point given in `space` of page `page` to page space.
func pagePoint(_ document: Document, _ page: Int32, _ value: pdftools_point, _ space: pdftools_space)
  throws(PDFError) -> Point
{
  guard value.x.isFinite, value.y.isFinite else {
    throw PDFError(.invalidArgument, "points must be finite numbers")
  }
  switch space {
  case PDFTOOLS_SPACE_PAGE: return point(value)
  case PDFTOOLS_SPACE_DISPLAY: return try document.transform(ofPage: Int(page)).toPage.apply(point(value))
  default: throw PDFError(.invalidArgument, "\(space.rawValue) is not a pdftools_space value")
  }
}

/// Copies `items` into a caller array of frozen structs with the array pattern (NULL buffer
/// gives the count): the strided copy with the struct's own stride.
func copyArray<C>(
  _ items: [C], _ buffer: UnsafeMutablePointer<C>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?
) throws(PDFError) {
  try copyStrided(
    items, UnsafeMutableRawPointer(buffer), elementSize: UInt(MemoryLayout<C>.stride), minimum: 0, capacity, outCount)
}
