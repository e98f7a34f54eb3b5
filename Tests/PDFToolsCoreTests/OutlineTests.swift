// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF
import Foundation
import Testing

@testable import PDFToolsCore

/// The document outline: reading other programs' outlines (explicit and named destinations,
/// nesting, actions), editing it (links and counts kept sound), undo and redo, bad input.
@Suite struct OutlineTests {
  /// A new document of `pages` Letter pages.
  private func blank(_ pages: Int) throws -> Document {
    let document = try Document.makeNew()
    for index in 0..<pages { try document.insertBlankPage(at: index, width: 612, height: 792) }
    return document
  }

  /// The /Count entries and sibling links of the outline, checked against the spec: every
  /// child's /Parent and /Prev agree with its parent's chain, /First and /Last name the ends,
  /// and every /Count is the number of items shown below it (negative for a closed item).
  private func checkStructure(_ document: Document) throws {
    try document.locked { () throws(PDFError) in
      guard let root = document.outlineRoot() else { return }
      checkNode(root, isRoot: true, document)
    }
  }

  private func count(_ node: qpdf_oh, _ document: Document) -> Int {
    document.qpdf.value(node, "Count").flatMap { document.qpdf.integer($0) } ?? 0
  }

  /// The items shown below `node` when it is open.
  private func visible(_ node: qpdf_oh, _ document: Document) -> Int {
    var total = 0
    for child in document.outlineChildren(of: node) {
      total += 1
      if count(child, document) > 0 { total += visible(child, document) }
    }
    return total
  }

  private func identity(_ value: qpdf_oh?, _ document: Document) -> ObjectIdentity? {
    value.flatMap { document.qpdf.identity($0) }
  }

  private func checkNode(_ node: qpdf_oh, isRoot: Bool, _ document: Document) {
    let qpdf = document.qpdf
    let children = document.outlineChildren(of: node)
    if isRoot {
      #expect(count(node, document) == visible(node, document))
    } else if children.isEmpty {
      #expect(qpdf.value(node, "Count") == nil, "an item without children has no /Count")
    } else {
      #expect(abs(count(node, document)) == visible(node, document))
    }
    #expect(identity(qpdf.value(node, "First"), document) == identity(children.first, document))
    #expect(identity(qpdf.value(node, "Last"), document) == identity(children.last, document))
    for (index, child) in children.enumerated() {
      #expect(identity(qpdf.value(child, "Parent"), document) == qpdf.identity(node))
      let previous = index > 0 ? qpdf.identity(children[index - 1]) : nil
      #expect(identity(qpdf.value(child, "Prev"), document) == previous)
      checkNode(child, isRoot: false, document)
    }
  }

  @Test func nestedOutlineOfQPDFWithEveryFit() throws {
    // Each title says where it leads: "Amanda 1.1 -> 11: /Fit" is page index 11, fit /Fit.
    let document = try Document.open(path: Fixtures.corpusFile("qpdf-object-streams.pdf"))
    let items = try document.outline()
    #expect(items.count == 11)
    #expect(items.first?.title == "Isís 1 -> 5: /XYZ  null null null")
    #expect(items.map(\.depth).prefix(4) == [0, 1, 2, 3])
    for item in items {
      let parts = item.title.components(separatedBy: " -> ")
      let pageText = try #require(parts.last?.components(separatedBy: ":").first)
      let page = try #require(Int(pageText))
      guard case .destination(let destination) = item.target else {
        Issue.record("\(item.title) has no destination")
        continue
      }
      #expect(destination.page == page, "\(item.title)")
      let fit = try #require(parts.last?.components(separatedBy: "/").last?.components(separatedBy: " ").first)
      #expect(destination.fit.name == fit, "\(item.title)")
      if item.title.hasSuffix("/FitV 100") { #expect(destination.left == 100) }
    }
    let parents = Dictionary(uniqueKeysWithValues: items.map { ($0.id, $0) })
    for item in items where item.parent != 0 {
      #expect(parents[item.parent]?.depth == item.depth - 1)
    }
    #expect(items.filter { $0.parent == 0 }.count == items.filter { $0.depth == 0 }.count)
  }

  @Test func namedDestinationsOfLaTeX() throws {
    let document = try Document.open(path: Fixtures.corpusFile("samplefiles-geotopo-117-pages.pdf"))
    let items = try document.outline()
    #expect(items.count == 35)
    #expect(items[0].title == "1 Topologische Grundbegriffe")
    guard case .destination(let first) = items[0].target, case .destination(let second) = items[2].target else {
      Issue.record("the named destinations were not resolved")
      return
    }
    #expect(first.page == 5 && first.fit == .xyz && first.top.map { abs($0 - 785.764) < 0.01 } == true)
    #expect(second.page == 9)
    #expect(items[0].childCount > 0 && !items[0].isOpen, "hyperref's chapters are closed here")
  }

  @Test func buildingAnOutlineKeepsLinksAndCountsSound() throws {
    let document = try blank(5)
    let a = try document.addOutlineItem(parent: 0, at: nil, title: "A", destination: Destination(page: 0, fit: .fit))
    let b = try document.addOutlineItem(
      parent: 0, at: nil, title: "B – ü", destination: Destination(page: 2, fit: .xyz, top: 500))
    let b1 = try document.addOutlineItem(parent: b, at: nil, title: "B1", destination: nil)
    let b2 = try document.addOutlineItem(parent: b, at: 0, title: "B2", destination: Destination(page: 4, fit: .fitH, top: 100))
    try checkStructure(document)
    var items = try document.outline()
    #expect(items.map(\.title) == ["A", "B – ü", "B2", "B1"])
    #expect(items.map(\.id) == [a, b, b2, b1])
    #expect(items[1].childCount == 2 && !items[1].isOpen, "an item that gets its first child is closed")
    #expect(items[1].target == .destination(Destination(page: 2, fit: .xyz, top: 500)))
    #expect(items[3].target == OutlineTarget.none)

    try document.setOutlineOpen(b, true)
    try checkStructure(document)
    #expect(try document.outline()[1].isOpen)
    try document.moveOutlineItem(a, parent: b, at: 1)
    try checkStructure(document)
    items = try document.outline()
    #expect(items.map(\.title) == ["B – ü", "B2", "A", "B1"])
    #expect(items.map(\.depth) == [0, 1, 1, 1])
    try document.setOutlineTitle(b1, "Renamed")
    try document.setOutlineStyle(b1, color: RGBColor(1, 0, 0), bold: true, italic: false)
    try document.setOutlineDestination(b1, Destination(page: 3, fit: .fitR, left: 10, top: 200, right: 100, bottom: 20))
    items = try document.outline()
    #expect(items[3].title == "Renamed" && items[3].color == RGBColor(1, 0, 0) && items[3].bold && !items[3].italic)
    #expect(items[3].target == .destination(Destination(page: 3, fit: .fitR, left: 10, top: 200, right: 100, bottom: 20)))
    try document.removeOutlineItem(b2)
    try checkStructure(document)
    #expect(try document.outline().map(\.title) == ["B – ü", "A", "Renamed"])
    #expect(throws: PDFError.self) { try document.setOutlineTitle(b2, "gone") }
    try document.removeOutlineItem(b)
    try checkStructure(document)
    #expect(try document.outline().isEmpty)
    #expect(throws: PDFError.self, "a removed parent takes its children") { try document.setOutlineTitle(a, "x") }
  }

  @Test func everyEditIsOneUndoStepAndUndoRestoresTheObjects() throws {
    let document = try Document.open(path: Fixtures.corpusFile("qpdf-object-streams.pdf"))
    let original = try document.outline()
    func snapshot() throws -> [String] {
      let ids = try document.outline().map(\.id)
      return try document.locked { () throws(PDFError) -> [String] in
        var lines: [String] = []
        let qpdf = document.qpdf
        if let root = document.outlineRoot() { lines.append(String(decoding: qpdf.unparsed(root), as: UTF8.self)) }
        for item in ids {
          if let identity = document.outlineIDs.object(item) {
            lines.append(String(decoding: qpdf.unparsed(qpdf.object(identity)), as: UTF8.self))
          }
        }
        return lines
      }
    }
    var states = [try snapshot()]
    let top = original.filter { $0.parent == 0 }
    let deep = try #require(original.last)
    let edits: [() throws -> Void] = [
      { _ = try document.addOutlineItem(parent: top[0].id, at: 0, title: "New", destination: Destination(page: 1)) },
      { try document.moveOutlineItem(deep.id, parent: 0, at: 0) },
      { try document.setOutlineOpen(top[0].id, !top[0].isOpen) },
      { try document.setOutlineTitle(top[0].id, "Títle") },
      { try document.setOutlineDestination(top[0].id, nil) },
      { try document.removeOutlineItem(top[0].id) },
    ]
    for edit in edits {
      try edit()
      try checkStructure(document)
      states.append(try snapshot())
    }
    for state in states.reversed().dropFirst() {
      #expect(try document.undo())
      #expect(try snapshot() == state)
    }
    #expect(try document.outline() == original)
    for state in states.dropFirst() {
      #expect(try document.redo())
      #expect(try snapshot() == state)
    }
  }

  @Test func badEditsAreRefusedAndChangeNothing() throws {
    let document = try blank(2)
    let a = try document.addOutlineItem(parent: 0, at: nil, title: "A", destination: nil)
    let child = try document.addOutlineItem(parent: a, at: nil, title: "child", destination: nil)
    let before = try document.outline()
    let refused: [() throws -> Void] = [
      { _ = try document.addOutlineItem(parent: 999, at: nil, title: "x", destination: nil) },
      { _ = try document.addOutlineItem(parent: 0, at: 5, title: "x", destination: nil) },
      { _ = try document.addOutlineItem(parent: 0, at: nil, title: "x", destination: Destination(page: 2)) },
      { _ = try document.addOutlineItem(parent: 0, at: nil, title: "x", destination: Destination(page: 0, fit: .fitR, left: 1)) },
      { _ = try document.addOutlineItem(parent: 0, at: nil, title: "x", destination: Destination(page: 0, top: .nan)) },
      { try document.moveOutlineItem(a, parent: child, at: nil) },
      { try document.moveOutlineItem(a, parent: a, at: nil) },
      { try document.moveOutlineItem(child, parent: 0, at: 3) },
    ]
    let state = document.stateID
    for edit in refused {
      #expect(throws: PDFError.self) { try edit() }
      #expect(try document.outline() == before)
      try checkStructure(document)
    }
    #expect(document.stateID == state, "refused edits make no undo step")
    try document.setOutlineOpen(child, true)
    #expect(document.stateID == state, "opening an item without children changes nothing")
  }
  @Test func sloppyOutlinesOfOtherWritersAreReadAndEdited() throws {
    // Items without /Parent, and a /Count far beyond what a file can hold.
    let bytes = Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R /Outlines 4 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
      "<< /Type /Outlines /First 5 0 R /Last 6 0 R /Count 2 >>",
      "<< /Title (A) /Next 6 0 R /Count 9223372036854775807 /First 7 0 R /Last 7 0 R >>",
      "<< /Title (B) /Dest [3 0 R /Fit] >>",
      "<< /Title (A1) >>",
    ])
    let document = try Document.open(bytes: bytes)
    let items = try document.outline()
    #expect(items.map(\.title) == ["A", "A1", "B"])
    #expect(try document.outlineTitle(items[2].id) == "B")
    _ = try document.addOutlineItem(parent: 0, at: nil, title: "C", destination: nil)
    try document.setOutlineTitle(items[1].id, "A1 renamed")
    try document.moveOutlineItem(items[2].id, parent: items[0].id, at: 0)
    #expect(try document.outline().map(\.title) == ["A", "B", "A1 renamed", "C"])
    #expect(try document.outline().map(\.depth) == [0, 1, 1, 0])
    // What was touched is linked properly; the file's own missing /Parent entries stay missing.
    let saved = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) -> [UInt8] in Array(bytes) }
    #expect(try Document.open(bytes: saved).outline().map(\.title) == ["A", "B", "A1 renamed", "C"])
  }

  @Test func movingAnOnlyChildInPlaceKeepsItsParentOpen() throws {
    let document = try blank(1)
    let parent = try document.addOutlineItem(parent: 0, at: nil, title: "P", destination: nil)
    let child = try document.addOutlineItem(parent: parent, at: nil, title: "C", destination: nil)
    try document.setOutlineOpen(parent, true)
    try document.moveOutlineItem(child, parent: parent, at: 0)
    #expect(try document.outline()[0].isOpen)
    try checkStructure(document)
  }

  @Test func theOutlineCannotGrowDeeperThanItIsRead() throws {
    let document = try blank(1)
    var parent: Int64 = 0
    for level in 0..<Limits.maximumTreeDepth {
      parent = try document.addOutlineItem(parent: parent, at: nil, title: "L\(level)", destination: nil)
    }
    #expect(try document.outline().count == Limits.maximumTreeDepth)
    #expect(throws: PDFError.self) { try document.addOutlineItem(parent: parent, at: nil, title: "too deep", destination: nil) }
  }
}
