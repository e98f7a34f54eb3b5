// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// The page's plain text (two-call pattern).
@_cdecl("pdftools_page_get_text")
public func abiPageText(
  _ document: OpaquePointer?, _ page: Int32, _ buffer: UnsafeMutablePointer<CChar>?,
  _ bufferSize: UInt, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outSize, "out_size")
    try copyOut(try doc.plainText(ofPage: Int(page)), buffer, bufferSize, outSize)
  }
}

/// The page's characters (array pattern).
@_cdecl("pdftools_page_get_chars")
public func abiPageChars(
  _ document: OpaquePointer?, _ page: Int32, _ elementSize: UInt, _ buffer: UnsafeMutablePointer<pdftools_char_info>?,
  _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outCount, "out_count")
    // The struct's first version is the whole of today's.
    let minimum = MemoryLayout<pdftools_char_info>.size
    guard elementSize >= UInt(minimum) else {
      throw PDFError(.invalidArgument, "element_size \(elementSize) is smaller than pdftools_char_info (\(minimum))")
    }
    let text = try doc.text(ofPage: Int(page))
    // Font sizes cost poppler a second pass: read them only when characters are copied.
    let count = try cCount(text.chars.count)
    let room = try buffer == nil ? 0 : givenCount(capacity, "capacity")
    guard buffer != nil, room >= text.chars.count else {
      outCount?.pointee = count
      guard buffer == nil else {
        throw PDFError(.bufferTooSmall, "the array holds \(capacity) items; \(count) are needed")
      }
      return
    }
    let sizes = text.chars.isEmpty ? [] : try doc.fontSizes(ofPage: Int(page))
    let items = text.chars.enumerated().map { index, char in
      pdftools_char_info(
        codepoint: char.scalar.value, flags: char.flags.rawValue, box: cRect(char.box),
        font_size: index < sizes.count ? sizes[index] : 0, word_index: char.word,
        line_index: char.line)
    }
    try copyStrided(items, UnsafeMutableRawPointer(buffer), elementSize: elementSize, minimum: minimum, capacity, outCount)
  }
}

/// A character's font name (two-call pattern).
@_cdecl("pdftools_page_get_char_font")
public func abiPageCharFont(
  _ document: OpaquePointer?, _ page: Int32, _ charIndex: Int32, _ buffer: UnsafeMutablePointer<CChar>?,
  _ bufferSize: UInt, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outSize, "out_size")
    try copyOut(try doc.font(ofPage: Int(page), char: Int(charIndex)).name, buffer, bufferSize, outSize)
  }
}

/// The page's words or lines (array pattern).
@_cdecl("pdftools_page_get_text_units")
public func abiPageTextUnits(
  _ document: OpaquePointer?, _ page: Int32, _ unit: pdftools_granularity,
  _ buffer: UnsafeMutablePointer<pdftools_text_range>?, _ capacity: Int32,
  _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outCount, "out_count")
    let lines: Bool
    switch try granularity(unit) {
    case .word: lines = false
    case .line: lines = true
    case .char: throw PDFError(.invalidArgument, "text units are words or lines, not characters")
    }
    let text = try doc.text(ofPage: Int(page))
    let units = (lines ? text.lines : text.words).map {
      pdftools_text_range(start: Int32(clamping: $0.lowerBound), end: Int32(clamping: $0.upperBound))
    }
    try copyArray(units, buffer, capacity, outCount)
  }
}

/// The granularity of a C value.
func granularity(_ value: pdftools_granularity) throws(PDFError) -> TextPage.Granularity {
  guard let result = TextPage.Granularity(rawValue: Int32(bitPattern: value.rawValue)) else {
    throw PDFError(.invalidArgument, "\(value.rawValue) is not a pdftools_granularity value")
  }
  return result
}

/// Hit-tests a point.
@_cdecl("pdftools_page_hit_test")
public func abiPageHitTest(
  _ document: OpaquePointer?, _ page: Int32, _ space: pdftools_space, _ point: pdftools_point,
  _ tolerance: Double, _ nearest: Int32, _ unit: pdftools_granularity,
  _ outRange: UnsafeMutablePointer<pdftools_text_range>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outRange, "out_range")
    guard tolerance.isFinite, tolerance >= 0 else {
      throw PDFError(.invalidArgument, "the tolerance must be a finite number, 0 or more")
    }
    let kind = try granularity(unit)
    let location = try pagePoint(doc, page, point, space)
    let text = try doc.text(ofPage: Int(page))
    guard let index = text.charIndex(at: location, tolerance: tolerance, nearest: nearest != 0) else {
      throw PDFError(.notFound, "no text at (\(point.x), \(point.y)) on page \(page)")
    }
    let range = text.unit(containing: index, kind)
    out.pointee = pdftools_text_range(
      start: Int32(clamping: range.lowerBound), end: Int32(clamping: range.upperBound))
  }
}
