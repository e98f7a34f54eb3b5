// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Testing

@testable import PDFToolsCore

/// Many threads on shared and separate documents, and per-thread log collection.
@Suite struct ConcurrencyTests {
  @Test func sharedAndSeparateDocuments() throws {
    let shared = try Document.open(path: Fixtures.corpusFile("qpdf-rotated.pdf"))
    let expected = try (0..<20).map { try shared.pageRotation($0) }
    let failures = Counter()
    DispatchQueue.concurrentPerform(iterations: 16) { worker in
      do {
        for round in 0..<20 {
          let index = (worker + round) % 20
          if try shared.pageRotation(index) != expected[index] { failures.add() }
          try shared.setMetadata("Worker\(worker)", "round \(round)")
          if try shared.metadata("Worker\(worker)") != "round \(round)" { failures.add() }
          if round % 5 == 0 {
            let saved = try shared.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in
              Array(bytes)
            }
            if try Document.open(bytes: saved).pageCount != 20 { failures.add() }
          }
          let own = try Document.open(path: Fixtures.corpusFile("qpdf-boxes.pdf"))
          if try own.pageBox(index % 8, .crop) != Rect(10, 20, 582, 752) { failures.add() }
        }
      } catch {
        failures.add()
      }
    }
    #expect(failures.value == 0)
    #expect(try shared.metadataKeys().filter { $0.hasPrefix("Worker") }.count == 16)
  }

  @Test func logMessagesStayWithTheirThread() throws {
    Log.minimumLevel = .debug
    defer { Log.minimumLevel = nil }
    _ = Log.takePending()
    _ = try Document.open(path: Fixtures.corpusFile("qpdf-bad3-bad-xref-offset.pdf"))
    let records = Log.takePending()
    #expect(records.contains { $0.level == .warning && $0.source == "qpdf" })
    #expect(records.contains { $0.source == "pdftools" && $0.message.contains("repaired") })
    #expect(Log.takePending().isEmpty, "taking empties the queue")
    let others = Counter()
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      Log.emit(.info, "test", "other thread")
      if Log.takePending().count != 1 { others.add() }
    }
    #expect(others.value == 0)
    Log.minimumLevel = .error
    Log.emit(.warning, "test", "dropped")
    #expect(Log.takePending().isEmpty)
  }
}

/// A thread-safe counter for failures seen on worker threads.
final class Counter: @unchecked Sendable {
  private let lock = Lock()
  private var count = 0
  func add() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}
