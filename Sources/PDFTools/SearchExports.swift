import CPDFTools
import PDFToolsCore

/// Converts C search options (NULL means defaults).
private func searchOptions(_ pointer: UnsafePointer<pdftools_search_options>?) throws(PDFError)
  -> SearchOptions
{
  var options = SearchOptions()
  guard let c = pointer?.pointee else { return options }
  guard c.version >= 1, c.version <= UInt32(PDFTOOLS_SEARCH_OPTIONS_VERSION) else {
    throw PDFError(.invalidArgument, "pdftools_search_options.version \(c.version) is not supported")
  }
  options.flags = SearchOptions.Flags(rawValue: c.flags)
  guard options.flags.isSubset(of: .known) else {
    throw PDFError(.invalidArgument, "unknown pdftools_search_flags bits \(c.flags)")
  }
  guard c.first_page >= 0, c.last_page >= -1 else {
    throw PDFError(.outOfRange, "search pages \(c.first_page) to \(c.last_page) are out of range")
  }
  options.firstPage = Int(c.first_page)
  options.lastPage = c.last_page == -1 ? nil : Int(c.last_page)
  return options
}

/// Finds every occurrence (array pattern).
@_cdecl("pdftools_search")
public func abiSearch(
  _ document: OpaquePointer?, _ query: UnsafePointer<CChar>?,
  _ options: UnsafePointer<pdftools_search_options>?,
  _ buffer: UnsafeMutablePointer<pdftools_selection>?, _ capacity: UInt,
  _ outCount: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outCount, "out_count")
    let matches = try doc.search(try text(query, "query"), options: try searchOptions(options))
    try copyArray(matches.map(cSelection), buffer, capacity, outCount)
  }
}

/// Finds the next or previous occurrence.
@_cdecl("pdftools_search_next")
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
