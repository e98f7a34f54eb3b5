// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// The growing structs of the exchange functions.
enum ExchangeStructs {
  /// pdftools_import_result.
  static let importResult = GrowingStruct(
    name: "pdftools_import_result", sizes: [MemoryLayout<pdftools_import_result>.size],
    defaults: pdftools_import_result())
  /// pdftools_report_options.
  static let reportOptions: GrowingStruct<pdftools_report_options> = {
    var defaults = pdftools_report_options()
    defaults.last_page = -1
    return GrowingStruct(
      name: "pdftools_report_options", sizes: [MemoryLayout<pdftools_report_options>.size], defaults: defaults)
  }()
  /// pdftools_flatten_options.
  static let flattenOptions = GrowingStruct(
    name: "pdftools_flatten_options", sizes: [MemoryLayout<pdftools_flatten_options>.size],
    defaults: pdftools_flatten_options())
}

/// Stores an import's counts into the caller's result, when one was given.
private func storeResult(_ result: ImportResult, _ out: UnsafeMutablePointer<pdftools_import_result>?) throws(PDFError) {
  guard let out else { return }
  var value = pdftools_import_result()
  value.added = Int32(clamping: result.added)
  value.changed = Int32(clamping: result.changed)
  value.deleted = Int32(clamping: result.deleted)
  value.skipped = Int32(clamping: result.skipped)
  try ExchangeStructs.importResult.store(value, out, "out_result")
}

/// Checks an optional output struct's version before any work is done: 0 is refused, a
/// newer version than this library's gets the fields this library knows.
private func checkResult(_ out: UnsafeMutablePointer<pdftools_import_result>?) throws(PDFError) {
  guard let out else { return }
  guard UnsafeRawPointer(out).loadUnaligned(as: UInt32.self) > 0 else {
    throw PDFError(.invalidArgument, "out_result's version is 0; set it (PDFTOOLS_IMPORT_RESULT_INIT) before the call")
  }
}

/// Comma-separated names as a set (nil for NULL).
func nameSet(_ pointer: UnsafePointer<CChar>?, _ name: String, separator: Character) throws(PDFError) -> Set<String>? {
  guard let list = try optionalText(pointer, name) else { return nil }
  return Set(list.split(separator: separator).map { String($0.filter { separator == "\n" || $0 != " " }) }.filter { !$0.isEmpty })
}

/// The annotations of the document as XFDF.
@_cdecl("pdftools_document_export_xfdf")
public func abiDocumentExportXFDF(
  _ document: OpaquePointer?, _ pages: UnsafePointer<Int32>?, _ pageCount: Int32, _ ids: UnsafePointer<Int64>?,
  _ idCount: Int32, _ outXML: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let xmlOut = try require(outXML, "out_xml")
    let sizeOut = try require(outSize, "out_size")
    let pageSet = try givenArray(pages, pageCount, "pages").map { Set($0.map(Int.init)) }
    let idSet = try givenArray(ids, idCount, "ids").map(Set.init)
    try copyAllocated(try doc.exportXFDF(pages: pageSet, ids: idSet), xmlOut, sizeOut)
  }
}

/// Runs an import of XFDF text into a document and stores its counts.
private func importing(
  _ document: OpaquePointer?, _ xfdf: UnsafePointer<CChar>?, _ outResult: UnsafeMutablePointer<pdftools_import_result>?,
  _ body: (Document, String) throws(PDFError) -> ImportResult
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    try checkResult(outResult)
    try storeResult(try body(doc, try text(xfdf, "xfdf")), outResult)
  }
}

/// Merges the annotations of an XFDF document.
@_cdecl("pdftools_document_import_xfdf")
public func abiDocumentImportXFDF(
  _ document: OpaquePointer?, _ xfdf: UnsafePointer<CChar>?, _ outResult: UnsafeMutablePointer<pdftools_import_result>?
) -> pdftools_status {
  importing(document, xfdf, outResult) { (doc, text) throws(PDFError) in try doc.importXFDF(text) }
}

/// The number naming the document's current state.
@_cdecl("pdftools_document_get_state_id")
public func abiDocumentGetStateID(_ document: OpaquePointer?, _ outState: UnsafeMutablePointer<Int64>?) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    try store(Int64(doc.stateID), outState, "out_state")
  }
}

/// The annotation changes since a state, as an XFDF command document.
@_cdecl("pdftools_document_export_changes")
public func abiDocumentExportChanges(
  _ document: OpaquePointer?, _ since: Int64, _ outXML: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let xmlOut = try require(outXML, "out_xml")
    let sizeOut = try require(outSize, "out_size")
    guard since >= -1, let state = Int(exactly: since) else {
      throw PDFError(.invalidArgument, "since must be a state id or -1 (got \(since))")
    }
    try copyAllocated(try doc.exportChanges(since: state == -1 ? nil : state), xmlOut, sizeOut)
  }
}

/// Applies an XFDF command document.
@_cdecl("pdftools_document_import_changes")
public func abiDocumentImportChanges(
  _ document: OpaquePointer?, _ xfdf: UnsafePointer<CChar>?, _ outResult: UnsafeMutablePointer<pdftools_import_result>?
) -> pdftools_status {
  importing(document, xfdf, outResult) { (doc, text) throws(PDFError) in try doc.importChanges(text) }
}

/// Default report options of a version.
@_cdecl("pdftools_report_options_init")
public func abiReportOptionsInit(_ options: UnsafeMutablePointer<pdftools_report_options>?, _ version: UInt32)
  -> pdftools_status
{ ExchangeStructs.reportOptions.initialise(options, version) }

/// A report of the annotations.
@_cdecl("pdftools_document_get_annotation_report")
public func abiDocumentGetAnnotationReport(
  _ document: OpaquePointer?, _ options: UnsafePointer<pdftools_report_options>?, _ format: pdftools_report_format,
  _ outText: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let textOut = try require(outText, "out_text")
    let sizeOut = try require(outSize, "out_size")
    let given = try options.map { (pointer) throws(PDFError) in try ExchangeStructs.reportOptions.read(pointer) }
      ?? ExchangeStructs.reportOptions.defaults
    var filter = ReportFilter()
    filter.firstPage = Int(given.first_page)
    filter.lastPage = given.last_page == -1 ? nil : Int(given.last_page)
    if doc.pageCount == 0 && given.first_page == 0 { filter.firstPage = nil }
    filter.subtypes = try nameSet(given.subtypes, "subtypes", separator: ",")
    filter.authors = try nameSet(given.authors, "authors", separator: "\n")
    filter.since = try optionalText(given.since, "since")
    filter.until = try optionalText(given.until, "until")
    let report: String
    switch format {
    case PDFTOOLS_REPORT_JSON: report = try doc.annotationReportJSON(filter)
    case PDFTOOLS_REPORT_CSV: report = try doc.annotationReportCSV(filter)
    default: throw PDFError(.invalidArgument, "unknown report format \(format.rawValue)")
    }
    try copyAllocated(report, textOut, sizeOut)
  }
}

/// Default flatten options of a version.
@_cdecl("pdftools_flatten_options_init")
public func abiFlattenOptionsInit(_ options: UnsafeMutablePointer<pdftools_flatten_options>?, _ version: UInt32)
  -> pdftools_status
{ ExchangeStructs.flattenOptions.initialise(options, version) }

/// Burns annotation appearances into page content.
@_cdecl("pdftools_document_flatten")
public func abiDocumentFlatten(
  _ document: OpaquePointer?, _ options: UnsafePointer<pdftools_flatten_options>?, _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let given = try options.map { (pointer) throws(PDFError) in try ExchangeStructs.flattenOptions.read(pointer) }
      ?? ExchangeStructs.flattenOptions.defaults
    var scope = FlattenScope()
    scope.pages = try givenArray(given.pages, given.page_count, "pages").map { Set($0.map(Int.init)) }
    scope.ids = try givenArray(given.ids, given.id_count, "ids").map(Set.init)
    scope.subtypes = try nameSet(given.subtypes, "subtypes", separator: ",")
    scope.allowInvalidatingSignatures = given.allow_invalidating_signatures != 0
    let removed = try doc.flatten(scope)
    outCount?.pointee = Int32(clamping: removed)
  }
}
