// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF
import Foundation
import Testing

@testable import PDFToolsCore

/// Paths and helpers shared by the core tests.
enum Fixtures {
  /// The repository root (three levels above this file).
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  /// The corpus of real-world PDFs (tests/corpus).
  static let corpus = repository.appendingPathComponent("tests/corpus")

  /// The path of a corpus file.
  static func corpusFile(_ name: String) -> String { corpus.appendingPathComponent(name).path }

  /// One entry of the corpus manifest.
  struct CorpusEntry: Sendable, CustomTestStringConvertible {
    let name: String
    let expect: String
    let alsoAcceptable: String?
    let userPassword: String?
    let ownerPassword: String?
    let pages: Int?
    /// The encryption revision and permission bits, for encrypted files.
    let revision: Int?
    let p: Int?
    /// Annotation counts by subtype, as pikepdf read them.
    let annotations: [String: Int]
    var testDescription: String { name }
  }

  /// The corpus manifest's files.
  static let manifest: [CorpusEntry] = {
    guard let data = try? Data(contentsOf: corpus.appendingPathComponent("manifest.json")),
      let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let files = json["files"] as? [[String: Any]]
    else { return [] }
    return files.compactMap { file in
      guard let name = file["name"] as? String, let expect = file["expect"] as? String else {
        return nil
      }
      let password = file["password"] as? [String: Any]
      let verified = file["verified"] as? [String: Any]
      let encryption = verified?["encryption"] as? [String: Any]
      return CorpusEntry(
        name: name, expect: expect, alsoAcceptable: file["also_acceptable"] as? String,
        userPassword: password?["user"] as? String, ownerPassword: password?["owner"] as? String,
        pages: verified?["pages"] as? Int, revision: encryption?["R"] as? Int,
        p: encryption?["P"] as? Int,
        annotations: verified?["annotations"] as? [String: Int] ?? [:])
    }
  }()

  /// A fresh temporary folder.
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pdftools-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A valid PDF made of the given object bodies (object i+1 is objects[i]); object 1 must be
  /// the catalog. The cross-reference table is computed, so qpdf reads it without repair.
  static func pdf(_ objects: [String], trailerExtra: String = "") -> [UInt8] {
    var out = Array("%PDF-1.7\n%\u{e2}\u{e3}\u{cf}\u{d3}\n".utf8)
    var offsets: [Int] = []
    for (index, body) in objects.enumerated() {
      offsets.append(out.count)
      out += Array("\(index + 1) 0 obj\n\(body)\nendobj\n".utf8)
    }
    let xref = out.count
    var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    for offset in offsets {
      let digits = String(offset)
      table += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
    }
    table += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R \(trailerExtra) >>\n"
    table += "startxref\n\(xref)\n%%EOF\n"
    return out + Array(table.utf8)
  }
}

extension Fixtures {
  /// The decoded content of annotation `id`'s normal appearance stream ("" when it has none).
  static func appearanceContent(_ document: Document, _ id: Int64) throws -> String {
    try document.locked { () throws(PDFError) -> String in
      let qpdf = document.qpdf
      let object = try document.annotationObject(id).object
      guard let ap = qpdf.entry(object, "/AP"), let normal = qpdf.entry(ap, "/N"),
        qpdf_oh_is_stream(qpdf.data, normal) != QPDF_FALSE
      else { return "" }
      var filtered: QPDF_BOOL = QPDF_FALSE
      var buffer: UnsafeMutablePointer<UInt8>? = nil
      var length = 0
      _ = qpdf_oh_get_stream_data(qpdf.data, normal, qpdf_dl_generalized, &filtered, &buffer, &length)
      defer { free(buffer) }
      guard let buffer else { return "" }
      return String(decoding: UnsafeBufferPointer(start: buffer, count: length), as: UTF8.self)
    }
  }
}

/// Expects `body` to throw a ``PDFError`` of `kind`.
func expectError<T>(
  _ kind: PDFError.Kind, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws(PDFError) -> T
) {
  do {
    _ = try body()
    Issue.record("expected a \(kind) error", sourceLocation: sourceLocation)
  } catch {
    #expect(error.kind == kind, comment, sourceLocation: sourceLocation)
    #expect(!error.message.isEmpty, "errors carry a message", sourceLocation: sourceLocation)
  }
}
