// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// Page labels and page rotation: each change one undo step, bad input refused.
@Suite struct PageEditingTests {
  private func blank(_ pages: Int) throws -> Document {
    let document = try Document.makeNew()
    for index in 0..<pages { try document.insertBlankPage(at: index, width: 600, height: 800) }
    return document
  }

  private func labels(_ document: Document) throws -> [String] {
    try (0..<document.pageCount).map { try document.pageLabel($0) }
  }

  @Test func labelRangesAreWrittenReadBackAndUndone() throws {
    let document = try blank(5)
    #expect(try labels(document) == ["1", "2", "3", "4", "5"])
    try document.setPageLabelRanges([
      PageLabelRange(start: 2, style: .decimal, prefix: "A-", firstNumber: 5),
      PageLabelRange(start: 0, style: .lowerRoman),
      PageLabelRange(start: 4, style: .none, prefix: "Cover"),
    ])
    #expect(try labels(document) == ["i", "ii", "A-5", "A-6", "Cover"])
    #expect(try document.pageLabelRanges().map(\.start) == [0, 2, 4])
    let saved = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) -> [UInt8] in Array(bytes) }
    let reopened = try Document.open(bytes: saved)
    #expect(try labels(reopened) == ["i", "ii", "A-5", "A-6", "Cover"])
    #expect(try document.undo())
    #expect(try labels(document) == ["1", "2", "3", "4", "5"])
    #expect(try document.redo())
    #expect(try labels(document) == ["i", "ii", "A-5", "A-6", "Cover"])
    try document.setPageLabelRanges([])
    #expect(try labels(document) == ["1", "2", "3", "4", "5"])
  }

  @Test func badLabelRangesAreRefused() throws {
    let document = try blank(3)
    let state = document.stateID
    let refused: [[PageLabelRange]] = [
      [PageLabelRange(start: 1, style: .decimal)],
      [PageLabelRange(start: 0, style: .decimal), PageLabelRange(start: 0, style: .upperRoman)],
      [PageLabelRange(start: 0, style: .decimal), PageLabelRange(start: 3, style: .upperRoman)],
      [PageLabelRange(start: 0, style: .decimal, firstNumber: 0)],
    ]
    for ranges in refused {
      #expect(throws: PDFError.self) { try document.setPageLabelRanges(ranges) }
    }
    #expect(document.stateID == state, "nothing changed")
  }

  @Test func rotationTurnsThePageInOneUndoStep() throws {
    let document = try blank(2)
    try document.setPageRotation(1, 90)
    #expect(try document.pageRotation(1) == 90)
    #expect(try document.pageSize(1) == (800, 600))
    try document.setPageRotation(1, -450)
    #expect(try document.pageRotation(1) == 270)
    let state = document.stateID
    try document.setPageRotation(1, 270)
    #expect(document.stateID == state, "the same rotation makes no step")
    #expect(throws: PDFError.self) { try document.setPageRotation(1, 45) }
    #expect(throws: PDFError.self) { try document.setPageRotation(2, 90) }
    #expect(try document.undo())
    #expect(try document.pageRotation(1) == 90)
    #expect(try document.undo())
    #expect(try document.pageRotation(1) == 0)
    #expect(try document.pageSize(1) == (600, 800))
    #expect(try document.pageRotation(0) == 0)
  }
}
