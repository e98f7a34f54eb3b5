// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// Typed reads and writes of PDF objects through qpdf's object handles.
///
/// Every read checks the object's type first: qpdf warns (and we would log noise) when a
/// dictionary operation meets a non-dictionary. Missing and mistyped values come back as nil.
extension QPDF {
  /// The document catalog.
  var root: qpdf_oh { qpdf_get_root(data) }
  /// The trailer dictionary.
  var trailer: qpdf_oh { qpdf_get_trailer(data) }

  /// The value of `key` (written without the leading slash) in `dict`, or nil when `dict` is not a
  /// dictionary or the key is absent or null.
  func value(_ dict: qpdf_oh, _ key: String) -> qpdf_oh? {
    guard qpdf_oh_is_dictionary(data, dict) != QPDF_FALSE else { return nil }
    let name = "/" + key
    guard qpdf_oh_has_key(data, dict, name) != QPDF_FALSE else { return nil }
    let found = qpdf_oh_get_key(data, dict, name)
    return qpdf_oh_is_null(data, found) != QPDF_FALSE ? nil : found
  }

  /// True when `object` is a dictionary.
  func isDictionary(_ object: qpdf_oh) -> Bool { qpdf_oh_is_dictionary(data, object) != QPDF_FALSE }

  /// The items of `array`, or nil when it is not an array.
  func items(_ array: qpdf_oh) -> [qpdf_oh]? {
    guard qpdf_oh_is_array(data, array) != QPDF_FALSE else { return nil }
    let count = qpdf_oh_get_array_n_items(data, array)
    guard count > 0 else { return [] }
    return (0..<count).map { qpdf_oh_get_array_item(data, array, $0) }
  }

  /// The value of a number object, or nil for other types and non-finite values.
  func number(_ object: qpdf_oh) -> Double? {
    guard qpdf_oh_is_number(data, object) != QPDF_FALSE else { return nil }
    let value = qpdf_oh_get_numeric_value(data, object)
    return value.isFinite ? value : nil
  }

  /// The value of an integer object (or a real with an integral value), or nil.
  func integer(_ object: qpdf_oh) -> Int? {
    if qpdf_oh_is_integer(data, object) != QPDF_FALSE {
      return Int(exactly: qpdf_oh_get_int_value(data, object))
    }
    guard let real = number(object), real.rounded() == real, abs(real) < 9e15 else { return nil }
    return Int(real)
  }

  /// The name of a name object without the leading slash, or nil.
  func name(_ object: qpdf_oh) -> String? {
    guard qpdf_oh_is_name(data, object) != QPDF_FALSE,
      let text = qpdf_oh_get_name(data, object)
    else { return nil }
    let full = String(cString: text)
    return full.hasPrefix("/") ? String(full.dropFirst()) : full
  }

  /// The text of a string object decoded to UTF-8 (PDFDocEncoding, UTF-16 or UTF-8 in the file).
  func text(_ object: qpdf_oh) -> String? {
    guard qpdf_oh_is_string(data, object) != QPDF_FALSE else { return nil }
    var value: UnsafePointer<CChar>? = nil
    var length = 0
    guard qpdf_oh_get_value_as_utf8(data, object, &value, &length) != QPDF_FALSE, let value
    else { return nil }
    let bytes = UnsafeRawBufferPointer(start: value, count: length)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The bytes of a string object as the file holds them (no decoding), or nil.
  func stringBytes(_ object: qpdf_oh) -> [UInt8]? {
    guard qpdf_oh_is_string(data, object) != QPDF_FALSE else { return nil }
    var length = 0
    guard let value = qpdf_oh_get_binary_string_value(data, object, &length) else { return nil }
    return Array(UnsafeRawBufferPointer(start: value, count: length))
  }

  /// The value of `key` (with its leading slash) in `dict`; nil when absent. For an object that
  /// is not a dictionary, qpdf answers "absent" and records a warning (which reaches the log). One qpdf call for an absent key, two for a present one,
  /// instead of ``value(_:_:)``'s four: this is the hot path of page geometry.
  func entry(_ dict: qpdf_oh, _ key: StaticString) -> qpdf_oh? {
    key.withUTF8Buffer { name in
      name.withMemoryRebound(to: CChar.self) { text -> qpdf_oh? in
        guard qpdf_oh_has_key(data, dict, text.baseAddress) != QPDF_FALSE else { return nil }
        return qpdf_oh_get_key(data, dict, text.baseAddress)
      }
    }
  }

  /// A rectangle from an array of four numbers, or nil when malformed.
  func rect(_ object: qpdf_oh) -> Rect? {
    guard let numbers = numbers(object), numbers.count == 4 else { return nil }
    return Rect(numbers[0], numbers[1], numbers[2], numbers[3])
  }

  /// The values of an array of numbers, or nil when `object` is not an array or holds anything
  /// but finite numbers.
  func numbers(_ object: qpdf_oh) -> [Double]? {
    if let fast = numbersFromText(object) { return fast }
    // Arrays holding indirect references (or odd spellings) take the item-by-item path.
    guard let parts = items(object) else { return nil }
    let numbers = parts.compactMap { number($0) }
    return numbers.count == parts.count ? numbers : nil
  }

  /// The numbers of an array read from its text in one qpdf call (a handle per item costs
  /// qpdf a lookup each); nil when the text is not "[ a b ... ]" with plain numbers only.
  private func numbersFromText(_ object: qpdf_oh) -> [Double]? {
    guard qpdf_oh_is_array(data, object) != QPDF_FALSE, let text = qpdf_oh_unparse_resolved(data, object) else {
      return nil
    }
    var numbers: [Double] = []
    var token: [UInt8] = []
    var pointer = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
    guard pointer.pointee == UInt8(ascii: "[") else { return nil }
    pointer += 1
    while true {
      let byte = pointer.pointee
      if byte == 0 { return nil }
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "]") {
        if !token.isEmpty {
          guard let value = Double(String(decoding: token, as: UTF8.self)), value.isFinite else { return nil }
          numbers.append(value)
          token.removeAll(keepingCapacity: true)
        }
        if byte == UInt8(ascii: "]") { break }
      } else {
        guard token.count < 64 else { return nil }
        token.append(byte)
      }
      pointer += 1
    }
    return numbers
  }

  /// The object number and generation of an indirect object, or nil for direct objects.
  func identity(_ object: qpdf_oh) -> ObjectIdentity? {
    let number = qpdf_oh_get_object_id(data, object)  // 0 for direct objects
    guard number > 0 else { return nil }
    return ObjectIdentity(number: number, generation: qpdf_oh_get_generation(data, object))
  }

  /// The keys of `dict` without their leading slashes, sorted by name (qpdf keeps dictionaries sorted).
  func keys(_ dict: qpdf_oh) -> [String] {
    guard isDictionary(dict) else { return [] }
    var result: [String] = []
    qpdf_oh_begin_dict_key_iter(data, dict)
    while qpdf_oh_dict_more_keys(data) != QPDF_FALSE {
      guard let key = qpdf_oh_dict_next_key(data) else { break }
      let full = String(cString: key)
      result.append(full.hasPrefix("/") ? String(full.dropFirst()) : full)
    }
    return result
  }
}

/// The number and generation of an indirect object.
struct ObjectIdentity: Hashable {
  /// Object number.
  let number: Int32
  /// Generation number.
  let generation: Int32
}
