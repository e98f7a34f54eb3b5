// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// The annotation ids of a page (array pattern).
@_cdecl("pdftools_page_get_annotations")
public func abiPageAnnotations(
  _ document: OpaquePointer?, _ page: Int32, _ buffer: UnsafeMutablePointer<Int64>?, _ capacity: Int32,
  _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outCount, "out_count")
    try copyArray(try doc.annotations(onPage: Int(page)), buffer, capacity, outCount)
  }
}

/// The page of an annotation.
@_cdecl("pdftools_annotation_get_page")
public func abiAnnotationPage(
  _ document: OpaquePointer?, _ id: Int64, _ outPage: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outPage, "out_page")
    out.pointee = Int32(clamping: try doc.annotationPage(id))
  }
}

/// The subtype name of an annotation (two-call pattern).
@_cdecl("pdftools_annotation_get_subtype")
public func abiAnnotationSubtype(
  _ document: OpaquePointer?, _ id: Int64, _ buffer: UnsafeMutablePointer<CChar>?, _ bufferSize: UInt,
  _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outSize, "out_size")
    try copyOut(try doc.annotationSubtype(id), buffer, bufferSize, outSize)
  }
}

/// The rectangle of an annotation.
@_cdecl("pdftools_annotation_get_rect")
public func abiAnnotationRect(
  _ document: OpaquePointer?, _ id: Int64, _ outRect: UnsafeMutablePointer<pdftools_rect>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outRect, "out_rect")
    out.pointee = cRect(try doc.annotationRect(id))
  }
}

/// A text entry of an annotation (two-call pattern).
@_cdecl("pdftools_annotation_get_text")
public func abiAnnotationGetText(
  _ document: OpaquePointer?, _ id: Int64, _ key: UnsafePointer<CChar>?,
  _ buffer: UnsafeMutablePointer<CChar>?, _ bufferSize: UInt, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let name = try text(key, "key")
    _ = try require(outSize, "out_size")
    guard let value = try doc.annotationText(id, key: name) else {
      throw PDFError(.notFound, "annotation \(id) has no text entry /\(name)")
    }
    try copyOut(value, buffer, bufferSize, outSize)
  }
}

/// The characters of an annotation's drawn text that no installed font covers (two-call
/// pattern).
@_cdecl("pdftools_annotation_get_missing_characters")
public func abiAnnotationGetMissingCharacters(
  _ document: OpaquePointer?, _ id: Int64, _ buffer: UnsafeMutablePointer<CChar>?, _ bufferSize: UInt,
  _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outSize, "out_size")
    try copyOut(try doc.missingCharacters(id), buffer, bufferSize, outSize)
  }
}

/// A raw entry of an annotation in PDF syntax (two-call pattern).
@_cdecl("pdftools_annotation_get_raw")
public func abiAnnotationGetRaw(
  _ document: OpaquePointer?, _ id: Int64, _ key: UnsafePointer<CChar>?,
  _ buffer: UnsafeMutablePointer<CChar>?, _ bufferSize: UInt, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let name = try text(key, "key")
    _ = try require(outSize, "out_size")
    guard let value = try doc.annotationRawValue(id, key: name) else {
      throw PDFError(.notFound, "annotation \(id) has no entry /\(name)")
    }
    try copyOut(value, buffer, bufferSize, outSize)
  }
}

/// Sets or removes a raw entry of an annotation.
@_cdecl("pdftools_annotation_set_raw")
public func abiAnnotationSetRaw(
  _ document: OpaquePointer?, _ id: Int64, _ key: UnsafePointer<CChar>?, _ syntax: UnsafePointer<CChar>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    try doc.setAnnotationRawValue(id, key: try text(key, "key"), syntax: try optionalText(syntax, "syntax"))
  }
}

/// Deletes an annotation.
@_cdecl("pdftools_annotation_delete")
public func abiAnnotationDelete(_ document: OpaquePointer?, _ id: Int64) -> pdftools_status {
  call { () throws(PDFError) in try Registry.document(document).deleteAnnotation(id) }
}

/// The annotations of a page with their common properties, in one call (array pattern, with
/// the caller's element size as the stride).
@_cdecl("pdftools_page_get_annotation_infos")
public func abiPageGetAnnotationInfos(
  _ document: OpaquePointer?, _ page: Int32, _ elementSize: UInt,
  _ elements: UnsafeMutablePointer<pdftools_annotation_info>?, _ capacity: Int32,
  _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outCount, "out_count")
    // The first version of the struct ends with the subtype name.
    let layout = MemoryLayout<pdftools_annotation_info>.self
    let minimum = (layout.offset(of: \.subtype) ?? layout.size) + 32
    let infos = try doc.annotationSummaries(onPage: Int(page)).map { summary in
      var info = pdftools_annotation_info()
      info.id = summary.id
      info.rect = cRect(summary.rect)
      if let color = summary.color {
        info.color = pdftools_color(r: color.r, g: color.g, b: color.b)
        info.has_color = 1
      }
      info.opacity = summary.opacity
      info.contents_size = summary.contentsLength
      info.in_reply_to = summary.inReplyTo ?? 0
      info.flags = summary.flags
      withUnsafeMutableBytes(of: &info.subtype) { field in
        let name = Array(summary.subtype.utf8.prefix(field.count - 1))
        field.copyBytes(from: name)
      }
      return info
    }
    try copyStrided(infos, UnsafeMutableRawPointer(elements), elementSize: elementSize, minimum: minimum, capacity, outCount)
  }
}

/// pdftools_annotation_list_options, by version.
private let listOptions: GrowingStruct<pdftools_annotation_list_options> = {
  var defaults = pdftools_annotation_list_options()
  defaults.last_page = -1
  defaults.by_page = 1
  return GrowingStruct(
    name: "pdftools_annotation_list_options", sizes: [MemoryLayout<pdftools_annotation_list_options>.size],
    defaults: defaults)
}()

/// Default annotation list options of a version.
@_cdecl("pdftools_annotation_list_options_init")
public func abiAnnotationListOptionsInit(
  _ options: UnsafeMutablePointer<pdftools_annotation_list_options>?, _ version: UInt32
) -> pdftools_status { listOptions.initialise(options, version) }

/// The side panel's annotation list (array pattern with the caller's element size).
@_cdecl("pdftools_document_list_annotations")
public func abiDocumentListAnnotations(
  _ document: OpaquePointer?, _ options: UnsafePointer<pdftools_annotation_list_options>?, _ elementSize: UInt,
  _ entries: UnsafeMutablePointer<pdftools_annotation_list_entry>?, _ capacity: Int32,
  _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outCount, "out_count")
    let given = try options.map { (pointer) throws(PDFError) in try listOptions.read(pointer) } ?? listOptions.defaults
    var list = AnnotationListOptions()
    list.filter.firstPage = Int(given.first_page)
    list.filter.lastPage = given.last_page == -1 ? nil : Int(given.last_page)
    list.filter.subtypes = try nameSet(given.subtypes, "subtypes", separator: ",")
    list.filter.authors = try nameSet(given.authors, "authors", separator: "\n")
    list.filter.since = try optionalText(given.since, "since")
    list.filter.until = try optionalText(given.until, "until")
    list.text = try optionalText(given.text, "text")
    guard let order = AnnotationListOrder(rawValue: Int32(bitPattern: given.order.rawValue)) else {
      throw PDFError(.invalidArgument, "\(given.order.rawValue) is not a pdftools_list_order value")
    }
    list.order = order
    list.descending = given.descending != 0
    list.groupedByPage = given.by_page != 0
    let rows = try doc.annotationList(list).map { row in
      pdftools_annotation_list_entry(
        id: row.id, page_index: Int32(clamping: row.page), depth: Int32(clamping: row.depth),
        reply_count: Int32(clamping: row.replyCount))
    }
    try copyStrided(
      rows, UnsafeMutableRawPointer(entries), elementSize: elementSize,
      minimum: MemoryLayout<pdftools_annotation_list_entry>.size, capacity, outCount)
  }
}
