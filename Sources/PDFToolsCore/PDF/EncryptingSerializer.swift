// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writes one object of an encrypted document in PDF syntax with its strings and stream data
/// encrypted by the document's security handler (qpdf gives them decrypted), for incremental
/// updates. References stay references.
struct EncryptingSerializer {
  /// The document model.
  let qpdf: QPDF
  /// The document's handler.
  let encryption: ObjectEncryption
  /// The object being written: its number and generation are part of the key.
  let identity: ObjectIdentity

  /// The deepest nesting written (qpdf itself reads no deeper than 500).
  private static let maximumDepth = 512

  /// Appends the object's text (a stream: its dictionary, keyword and encrypted data) to `out`.
  func write(_ object: qpdf_oh, to out: inout [UInt8]) throws(PDFError) {
    guard qpdf_oh_is_stream(qpdf.data, object) != QPDF_FALSE else {
      try value(object, depth: 0, signature: isSignature(object), to: &out)
      return
    }
    let dictionary = qpdf_oh_get_dict(qpdf.data, object)
    let data = try encryption.encrypt(try rawData(object), method(of: dictionary), in: identity)
    try value(dictionary, depth: 0, signature: false, length: data.count, to: &out)
    out += Array("\nstream\n".utf8)
    out += data
    out += Array("\nendstream".utf8)
  }

  /// How a stream with `dictionary` is encrypted.
  private func method(of dictionary: qpdf_oh) -> ObjectEncryption.Method {
    switch qpdf.value(dictionary, "Type").flatMap({ qpdf.name($0) }) {
    case "EmbeddedFile": return encryption.embeddedFiles
    case "Metadata": return encryption.encryptsMetadata ? encryption.streams : .none
    case "XRef": return .none
    default: return encryption.streams
    }
  }

  /// A stream's data as stored (still encoded by its filters), decrypted.
  private func rawData(_ stream: qpdf_oh) throws(PDFError) -> [UInt8] {
    var filtered: QPDF_BOOL = QPDF_FALSE
    var buffer: UnsafeMutablePointer<UInt8>? = nil
    var length = 0
    _ = qpdf_oh_get_stream_data(qpdf.data, stream, qpdf_dl_none, &filtered, &buffer, &length)
    defer { free(buffer) }
    do {
      try qpdf.check()
    } catch {
      throw PDFError(.internal, "cannot read stream \(identity.number): \(error.text)")
    }
    guard let buffer else { return [] }
    return Array(UnsafeBufferPointer(start: buffer, count: length))
  }

  /// True for signature dictionaries: their /Contents is never encrypted.
  private func isSignature(_ object: qpdf_oh) -> Bool {
    let type = qpdf.value(object, "Type").flatMap { qpdf.name($0) }
    return type == "Sig" || type == "DocTimeStamp"
  }

  /// Appends `object` (a direct value, or a reference below the top level). `length` replaces
  /// a stream dictionary's /Length.
  private func value(
    _ object: qpdf_oh, depth: Int, signature: Bool, length: Int? = nil, to out: inout [UInt8]
  ) throws(PDFError) {
    guard depth < EncryptingSerializer.maximumDepth else {
      throw PDFError(.damaged, "object \(identity.number) is nested too deeply to be written")
    }
    let data = qpdf.data
    if depth > 0, let reference = qpdf.identity(object) {
      out += Array("\(reference.number) \(reference.generation) R".utf8)
      return
    }
    if qpdf_oh_is_string(data, object) != QPDF_FALSE {
      var size = 0
      let plain = qpdf_oh_get_binary_string_value(data, object, &size).map {
        Array(UnsafeRawBufferPointer(start: $0, count: size))
      } ?? []
      EncryptingSerializer.hex(try encryption.encrypt(plain, encryption.strings, in: identity), to: &out)
    } else if let items = qpdf.items(object) {
      out.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: " ")) }
        try value(item, depth: depth + 1, signature: false, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    } else if qpdf.isDictionary(object) {
      out += Array("<<".utf8)
      // Keys first: qpdf has one key iterator, and nested dictionaries would reset it.
      for key in qpdf.keys(object) {
        out.append(UInt8(ascii: " "))
        EncryptingSerializer.name(key, to: &out)
        out.append(UInt8(ascii: " "))
        if key == "Length", let length {
          out += Array(String(length).utf8)
        } else if signature && key == "Contents", let item = qpdf.value(object, key),
          qpdf_oh_is_string(data, item) != QPDF_FALSE
        {
          var size = 0
          let plain = qpdf_oh_get_binary_string_value(data, item, &size).map {
            Array(UnsafeRawBufferPointer(start: $0, count: size))
          } ?? []
          EncryptingSerializer.hex(plain, to: &out)
        } else {
          try value(qpdf_oh_get_key(data, object, "/" + key), depth: depth + 1, signature: false, to: &out)
        }
      }
      out += Array(" >>".utf8)
    } else {
      // Names, numbers, booleans and null: qpdf's own syntax.
      guard let text = qpdf_oh_unparse(data, object) else {
        out += Array("null".utf8)
        return
      }
      out += Array(UnsafeRawBufferPointer(start: text, count: qpdf_get_last_string_length(data)))
    }
  }

  /// Appends `bytes` as a hexadecimal string.
  private static func hex(_ bytes: [UInt8], to out: inout [UInt8]) {
    let digits = Array("0123456789ABCDEF".utf8)
    out.append(UInt8(ascii: "<"))
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0F)])
    }
    out.append(UInt8(ascii: ">"))
  }

  /// Appends `/name` (given without the slash), with #xx escapes where PDF needs them.
  static func name(_ name: String, to out: inout [UInt8]) {
    let digits = Array("0123456789ABCDEF".utf8)
    out.append(UInt8(ascii: "/"))
    for byte in name.utf8 {
      let delimiter = "()<>[]{}/%#".utf8.contains(byte)
      if byte <= 0x20 || byte >= 0x7F || delimiter {
        out.append(UInt8(ascii: "#"))
        out.append(digits[Int(byte >> 4)])
        out.append(digits[Int(byte & 0x0F)])
      } else {
        out.append(byte)
      }
    }
  }
}
