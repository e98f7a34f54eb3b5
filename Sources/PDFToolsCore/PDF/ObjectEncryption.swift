// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF
import CQPDFCrypto

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The standard security handler of an encrypted document, to encrypt the strings and streams
/// an incremental update appends with the document's own key (RC4 and AES, revisions 2 to 6),
/// as readers will decrypt them.
struct ObjectEncryption {
  /// How one kind of data is encrypted (a crypt filter's method).
  enum Method: Equatable {
    /// Not at all (/Identity, /None).
    case none
    /// RC4 with a key per object.
    case rc4
    /// AES-128 with a key per object.
    case aes128
    /// AES-256 with the file key.
    case aes256
  }

  /// The file key.
  private let fileKey: [UInt8]
  /// /V and /R.
  private let version: Int32
  private let revision: Int32
  /// The methods of strings, streams and embedded files.
  let strings: Method
  let streams: Method
  let embeddedFiles: Method
  /// False when metadata streams stay unencrypted (/EncryptMetadata false).
  let encryptsMetadata: Bool

  /// The handler of `qpdf`'s document, opened with the password bytes `password`; nil when the
  /// document is not encrypted. Throws `.unsupported` for other security handlers and when no
  /// key can be derived.
  static func read(_ qpdf: QPDF, password: [UInt8]) throws(PDFError) -> ObjectEncryption? {
    guard qpdf_is_encrypted(qpdf.data) != QPDF_FALSE else { return nil }
    guard let dictionary = qpdf.value(qpdf.trailer, "Encrypt"), qpdf.isDictionary(dictionary) else {
      throw PDFError(.unsupported, "the encryption dictionary cannot be read")
    }
    guard qpdf.value(dictionary, "Filter").flatMap({ qpdf.name($0) }) == "Standard" else {
      throw PDFError(.unsupported, "the document uses a security handler other than the standard one")
    }
    func integer(_ key: String) -> Int? { qpdf.value(dictionary, key).flatMap { qpdf.integer($0) } }
    func bytes(_ object: qpdf_oh?) -> [UInt8] {
      guard let object, qpdf_oh_is_string(qpdf.data, object) != QPDF_FALSE else { return [] }
      var length = 0
      guard let value = qpdf_oh_get_binary_string_value(qpdf.data, object, &length) else { return [] }
      return Array(UnsafeRawBufferPointer(start: value, count: length))
    }
    let v = Int32(clamping: integer("V") ?? 0)
    let r = Int32(clamping: integer("R") ?? 0)
    guard (1...5).contains(v), (2...6).contains(r) else {
      throw PDFError(.unsupported, "encryption version \(v) revision \(r) is not supported for appending")
    }
    // Key lengths as readers take them: 40 bits for V 1, /Length for V 2 and 3, 128 for V 4,
    // 256 for V 5.
    var bits = 40
    switch v {
    case 2, 3: bits = integer("Length").map { $0 % 8 == 0 && (40...128).contains($0) ? $0 : 128 } ?? 40
    case 4: bits = 128
    case 5: bits = 256
    default: break
    }
    let metadata = qpdf.value(dictionary, "EncryptMetadata").map { qpdf_oh_get_bool_value(qpdf.data, $0) != QPDF_FALSE } ?? true
    let identifier = qpdf.value(qpdf.trailer, "ID").flatMap { qpdf.items($0) }?.first
    let parts = [bytes(qpdf.value(dictionary, "O")), bytes(qpdf.value(dictionary, "U")), bytes(qpdf.value(dictionary, "OE")),
                 bytes(qpdf.value(dictionary, "UE")), bytes(qpdf.value(dictionary, "Perms")), bytes(identifier)]
    // Revisions 2 to 4 derive the key from the user password, which qpdf recovers when the
    // owner password opened the document.
    var secret = password
    if v < 5, let user = qpdf_get_user_password(qpdf.data) {
      secret = Array(UnsafeRawBufferPointer(start: user, count: strlen(user)))
    }
    var key = [UInt8](repeating: 0, count: 32)
    let length = parts[0].withUnsafeBufferPointer { o in
      parts[1].withUnsafeBufferPointer { u in
        parts[2].withUnsafeBufferPointer { oe in
          parts[3].withUnsafeBufferPointer { ue in
            parts[4].withUnsafeBufferPointer { perms in
              parts[5].withUnsafeBufferPointer { id in
                var entries = pdft_encryption(
                  V: v, R: r, length_bytes: Int32(bits / 8), P: Int32(truncatingIfNeeded: integer("P") ?? 0),
                  encrypt_metadata: metadata ? 1 : 0, O: o.baseAddress, U: u.baseAddress, OE: oe.baseAddress,
                  UE: ue.baseAddress, perms: perms.baseAddress, id1: id.baseAddress, O_size: o.count, U_size: u.count,
                  OE_size: oe.count, UE_size: ue.count, perms_size: perms.count, id1_size: id.count)
                return secret.withUnsafeBufferPointer { pass in
                  key.withUnsafeMutableBufferPointer { out in
                    pdft_file_key(&entries, pass.baseAddress, pass.count, out.baseAddress)
                  }
                }
              }
            }
          }
        }
      }
    }
    guard length > 0 else { throw PDFError(.unsupported, "the document's encryption key cannot be derived") }
    // Crypt filters (V 4 and 5) name the method of strings, streams and embedded files.
    func method(filter: String?) -> Method {
      guard v >= 4 else { return .rc4 }
      guard let filter, filter != "Identity" else { return .none }
      let cfm = qpdf.value(dictionary, "CF").flatMap { qpdf.value($0, filter) }.flatMap { qpdf.value($0, "CFM") }
        .flatMap { qpdf.name($0) }
      switch cfm {
      case "V2": return .rc4
      case "AESV2": return .aes128
      case "AESV3": return .aes256
      default: return v == 5 ? .aes256 : .none
      }
    }
    let streamFilter = qpdf.value(dictionary, "StmF").flatMap { qpdf.name($0) }
    return ObjectEncryption(
      fileKey: Array(key.prefix(Int(length))), version: v, revision: r,
      strings: method(filter: qpdf.value(dictionary, "StrF").flatMap { qpdf.name($0) }),
      streams: method(filter: streamFilter),
      embeddedFiles: method(filter: qpdf.value(dictionary, "EFF").flatMap { qpdf.name($0) } ?? streamFilter),
      encryptsMetadata: metadata)
  }

  /// `bytes` of object `identity` encrypted with `method`.
  func encrypt(_ bytes: [UInt8], _ method: Method, in identity: ObjectIdentity) throws(PDFError) -> [UInt8] {
    if method == .none { return bytes }
    var key = [UInt8](repeating: 0, count: 32)
    let keyLength = fileKey.withUnsafeBufferPointer { file in
      key.withUnsafeMutableBufferPointer { out in
        pdft_object_key(
          file.baseAddress, file.count, identity.number, identity.generation, method == .rc4 ? 0 : 1, version,
          revision, out.baseAddress)
      }
    }
    guard keyLength > 0 else { throw PDFError(.internal, "cannot derive the key of object \(identity.number)") }
    let objectKey = Array(key.prefix(Int(keyLength)))
    if method == .rc4 {
      var out = [UInt8](repeating: 0, count: bytes.count)
      let status = objectKey.withUnsafeBufferPointer { k in
        bytes.withUnsafeBufferPointer { input in
          out.withUnsafeMutableBufferPointer { output in
            pdft_rc4(k.baseAddress, k.count, input.baseAddress, input.count, output.baseAddress)
          }
        }
      }
      guard status == 0 else { throw PDFError(.internal, "RC4 failed on object \(identity.number)") }
      return out
    }
    var out = [UInt8](repeating: 0, count: bytes.count + 32)
    let written = objectKey.withUnsafeBufferPointer { k in
      bytes.withUnsafeBufferPointer { input in
        out.withUnsafeMutableBufferPointer { output in
          pdft_aes_encrypt(k.baseAddress, k.count, input.baseAddress, input.count, output.baseAddress)
        }
      }
    }
    guard written > 0, written <= out.count else { throw PDFError(.internal, "AES failed on object \(identity.number)") }
    return Array(out.prefix(written))
  }
}
