// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import PDFToolsCore

/// Passwords that are not plain ASCII, on files encrypted here with the qpdf command.
@Suite struct PasswordTests {
  /// A one-page document with the text "Hello" and a black square.
  static let plain: [UInt8] = {
    let content = "BT /F1 24 Tf 72 700 Td (Hello) Tj ET 0 0 0 rg 100 500 50 50 re f"
    return Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
      "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ])
  }()

  /// `plain` encrypted by `qpdf --encrypt user owner bits options...`, in a folder of its own
  /// that the caller removes (``removeFolder(of:)``).
  static func encrypted(user: String, owner: String, bits: String, _ options: [String] = []) throws -> String {
    let folder = try Fixtures.temporaryFolder()
    let source = folder.appendingPathComponent("plain.pdf")
    let target = folder.appendingPathComponent("encrypted.pdf")
    try Data(plain).write(to: source)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/qpdf")
    process.arguments = ["--allow-weak-crypto", "--encrypt", user, owner, bits] + options + ["--", source.path, target.path]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "qpdf encrypted the test file")
    return target.path
  }

  /// Removes the folder ``encrypted(user:owner:bits:_:)`` made for `path`.
  static func removeFolder(of path: String) {
    try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
  }

  /// Opens with `password`, then reads text and renders: both need poppler's view of the file.
  private func check(_ path: String, _ password: String) throws {
    let document = try Document.open(path: path, password: password)
    #expect(document.isEncrypted)
    #expect(try document.text(ofPage: 0).text.contains("Hello"))
    var pixels = [UInt8](repeating: 0, count: 612 * 792 * 4)
    try pixels.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      try document.render(page: 0, options: RenderOptions(), into: base, width: 612, height: 792, stride: 612 * 4)
    }
    // The square's centre (125, 525 in page space) is black.
    let offset = ((792 - 525) * 612 + 125) * 4
    #expect(Array(pixels[offset..<(offset + 3)]) == [0, 0, 0])
  }

  @Test(arguments: [["--force-R5"], []])
  func aes256TakesUTF8Passwords(options: [String]) throws {
    let path = try Self.encrypted(user: "Pässwörd-日本", owner: "Ówner-密码", bits: "256", options)
    defer { Self.removeFolder(of: path) }
    try check(path, "Pässwörd-日本")
    try check(path, "Ówner-密码")
    expectError(.wrongPassword) { () throws(PDFError) in try Document.open(path: path, password: "Pässwörd-日") }
  }

  @Test(arguments: [("128", ["--use-aes=y"]), ("128", ["--use-aes=n"]), ("40", [])])
  func olderRevisionsTakePDFDocEncoding(bits: String, options: [String]) throws {
    let path = try Self.encrypted(user: "Pässwörd", owner: "Öwner", bits: bits, options)
    defer { Self.removeFolder(of: path) }
    try check(path, "Pässwörd")
    try check(path, "Öwner")
    expectError(.wrongPassword) { () throws(PDFError) in try Document.open(path: path, password: "日本") }
  }

  @Test func passwordForms() {
    #expect(PasswordForms.candidates("plain") == [Array("plain".utf8)])
    #expect(PasswordForms.pdfDocEncoded("Pässwörd") == [0x50, 0xE4, 0x73, 0x73, 0x77, 0xF6, 0x72, 0x64])
    #expect(PasswordForms.pdfDocEncoded("日本") == nil)
    #expect(PasswordForms.popplerForm([0x41, 0xE4]) == "A\u{E4}")
    expectError(.invalidArgument) { () throws(PDFError) in try Document.open(bytes: Self.plain, password: "a\u{0}b") }
  }
}
