// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Converts C search options (NULL means defaults), reading only the fields of the caller's
/// version; the progress callback comes back separately.
private func searchOptions(_ pointer: UnsafePointer<pdftools_search_options>?) throws(PDFError)
  -> SearchOptions
{
  try searchOptionsAndProgress(pointer).options
}

/// As ``searchOptions(_:)``, with the progress handler of a version 2 struct.
private func searchOptionsAndProgress(_ pointer: UnsafePointer<pdftools_search_options>?) throws(PDFError)
  -> (options: SearchOptions, progress: ProgressHandler?)
{
  var options = SearchOptions()
  guard let pointer else { return (options, nil) }
  let c = try StructVersions.searchOptions.read(pointer)
  options.flags = SearchOptions.Flags(rawValue: c.flags)
  guard options.flags.isSubset(of: .known) else {
    throw PDFError(.invalidArgument, "unknown pdftools_search_flags bits \(c.flags)")
  }
  guard c.first_page >= 0, c.last_page >= -1 else {
    throw PDFError(.outOfRange, "search pages \(c.first_page) to \(c.last_page) are out of range")
  }
  options.firstPage = Int(c.first_page)
  options.lastPage = c.last_page == -1 ? nil : Int(c.last_page)
  return (options, progressHandler(c.progress, c.progress_user_data))
}

/// Finds every occurrence (array pattern).
@_cdecl("pdftools_document_search")
public func abiSearch(
  _ document: OpaquePointer?, _ query: UnsafePointer<CChar>?,
  _ options: UnsafePointer<pdftools_search_options>?,
  _ buffer: UnsafeMutablePointer<pdftools_selection>?, _ capacity: Int32,
  _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outCount, "out_count")
    let parsed = try searchOptionsAndProgress(options)
    let matches = try doc.searchMatches(try text(query, "query"), options: parsed.options, progress: parsed.progress)
    try copyStrided(
      matches, converting: cSelection, UnsafeMutableRawPointer(buffer),
      elementSize: UInt(MemoryLayout<pdftools_selection>.stride), minimum: 0, capacity, outCount)
    // Delivered: the kept result is needed only between a size query and its fill.
    if buffer != nil { doc.forgetLastSearch() }
  }
}

/// Finds the next or previous occurrence.
@_cdecl("pdftools_document_search_next")
public func abiSearchNext(
  _ document: OpaquePointer?, _ query: UnsafePointer<CChar>?,
  _ options: UnsafePointer<pdftools_search_options>?, _ from: UnsafePointer<pdftools_selection>?,
  _ forward: Int32, _ outMatch: UnsafeMutablePointer<pdftools_selection>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outMatch, "out_match")
    let position = from == nil ? nil : try selection(from)
    guard
      let found = try doc.searchNext(
        try text(query, "query"), options: try searchOptions(options), from: position,
        forward: forward != 0)
    else {
      throw PDFError(.notFound, "no further occurrence of the search text")
    }
    out.pointee = cSelection(found)
  }
}

/// The plain text of a range of pages, in a new memory block.
@_cdecl("pdftools_document_get_text")
public func abiDocumentGetText(
  _ document: OpaquePointer?, _ firstPage: Int32, _ lastPage: Int32, _ progress: pdftools_progress_callback?,
  _ userData: UnsafeMutableRawPointer?, _ outText: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let textOut = try require(outText, "out_text")
    let sizeOut = try require(outSize, "out_size")
    let last = lastPage == -1 ? doc.pageCount - 1 : Int(lastPage)
    guard firstPage >= 0, last >= Int(firstPage) - 1 else {
      throw PDFError(.outOfRange, "pages \(firstPage) to \(lastPage) are out of range")
    }
    let text = try doc.text(ofPages: Int(firstPage)..<(last + 1), progress: progressHandler(progress, userData))
    try copyAllocated(text, textOut, sizeOut)
  }
}
