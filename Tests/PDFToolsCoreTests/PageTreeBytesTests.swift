// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// The page tree read from the document's bytes finds the pages qpdf's reading finds, and
/// leaves to qpdf every tree it cannot read plainly.
@Suite struct PageTreeBytesTests {
  /// Pages found by a tree read from the bytes and by one read through qpdf alone, for the
  /// first `limit` pages; how many pages the bytes alone gave (the root's kids at once, or
  /// each page's path read from them); and whether the bytes showed the root's count.
  static func bothReadings(_ document: Document, limit: Int = 300) throws -> (
    bytes: [ObjectIdentity?], qpdf: [ObjectIdentity?], counts: [Int?], fromBytes: Int, rootInBytes: Bool
  ) {
    try document.locked { () throws(PDFError) in
      let qpdf = document.qpdf
      // The bytes' reader even for a document opened as repaired: it must give up where qpdf decides.
      let reader = PageTreeBytes(objects: try document.viewBase(), changed: document.changedObjects)
      var fromBytes = PageTree.read(qpdf, bytes: reader)
      var throughQPDF = PageTree.read(qpdf)
      let count = min(fromBytes?.count ?? 0, limit)
      let root = PageTree.rootFromBytes(qpdf, reader)
      var alone = root?.pages.map { min($0.count, count) } ?? 0
      if root != nil, root?.pages == nil, var probe = fromBytes {
        alone = (0..<count).filter { probe.locateInBytes($0, qpdf, reader) }.count
      }
      let a = (0..<count).map { fromBytes?.page($0, qpdf, bytes: reader) }
      let b = (0..<count).map { throughQPDF?.page($0, qpdf) }
      return (a, b, [fromBytes?.count, throughQPDF?.count], alone, root != nil)
    }
  }

  /// Every corpus file that opens unrepaired: the same page count and the same page objects.
  @Test func corpusPagesFoundInTheBytesAreQPDFs() throws {
    var pages = 0
    var filesReadFromBytes = 0
    var pagesFromBytes = 0
    for entry in Fixtures.manifest where entry.expect != "error" {
      guard let document = try? Document.open(path: Fixtures.corpusFile(entry.name), password: entry.userPassword),
        !document.wasRepaired
      else { continue }
      let found = try Self.bothReadings(document)
      #expect(found.counts[0] == found.counts[1], "\(entry.name)")
      #expect(found.bytes == found.qpdf, "\(entry.name)")
      pages += found.bytes.count
      if found.rootInBytes { filesReadFromBytes += 1 }
      pagesFromBytes += found.fromBytes
    }
    #expect(pages > 500, "\(pages) pages compared")
    #expect(filesReadFromBytes > 30, "\(filesReadFromBytes) files' roots read from the bytes")
    #expect(pagesFromBytes > 300, "\(pagesFromBytes) pages found from the bytes alone")
  }

  /// A page of `width` points whose parent is object `parent`.
  static func page(_ width: Int, parent: Int) -> String {
    "<< /Type /Page /Parent \(parent) 0 R /MediaBox [0 0 \(width) 100] >>"
  }

  /// Trees in forms the bytes read and in forms they leave to qpdf; each with how many of its
  /// pages the bytes alone give (0: qpdf decides).
  static let trees: [(name: String, objects: [String], fromBytes: Int)] = [
    (
      "balanced, counts summed at the root", [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R 4 0 R 10 0 R] /Count 6 /MediaBox [0 0 50 50] >>",
        "<< /Type /Pages /Parent 2 0 R /Kids [5 0 R 6 0 R 7 0 R] /Count 3 >>",
        "<< /Type /Pages /Parent 2 0 R /Kids [8 0 R 9 0 R] /Count 2 /Rotate 90 >>",
        page(101, parent: 3), page(102, parent: 3), page(103, parent: 3),
        page(104, parent: 4), "<< /Type /Page /Parent 4 0 R /CropBox [0 0 20 20] >>",
        "<< /Parent 2 0 R >>",
      ], 6
    ),
    (
      "flat", [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
        page(101, parent: 2), page(102, parent: 2),
      ], 2
    ),
    (
      "kids by reference", [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids 3 0 R /Count 2 >>",
        "[4 0 R 5 0 R]",
        page(101, parent: 2), page(102, parent: 2),
      ], 0
    ),
    (
      "a node's count by reference", [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 3 >>",
        "<< /Type /Pages /Parent 2 0 R /Kids [4 0 R 5 0 R] /Count 7 0 R >>",
        page(101, parent: 3), page(102, parent: 3), page(103, parent: 2), "2",
      ], 0
    ),
    (
      "a node whose count lies", [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 3 >>",
        "<< /Type /Pages /Parent 2 0 R /Kids [4 0 R 5 0 R] /Count 1 >>",
        page(101, parent: 3), page(102, parent: 3), page(103, parent: 2),
      ], 0
    ),
    (
      "a root that is its own kid", [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>",
        page(101, parent: 2),
      ], 2
    ),
    (
      "a leaf node counting a /Pages node as a page", [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
        page(101, parent: 2),
        "<< /Type /Pages /Parent 2 0 R /Kids [5 0 R] /Count 1 >>",
        page(102, parent: 4),
      ], 2
    ),
    (
      "kids' counts that would overflow a sum", [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R 3 0 R 3 0 R 3 0 R 3 0 R 3 0 R 3 0 R 3 0 R 3 0 R 3 0 R 4 0 R] /Count 1 >>",
        "<< /Type /Pages /Parent 2 0 R /Kids [] /Count 999999999999999999 >>",
        page(101, parent: 2),
      ], 0
    ),
    (
      "kids' counts at the 64-bit limit", [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R 3 0 R 4 0 R] /Count 1 >>",
        "<< /Type /Pages /Parent 2 0 R /Kids [] /Count 9223372036854775807 >>",
        page(101, parent: 2),
      ], 0
    ),
  ]

  @Test(arguments: trees.indices)
  func craftedTreesFindQPDFsPages(_ position: Int) throws {
    let tree = Self.trees[position]
    let document = try Document.open(bytes: Fixtures.pdf(tree.objects))
    let found = try Self.bothReadings(document)
    #expect(found.counts[0] == found.counts[1], "\(tree.name)")
    #expect(found.bytes == found.qpdf, "\(tree.name)")
    #expect(found.fromBytes == tree.fromBytes, "\(tree.name)")
    // Geometry, inherited attributes included, is qpdf's.
    try document.locked { () throws(PDFError) in
      for index in 0..<document.pageTree.count {
        guard let fromBytes = document.geometryFromBytes(index) else { continue }
        let throughQPDF = try document.geometryThroughQPDF(index)
        #expect(fromBytes.mediaBox == throughQPDF.mediaBox, "\(tree.name) page \(index)")
        #expect(fromBytes.cropBox == throughQPDF.cropBox, "\(tree.name) page \(index)")
        #expect(fromBytes.rotation == throughQPDF.rotation, "\(tree.name) page \(index)")
      }
    }
  }

  /// A root the bytes could read but qpdf warns of (a bare word, a key given twice) is parsed
  /// by qpdf at open, as before, and the document counts as repaired.
  @Test(arguments: ["/Junk abc", "/Foo 1 /Foo 2"])
  func aRootQPDFWarnsOfIsLeftToIt(_ extra: String) throws {
    let document = try Document.open(bytes: Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Count 1 /Kids [3 0 R] \(extra) >>",
      Self.page(101, parent: 2),
    ]))
    #expect(document.wasRepaired)
    #expect(document.pageCount == 1)
    #expect(try document.pageBox(0, .media).x1 == 101)
  }

  /// The balanced tree: its pages and what they inherit, found from the bytes.
  @Test func aBalancedTreeIsReadFromTheBytes() throws {
    let document = try Document.open(bytes: Fixtures.pdf(Self.trees[0].objects))
    #expect(document.pageCount == 6)
    #expect(try (0..<5).map { try document.pageBox($0, .media).x1 } == [101, 102, 103, 104, 50])
    #expect(try document.pageRotation(3) == 90 && document.pageRotation(4) == 90 && document.pageRotation(0) == 0)
    #expect(try document.pageBox(4, .crop) == Rect(0, 0, 20, 20))
    #expect(try document.pageBox(5, .media) == Rect(0, 0, 50, 50), "a kid without /Type or /Kids is a page")
  }
}
