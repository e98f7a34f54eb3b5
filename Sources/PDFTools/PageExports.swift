// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// A page box in page space.
@_cdecl("pdftools_page_get_box")
public func abiPageBox(
  _ document: OpaquePointer?, _ index: Int32, _ box: pdftools_box,
  _ outRect: UnsafeMutablePointer<pdftools_rect>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outRect, "out_rect")
    guard let kind = PageBox(rawValue: Int32(bitPattern: box.rawValue)) else {
      throw PDFError(.invalidArgument, "\(box.rawValue) is not a pdftools_box value")
    }
    let rect = try doc.pageBox(Int(index), kind)
    out.pointee = pdftools_rect(x0: rect.x0, y0: rect.y0, x1: rect.x1, y1: rect.y1)
  }
}

/// The page rotation.
@_cdecl("pdftools_page_get_rotation")
public func abiPageRotation(
  _ document: OpaquePointer?, _ index: Int32, _ outRotation: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outRotation, "out_rotation")
    out.pointee = Int32(try doc.pageRotation(Int(index)))
  }
}

/// The page's user unit.
@_cdecl("pdftools_page_get_user_unit")
public func abiPageUserUnit(
  _ document: OpaquePointer?, _ index: Int32, _ outUserUnit: UnsafeMutablePointer<Double>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outUserUnit, "out_user_unit")
    out.pointee = try doc.pageUserUnit(Int(index))
  }
}

/// The page's display size.
@_cdecl("pdftools_page_get_size")
public func abiPageSize(
  _ document: OpaquePointer?, _ index: Int32, _ outWidth: UnsafeMutablePointer<Double>?,
  _ outHeight: UnsafeMutablePointer<Double>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let size = try Registry.document(document).pageSize(Int(index))
    outWidth?.pointee = size.width
    outHeight?.pointee = size.height
  }
}

/// The page label (two-call pattern).
@_cdecl("pdftools_page_get_label")
public func abiPageLabel(
  _ document: OpaquePointer?, _ index: Int32, _ buffer: UnsafeMutablePointer<CChar>?,
  _ bufferSize: UInt, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outSize, "out_size")
    try copyOut(try doc.pageLabel(Int(index)), buffer, bufferSize, outSize)
  }
}

/// Inserts a blank page.
@_cdecl("pdftools_document_insert_blank_page")
public func abiDocumentInsertBlankPage(
  _ document: OpaquePointer?, _ index: Int32, _ width: Double, _ height: Double
) -> pdftools_status {
  call { () throws(PDFError) in
    try Registry.document(document).insertBlankPage(at: Int(index), width: width, height: height)
  }
}
