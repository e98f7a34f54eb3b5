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
