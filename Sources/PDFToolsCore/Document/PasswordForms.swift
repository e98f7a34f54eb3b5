// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// The byte strings a password is tried as, and the form poppler is given it in.
///
/// PDF passwords are bytes: UTF-8 (after SASLprep) for AES-256 (revisions 5 and 6),
/// PDFDocEncoding for revisions 2 to 4. Callers give text, so text that is not plain ASCII is
/// tried in each form.
enum PasswordForms {
  /// The byte strings to try, the UTF-8 bytes as given first, without repeats.
  static func candidates(_ password: String) -> [[UInt8]] {
    var result: [[UInt8]] = [Array(password.utf8)]
    guard password.unicodeScalars.contains(where: { !$0.isASCII }) else { return result }
    var forms: [[UInt8]] = []
    if let prepared = SASLprep.prepare(password) { forms.append(Array(prepared.utf8)) }
    if let encoded = pdfDocEncoded(password) { forms.append(encoded) }
    for form in forms where !result.contains(form) { result.append(form) }
    return result
  }

  /// `text` in PDFDocEncoding, or nil when it has a character PDFDocEncoding lacks. qpdf
  /// makes text strings in PDFDocEncoding when it can and in UTF-16 (with its byte order
  /// mark) otherwise.
  static func pdfDocEncoded(_ text: String) -> [UInt8]? {
    let qpdf = QPDF()
    defer { qpdf.releaseHandles() }
    let string = qpdf_oh_new_unicode_string(qpdf.data, text)
    var length = 0
    guard let value = qpdf_oh_get_binary_string_value(qpdf.data, string, &length) else { return nil }
    let bytes = Array(UnsafeRawBufferPointer(start: value, count: length))
    qpdf.discardError()
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.contains(0) { return nil }
    return bytes
  }

  /// The text to give poppler-glib for the password bytes `bytes`. poppler-glib converts a
  /// password from UTF-8 to ISO 8859-1 before use (and fails on characters outside it), so each
  /// byte is given as the character of the same value: the conversion yields the bytes again.
  static func popplerForm(_ bytes: [UInt8]) -> String {
    var scalars = String.UnicodeScalarView()
    for byte in bytes { scalars.append(Unicode.Scalar(byte)) }
    return String(scalars)
  }
}
