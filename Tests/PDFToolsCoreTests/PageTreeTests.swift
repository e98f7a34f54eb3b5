// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// Pages are found through the page tree's counts on first use; trees whose counts mislead are
/// walked instead.
@Suite struct PageTreeTests {
  /// A page of `width` points (its MediaBox) whose parent is object `parent`.
  static func page(_ width: Int, parent: Int) -> String {
    "<< /Type /Page /Parent \(parent) 0 R /MediaBox [0 0 \(width) 100] >>"
  }

  @Test func aBalancedTreeGivesEveryPageInOrder() throws {
    // 2 -> [3 -> [5, 6, 7], 4 -> [8, 9]] plus an inherited /Rotate on node 4.
    let document = try Document.open(bytes: Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 5 >>",
      "<< /Type /Pages /Parent 2 0 R /Kids [5 0 R 6 0 R 7 0 R] /Count 3 >>",
      "<< /Type /Pages /Parent 2 0 R /Kids [8 0 R 9 0 R] /Count 2 /Rotate 90 >>",
      Self.page(101, parent: 3), Self.page(102, parent: 3), Self.page(103, parent: 3),
      Self.page(104, parent: 4), Self.page(105, parent: 4),
    ]))
    #expect(document.pageCount == 5)
    #expect(!document.wasRepaired)
    // Out of order on purpose: each page is found by descending from the root.
    for index in [4, 0, 3, 1, 2] {
      #expect(try document.pageBox(index, .media).x1 == Double(101 + index))
    }
    #expect(try document.pageRotation(3) == 90 && document.pageRotation(2) == 0)
    let indices = try document.locked { () throws(PDFError) -> [Int?] in
      (0..<5).map { index in document.pageIdentity(index).flatMap { document.pageIndex(of: $0) } }
    }
    #expect(indices == [0, 1, 2, 3, 4])
  }

  @Test func aRootWhoseCountIsWrongIsWalkedWhileOpening() throws {
    let document = try Document.open(bytes: Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 7 >>",
      "<< /Type /Pages /Parent 2 0 R /Kids [5 0 R] /Count 1 >>",
      Self.page(102, parent: 2), Self.page(101, parent: 3),
    ]))
    #expect(document.pageCount == 2)
    #expect(document.wasRepaired, "a page tree that had to be walked is a repair")
    #expect(try document.pageBox(0, .media).x1 == 101 && document.pageBox(1, .media).x1 == 102)
    #expect(!document.isModified && !document.undoState.canUndo, "restating the tree is not an edit")
    // The tree is restated as one sound node, so a full save needs no repair.
    let saved = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) }
    let reopened = try Document.open(bytes: saved)
    #expect(!reopened.wasRepaired && reopened.pageCount == 2)
    #expect(try reopened.pageBox(0, .media).x1 == 101 && reopened.pageBox(1, .media).x1 == 102)
  }

  /// Roots a writer would have to guess, with the pages each document has: a page named as the
  /// root (its parent a stream), and a /Pages root with a /Parent (a stream). qpdf's writer,
  /// left to correct such a root itself, wrote the stream as the root.
  static let rootsAWriterWouldGuess: [([String], Int)] = [
    (
      [
        "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Page /Parent 3 0 R /MediaBox [0 0 100 100] >>",
        "<< /Length 2 >>\nstream\nq\n\nendstream",
      ], 0
    ),
    (
      [
        "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 4 0 R >>",
        page(101, parent: 2), "<< /Length 2 >>\nstream\nq\n\nendstream",
      ], 1
    ),
  ]

  @Test(arguments: rootsAWriterWouldGuess)
  func aRootAWriterWouldGuessIsRestatedSoTheSaveOpensAgain(objects: [String], pages: Int) throws {
    let document = try Document.open(bytes: Fixtures.pdf(objects))
    #expect(document.wasRepaired && document.pageCount == pages)
    let saved = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) }
    let reopened = try Document.open(bytes: saved)
    #expect(!reopened.wasRepaired && reopened.pageCount == pages, "the save holds a sound page tree")
    for index in 0..<pages { #expect(try reopened.pageBox(index, .media).x1 == 101) }
  }

  @Test func aNodeThatIsNotAPageIsFoundOut() throws {
    // The root's /Count equals its number of kids, but its second kid is a node of one page.
    let document = try Document.open(bytes: Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
      Self.page(101, parent: 2),
      "<< /Type /Pages /Parent 2 0 R /Kids [5 0 R] /Count 1 >>",
      Self.page(102, parent: 4),
    ]))
    #expect(document.pageCount == 2)
    #expect(try document.pageBox(1, .media).x1 == 102)
    #expect(try document.pageBox(0, .media).x1 == 101)
  }

  @Test func aDeepCountThatLiesLeavesThePageMissing() throws {
    // The root adds up (2 + 2) but node 4 holds one page: page 3 does not exist.
    let document = try Document.open(bytes: Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 4 >>",
      "<< /Type /Pages /Parent 2 0 R /Kids [5 0 R 6 0 R] /Count 2 >>",
      "<< /Type /Pages /Parent 2 0 R /Kids [7 0 R] /Count 2 >>",
      Self.page(101, parent: 3), Self.page(102, parent: 3), Self.page(103, parent: 4),
    ]))
    #expect(document.pageCount == 4, "the count is what the root says, as poppler reads it")
    #expect(try document.pageBox(2, .media).x1 == 103)
    expectError(.damaged) { () throws(PDFError) in _ = try document.pageBox(3, .media) }
    #expect(try document.pageBox(0, .media).x1 == 101 && document.pageBox(1, .media).x1 == 102)
  }

  @Test func aLoopBelowTheRootEndsTheWalk() throws {
    // Node 3 lists the root as a kid of its own.
    let document = try Document.open(bytes: Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 2 >>",
      "<< /Type /Pages /Parent 2 0 R /Kids [4 0 R 2 0 R] /Count 2 >>",
      Self.page(101, parent: 3),
    ]))
    #expect(document.pageCount == 2)
    #expect(try document.pageBox(0, .media).x1 == 101)
    expectError(.damaged) { () throws(PDFError) in _ = try document.pageBox(1, .media) }
  }

  @Test func pagesInsertedAndUndoneAreFoundAgain() throws {
    let document = try Document.open(bytes: ProgressTests.pages(3))
    try document.insertBlankPage(at: 1, width: 200, height: 300)
    #expect(document.pageCount == 4)
    #expect(try document.pageBox(1, .media).x1 == 200)
    #expect(try document.text(ofPage: 2).text == "alpha beta gamma delta 1")
    try document.undo()
    #expect(document.pageCount == 3)
    #expect(try document.text(ofPage: 1).text == "alpha beta gamma delta 1")
    try document.redo()
    #expect(document.pageCount == 4)
    let saved = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) }
    let reopened = try Document.open(bytes: saved)
    #expect(reopened.pageCount == 4)
    #expect(try reopened.pageBox(1, .media).x1 == 200)
  }
}
