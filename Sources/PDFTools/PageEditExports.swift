// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// The number of label ranges.
@_cdecl("pdftools_document_get_label_range_count")
public func abiDocumentLabelRangeCount(_ document: OpaquePointer?, _ outCount: UnsafeMutablePointer<Int32>?)
  -> pdftools_status
{
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outCount, "out_count")
    out.pointee = try cCount(try doc.pageLabelRanges().count)
  }
}

/// One label range.
@_cdecl("pdftools_document_get_label_range")
public func abiDocumentLabelRange(
  _ document: OpaquePointer?, _ index: Int32, _ outStart: UnsafeMutablePointer<Int32>?,
  _ outStyle: UnsafeMutablePointer<pdftools_label_style>?, _ outFirst: UnsafeMutablePointer<Int32>?,
  _ buffer: UnsafeMutablePointer<CChar>?, _ bufferSize: UInt, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outSize, "out_prefix_size")
    let ranges = try doc.pageLabelRanges()
    guard index >= 0, Int(index) < ranges.count else {
      throw PDFError(.outOfRange, "label range \(index) is out of range (the document has \(ranges.count))")
    }
    let range = ranges[Int(index)]
    try copyOut(range.prefix, buffer, bufferSize, outSize)
    outStart?.pointee = Int32(clamping: range.start)
    outStyle?.pointee = pdftools_label_style(rawValue: UInt32(bitPattern: range.style.rawValue))
    outFirst?.pointee = Int32(clamping: range.firstNumber)
  }
}

/// Replaces the label ranges.
@_cdecl("pdftools_document_set_label_ranges")
public func abiDocumentSetLabelRanges(
  _ document: OpaquePointer?, _ ranges: UnsafePointer<pdftools_label_range>?, _ count: Int32
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    var result: [PageLabelRange] = []
    for range in try givenArray(ranges, count, "ranges") ?? [] {
      guard let style = PageLabelRange.Style(rawValue: Int32(bitPattern: range.style.rawValue)) else {
        throw PDFError(.invalidArgument, "\(range.style.rawValue) is not a pdftools_label_style value")
      }
      let prefix = try optionalText(range.prefix, "a range's prefix") ?? ""
      result.append(
        PageLabelRange(start: Int(range.start_page), style: style, prefix: prefix, firstNumber: Int(range.first_number)))
    }
    try doc.setPageLabelRanges(result)
  }
}

/// Turns a page.
@_cdecl("pdftools_page_set_rotation")
public func abiPageSetRotation(_ document: OpaquePointer?, _ index: Int32, _ rotation: Int32) -> pdftools_status {
  call { () throws(PDFError) in try Registry.document(document).setPageRotation(Int(index), Int(rotation)) }
}
