// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The state of one PDF object (or of the trailer) at one moment, as text the journal can
/// restore from.
enum ObjectSnapshot: Equatable {
  /// The object did not exist (it was created later).
  case absent
  /// A dictionary or array, in PDF syntax (references kept as references).
  case value([UInt8])
  /// A stream: its dictionary in PDF syntax and its raw, still-encoded data.
  case stream(dictionary: [UInt8], data: [UInt8])

  /// Bytes held, for the journal's memory bound.
  var size: Int {
    switch self {
    case .absent: return 0
    case .value(let text): return text.count
    case .stream(let dictionary, let data): return dictionary.count + data.count
    }
  }

  /// The identity the journal uses for the trailer dictionary.
  static let trailer = ObjectIdentity(number: 0, generation: 0)
}

extension QPDF {
  /// The object `identity` names (the trailer for ``ObjectSnapshot/trailer``).
  func object(_ identity: ObjectIdentity) -> qpdf_oh {
    identity == ObjectSnapshot.trailer
      ? trailer : qpdf_get_object_by_id(data, identity.number, identity.generation)
  }

  /// The text of an object's own value (top level resolved), as bytes.
  func unparsed(_ object: qpdf_oh) -> [UInt8] {
    guard let text = qpdf_oh_unparse_resolved(data, object) else { return Array("null".utf8) }
    return Array(UnsafeRawBufferPointer(start: text, count: qpdf_get_last_string_length(data)))
  }

  /// The current state of `identity`.
  func snapshot(_ identity: ObjectIdentity) -> ObjectSnapshot {
    let object = self.object(identity)
    if qpdf_oh_is_null(data, object) != QPDF_FALSE { return .absent }
    guard qpdf_oh_is_stream(data, object) != QPDF_FALSE else { return .value(unparsed(object)) }
    var filtered: QPDF_BOOL = QPDF_FALSE
    var buffer: UnsafeMutablePointer<UInt8>? = nil
    var length = 0
    _ = qpdf_oh_get_stream_data(data, object, qpdf_dl_none, &filtered, &buffer, &length)
    defer { free(buffer) }
    discardError()
    let bytes = buffer.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
    return .stream(dictionary: unparsed(qpdf_oh_get_dict(data, object)), data: bytes)
  }

  /// Puts `identity` back into the state `snapshot` recorded, in place (handles to it see the
  /// state). An object that did not exist is emptied (an empty dictionary, array or stream), so
  /// that the memory it held is given back; a redo fills it again.
  func restore(_ identity: ObjectIdentity, _ snapshot: ObjectSnapshot) {
    let object = self.object(identity)
    let isStream = qpdf_oh_is_stream(data, object) != QPDF_FALSE
    switch snapshot {
    case .absent:
      guard identity != ObjectSnapshot.trailer else { return }
      if isStream {
        let dictionary = qpdf_oh_get_dict(data, object)
        replaceKeys(of: dictionary, with: qpdf_oh_new_dictionary(data))
        var nothing: [UInt8] = [0]
        nothing.withUnsafeMutableBufferPointer { buffer in
          qpdf_oh_replace_stream_data(data, object, buffer.baseAddress, 0, qpdf_oh_new_null(data), qpdf_oh_new_null(data))
        }
      } else if let items = items(object) {
        for index in stride(from: items.count - 1, through: 0, by: -1) {
          qpdf_oh_erase_item(data, object, Int32(index))
        }
      } else if isDictionary(object) {
        // Emptied, not made null: a reference to a null object would make qpdf drop the
        // dictionary entry holding it while a redo restores objects one by one.
        replaceKeys(of: object, with: qpdf_oh_new_dictionary(data))
      }
    case .value(let text):
      var parser = PDFSyntax(qpdf: self, bytes: text)
      guard let value = parser.parse() else {
        Log.emit(.error, "pdftools", "cannot restore object \(identity.number): unreadable snapshot")
        return
      }
      if isDictionary(object) && isDictionary(value) {
        replaceKeys(of: object, with: value)
      } else if let current = items(object), let wanted = items(value) {
        for index in stride(from: current.count - 1, through: 0, by: -1) {
          qpdf_oh_erase_item(data, object, Int32(index))
        }
        for item in wanted { qpdf_oh_append_item(data, object, item) }
      } else if identity != ObjectSnapshot.trailer && !isStream {
        // The object changed type: replace it whole.
        qpdf_replace_object(data, identity.number, identity.generation, value)
      } else {
        Log.emit(.error, "pdftools", "cannot restore object \(identity.number): its type changed")
      }
      discardError()
    case .stream(let dictionaryText, let bytes):
      guard isStream else {
        Log.emit(.error, "pdftools", "cannot restore object \(identity.number): it is no longer a stream")
        return
      }
      var parser = PDFSyntax(qpdf: self, bytes: dictionaryText)
      guard let wanted = parser.parse(), isDictionary(wanted) else { return }
      let filter = qpdf_oh_get_key(data, wanted, "/Filter")
      let parameters = qpdf_oh_get_key(data, wanted, "/DecodeParms")
      var copy = bytes
      copy.withUnsafeMutableBufferPointer { buffer in
        qpdf_oh_replace_stream_data(data, object, buffer.baseAddress, buffer.count, filter, parameters)
      }
      let dictionary = qpdf_oh_get_dict(data, object)
      replaceKeys(of: dictionary, with: wanted)
      qpdf_oh_replace_key(data, dictionary, "/Length", qpdf_oh_new_integer(data, Int64(bytes.count)))
    }
  }

  /// True when `identity` is an emptied stream (`stream`) or an emptied dictionary or array, as
  /// ``restore(_:_:)`` leaves objects that did not exist.
  func isEmptied(_ identity: ObjectIdentity, stream: Bool) -> Bool {
    let object = self.object(identity)
    if stream {
      guard qpdf_oh_is_stream(data, object) != QPDF_FALSE else { return false }
      let keys = keys(qpdf_oh_get_dict(data, object))
      return keys.isEmpty || keys == ["Length"]
    }
    if let items = items(object) { return items.isEmpty }
    return isDictionary(object) && keys(object).isEmpty
  }

  /// Makes `target`'s keys exactly those of `source`.
  private func replaceKeys(of target: qpdf_oh, with source: qpdf_oh) {
    for key in keys(target) { ("/" + key).withCString { qpdf_oh_remove_key(data, target, $0) } }
    for key in keys(source) {
      ("/" + key).withCString { name in
        qpdf_oh_replace_key(data, target, name, qpdf_oh_get_key(data, source, name))
      }
    }
  }
}
