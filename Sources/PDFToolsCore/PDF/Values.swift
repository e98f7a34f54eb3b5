// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// Building new values: direct objects that belong to no part of the document until an
/// ``ObjectWriter`` stores them, so building them is not a change. Keys are given with their
/// leading slash ("/Type").
extension QPDF {
  /// A name object (`name` without the leading slash).
  func makeName(_ name: String) -> qpdf_oh { ("/" + name).withCString { qpdf_oh_new_name(data, $0) } }

  /// An integer object.
  func makeInteger(_ value: Int) -> qpdf_oh { qpdf_oh_new_integer(data, Int64(value)) }

  /// A real object written with at most `decimals` decimals.
  func makeReal(_ value: Double, decimals: Int32 = 4) -> qpdf_oh {
    qpdf_oh_new_real_from_double(data, value, decimals)
  }

  /// A boolean object.
  func makeBool(_ value: Bool) -> qpdf_oh { qpdf_oh_new_bool(data, value ? QPDF_TRUE : QPDF_FALSE) }

  /// The null object.
  func makeNull() -> qpdf_oh { qpdf_oh_new_null(data) }

  /// A text string: PDFDocEncoding when it can hold `text`, UTF-16 otherwise.
  func makeTextString(_ text: String) -> qpdf_oh { qpdf_oh_new_unicode_string(data, text) }

  /// A string holding the bytes of `ascii` as they are (dates, /DA, URIs).
  func makeByteString(_ ascii: String) -> qpdf_oh { qpdf_oh_new_string(data, ascii) }

  /// A string holding exactly `bytes`.
  func makeBinaryString(_ bytes: [UInt8]) -> qpdf_oh {
    // One extra byte keeps the pointer valid for empty strings.
    let padded = bytes + [0]
    return padded.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        guard let base = chars.baseAddress else { return qpdf_oh_new_string(data, "") }
        return qpdf_oh_new_binary_string(data, base, bytes.count)
      }
    }
  }

  /// A new dictionary with `entries` (keys with their leading slash).
  func makeDictionary(_ entries: [(String, qpdf_oh)] = []) -> qpdf_oh {
    let dictionary = qpdf_oh_new_dictionary(data)
    for (key, value) in entries { qpdf_oh_replace_key(data, dictionary, key, value) }
    return dictionary
  }

  /// A new array of `items`.
  func makeArray(_ items: [qpdf_oh] = []) -> qpdf_oh {
    let array = qpdf_oh_new_array(data)
    for item in items { qpdf_oh_append_item(data, array, item) }
    return array
  }

  /// A new array of numbers (integers where the value is one, reals with at most four
  /// decimals). It is made by one parse of its syntax: a handle per number would cost qpdf a
  /// formatted stream and a handle lookup for each.
  func numberArray(_ values: [Double]) -> qpdf_oh {
    var syntax = "["
    syntax.reserveCapacity(values.count * 9 + 2)
    for (index, value) in values.enumerated() {
      guard let item = Self.numberSyntax(value) else { return numberArrayByItems(values) }
      if index > 0 { syntax += " " }
      syntax += item
    }
    syntax += "]"
    let parsed = qpdf_oh_parse(data, syntax)
    guard qpdf_has_error(data) == QPDF_FALSE else {
      discardError()
      return numberArrayByItems(values)
    }
    return parsed
  }

  /// `value` in PDF syntax as ``numberArray(_:)`` writes it: an integer, or the value rounded
  /// to four decimals as qpdf rounds reals (its exact binary value, ties to even), with
  /// trailing zeros dropped, so a value that rounds to a whole number reads back as an integer.
  /// Nil when it is not finite or too large for exact rounding (|value| ≥ 2^52 / 10^4, about
  /// 4.5e11, and not an integer).
  static func numberSyntax(_ value: Double) -> String? {
    if let exact = Int64(exactly: value) { return String(exact) }
    guard let scaled = FixedPoint.scaled(value, decimals: 4) else { return nil }
    return FixedPoint.text(scaled: scaled, decimals: 4)
  }

  /// ``numberArray(_:)`` made one handle at a time, for values its syntax does not write.
  private func numberArrayByItems(_ values: [Double]) -> qpdf_oh {
    makeArray(values.map { value in
      if let exact = Int64(exactly: value) { return qpdf_oh_new_integer(data, exact) }
      return qpdf_oh_new_real_from_double(data, value, 4)
    })
  }

  /// The object written in PDF syntax (no indirect references).
  func parse(_ syntax: String) throws(PDFError) -> qpdf_oh {
    let parsed = qpdf_oh_parse(data, syntax)
    do {
      try check()
    } catch {
      throw PDFError(.invalidArgument, "'\(syntax)' is not a PDF object: \(error.text)")
    }
    logWarnings()
    return parsed
  }
}
