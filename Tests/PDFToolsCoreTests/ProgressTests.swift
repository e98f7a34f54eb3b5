// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import PDFToolsCore

/// Long calls report progress and stop when told, changing nothing.
@Suite struct ProgressTests {
  /// `count` pages, each with the text "alpha beta gamma delta <n>".
  static func pages(_ count: Int) -> [UInt8] {
    var objects = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [\((0..<count).map { "\(4 + 2 * $0) 0 R" }.joined(separator: " "))] /Count \(count) >>",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    for index in 0..<count {
      let content = "BT /F1 12 Tf 72 700 Td (alpha beta gamma delta \(index)) Tj ET"
      objects.append(
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents \(5 + 2 * index) 0 R /Resources << /Font << /F1 3 0 R >> >> >>")
      objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
    }
    return Fixtures.pdf(objects)
  }

  /// Records (done, total) and stops once done reaches `stop`.
  final class Log: @unchecked Sendable {
    var calls: [(Int, Int)] = []
    let stop: Int?
    init(stop: Int? = nil) { self.stop = stop }
    var handler: ProgressHandler {
      { done, total in
        self.calls.append((done, total))
        return self.stop.map { done < $0 } ?? true
      }
    }
    /// From 0 to total, never backwards, one total.
    var complete: Bool {
      guard let first = calls.first, let last = calls.last else { return false }
      return first.0 == 0 && last.0 == last.1 && zip(calls, calls.dropFirst()).allSatisfy { $0.0 <= $1.0 && $0.1 == $1.1 }
    }
  }

  @Test func searchReportsEachPageAndStops() throws {
    let document = try Document.open(bytes: Self.pages(10))
    let log = Log()
    let matches = try document.search("beta", options: SearchOptions(), progress: log.handler)
    #expect(matches.count == 10)
    #expect(log.complete && log.calls.first?.1 == 10)
    let stopping = Log(stop: 4)
    expectError(.cancelled) { () throws(PDFError) in
      _ = try document.search("gamma", options: SearchOptions(), progress: stopping.handler)
    }
    #expect(stopping.calls.last?.0 == 4)
    #expect(try document.search("gamma", options: SearchOptions()).count == 10)
    #expect(!document.isModified)
  }

  @Test func aCallFromTheHandlerIntoTheSameDocumentIsRefused() throws {
    let document = try Document.open(bytes: Self.pages(3))
    let other = try Document.open(bytes: Self.pages(1))
    var inner: PDFError.Kind? = nil
    var otherPages = 0
    _ = try document.search("alpha", options: SearchOptions()) { _, _ in
      do throws(PDFError) { _ = try document.text(ofPage: 0) } catch { inner = error.kind }
      otherPages = other.pageCount
      return true
    }
    #expect(inner == .notPermitted)
    #expect(otherPages == 1)
  }

  @Test(arguments: [SaveOptions.Mode.full, .incremental])
  func aStoppedSaveLeavesTheFileAndTheDocument(_ mode: SaveOptions.Mode) throws {
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("doc.pdf").path
    let original = Self.pages(20)
    try Data(original).write(to: URL(fileURLWithPath: path))
    let document = try Document.open(path: path)
    _ = try document.createAnnotation(page: 2, subtype: "Square", rect: Rect(10, 10, 60, 60))
    var options = SaveOptions()
    options.mode = mode
    expectError(.cancelled) { () throws(PDFError) in
      try document.save(to: path, options: options, progress: Log(stop: 1).handler)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(original))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["doc.pdf"])
    #expect(document.isModified)
    let log = Log()
    try document.save(to: path, options: options, progress: log.handler)
    #expect(log.complete)
    #expect(!document.isModified)
    #expect(try Document.open(path: path).annotations(onPage: 2).count == 1)
  }

  @Test func textOfPagesReportsAndStops() throws {
    let document = try Document.open(bytes: Self.pages(5))
    let log = Log()
    let text = try document.text(ofPages: 1..<4, progress: log.handler)
    #expect(text == (1..<4).map { "alpha beta gamma delta \($0)" }.joined(separator: "\u{0C}"))
    #expect(log.complete && log.calls.count == 4)
    expectError(.cancelled) { () throws(PDFError) in
      _ = try document.text(ofPages: 0..<5, progress: Log(stop: 2).handler)
    }
    expectError(.outOfRange) { () throws(PDFError) in _ = try document.text(ofPages: 3..<6) }
  }
}
