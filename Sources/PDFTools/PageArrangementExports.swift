// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// A page range from a first page and a count, refused when the count is not positive.
private func pageRange(_ first: Int32, _ count: Int32) throws(PDFError) -> Range<Int> {
  guard count > 0 else { throw PDFError(.invalidArgument, "a page count must be positive (got \(count))") }
  guard first >= 0 else { throw PDFError(.outOfRange, "page index \(first) is out of range") }
  return Int(first)..<Int(first) + Int(count)
}

/// Page indices given as an array, refused when empty.
private func pageList(_ pages: UnsafePointer<Int32>?, _ count: Int32) throws(PDFError) -> [Int] {
  guard let pages = try givenArray(pages, count, "pages"), !pages.isEmpty else {
    throw PDFError(.invalidArgument, "no pages were given")
  }
  return pages.map { Int($0) }
}

/// The id of a page.
@_cdecl("pdftools_page_get_id")
public func abiPageGetID(_ document: OpaquePointer?, _ index: Int32, _ outID: UnsafeMutablePointer<Int64>?)
  -> pdftools_status
{
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outID, "out_id")
    out.pointee = try doc.pageID(Int(index))
  }
}

/// The index of the page with an id.
@_cdecl("pdftools_document_find_page")
public func abiDocumentFindPage(_ document: OpaquePointer?, _ id: Int64, _ outIndex: UnsafeMutablePointer<Int32>?)
  -> pdftools_status
{
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outIndex, "out_page_index")
    out.pointee = Int32(clamping: try doc.pageIndex(forID: id))
  }
}

/// Deletes pages.
@_cdecl("pdftools_document_delete_pages")
public func abiDocumentDeletePages(_ document: OpaquePointer?, _ first: Int32, _ count: Int32) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    try doc.deletePages(try pageRange(first, count))
  }
}

/// Moves pages.
@_cdecl("pdftools_document_move_pages")
public func abiDocumentMovePages(_ document: OpaquePointer?, _ first: Int32, _ count: Int32, _ to: Int32)
  -> pdftools_status
{
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    try doc.movePages(try pageRange(first, count), to: Int(to))
  }
}

/// Duplicates a page.
@_cdecl("pdftools_document_duplicate_page")
public func abiDocumentDuplicatePage(
  _ document: OpaquePointer?, _ index: Int32, _ outIndex: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let made = try doc.duplicatePage(Int(index))
    outIndex?.pointee = Int32(clamping: made)
  }
}

/// Inserts pages of another document.
@_cdecl("pdftools_document_insert_pages")
public func abiDocumentInsertPages(
  _ document: OpaquePointer?, _ at: Int32, _ source: OpaquePointer?, _ pages: UnsafePointer<Int32>?,
  _ count: Int32
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let from = try Registry.document(source)
    try doc.insertPages(from: from, pages: try pageList(pages, count), at: Int(at))
  }
}

/// Extracts pages into a new document.
@_cdecl("pdftools_document_extract_pages")
public func abiDocumentExtractPages(
  _ document: OpaquePointer?, _ pages: UnsafePointer<Int32>?, _ count: Int32,
  _ outDocument: UnsafeMutablePointer<OpaquePointer?>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outDocument, "out_doc")
    out.pointee = Registry.add(try doc.extractPages(try pageList(pages, count)))
  }
}

/// Sets or removes a page box.
@_cdecl("pdftools_page_set_box")
public func abiPageSetBox(
  _ document: OpaquePointer?, _ index: Int32, _ box: pdftools_box, _ rect: UnsafePointer<pdftools_rect>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    guard let kind = PageBox(rawValue: Int32(bitPattern: box.rawValue)) else {
      throw PDFError(.invalidArgument, "\(box.rawValue) is not a pdftools_box value")
    }
    try doc.setPageBox(Int(index), kind, rect.map { Rect($0.pointee.x0, $0.pointee.y0, $0.pointee.x1, $0.pointee.y1) })
  }
}
