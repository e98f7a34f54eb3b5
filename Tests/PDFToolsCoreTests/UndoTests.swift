// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF
import Foundation
import Testing

@testable import PDFToolsCore

/// Undo and redo: exact restoration, groups, coalescing, clean state, limits.
@Suite struct UndoTests {
  /// Everything a user can see of a document's state: every page dictionary, every annotation
  /// dictionary (with its appearance reference) and the information dictionary.
  static func dump(_ document: Document) throws -> [String] {
    try document.locked { () throws(PDFError) -> [String] in
      var lines: [String] = []
      let qpdf = document.qpdf
      for index in 0..<document.pageTree.count {
        let page = try document.pageObject(index)
        lines.append("page \(index): " + String(decoding: qpdf.unparsed(page), as: UTF8.self))
        for annotation in qpdf.entry(page, "/Annots").flatMap({ qpdf.items($0) }) ?? [] {
          lines.append("  annot: " + String(decoding: qpdf.unparsed(annotation), as: UTF8.self))
        }
      }
      if let info = qpdf.value(qpdf.trailer, "Info") {
        lines.append("info: " + String(decoding: qpdf.unparsed(info), as: UTF8.self))
      }
      return lines
    }
  }

  private func document() throws -> Document {
    try Document.open(path: Fixtures.corpusFile("pdfjs-annotation-square-circle.pdf"))
  }

  /// A step that makes an object takes its after-states only when it is undone; redoing it
  /// gives back exactly the state it led to, and the memory the journal counts follows.
  @Test func stepsThatMakeObjectsTakeTheirAfterStatesWhenUndone() throws {
    let document = try document()
    let before = try UndoTests.dump(document)
    let id = try document.createAnnotation(page: 0, subtype: "Ink", rect: Rect(10, 10, 200, 200))
    try document.updateAnnotation(id, [.color(RGBColor(0, 0.5, 0))])
    let made = try UndoTests.dump(document)
    let (creation, change) = document.lock.withLock { () -> (Journal.Step?, Journal.Step?) in
      let steps = document.journal.undoSteps
      return (steps.dropLast().last, steps.last)
    }
    #expect(creation?.after == nil, "the creation's after-states wait for its undo")
    #expect(change?.after != nil, "a change of an existing object takes them when it ends")
    let memory = document.undoMemory
    #expect(try document.undo() && document.undo())
    #expect(try UndoTests.dump(document) == before)
    let taken = document.lock.withLock { document.journal.redoSteps.first?.after }
    #expect(taken?.isEmpty == false, "undoing took them")
    #expect(document.undoMemory > memory, "and the journal counts them")
    #expect(try document.redo() && document.redo())
    #expect(try UndoTests.dump(document) == made)
    // Setting what is already set changes nothing and adds no step.
    let steps = document.lock.withLock { document.journal.undoSteps.count }
    try document.updateAnnotation(id, [.color(RGBColor(0, 0.5, 0))])
    #expect(document.lock.withLock { document.journal.undoSteps.count } == steps)
  }

  @Test func everyMutationIsUndoneExactlyAndRedone() throws {
    let document = try document()
    let original = try UndoTests.dump(document)
    let ids = try document.annotations(onPage: 0)
    let square = try #require(try ids.first { try document.annotationSubtype($0) == "Square" })
    var states = [original]
    let mutations: [(String, () throws(PDFError) -> Void)] = [
      ("metadata", { () throws(PDFError) in try document.setMetadata("Title", "Changed – ü") }),
      ("create", { () throws(PDFError) in _ = try document.createAnnotation(page: 0, subtype: "Ink", rect: Rect(10, 10, 90, 90)) }),
      ("update", { () throws(PDFError) in try document.updateAnnotation(square, [.color(RGBColor(0, 1, 0)), .opacity(0.5)]) }),
      ("raw", { () throws(PDFError) in try document.setAnnotationRawValue(square, key: "Contents", syntax: "(raw)") }),
      ("reorder", { () throws(PDFError) in try document.moveAnnotation(square, toZIndex: 99) }),
      ("popup", { () throws(PDFError) in _ = try document.addPopup(to: square, rect: Rect(100, 100, 200, 200), open: true) }),
      ("delete", { () throws(PDFError) in try document.deleteAnnotation(square) }),
      ("page", { () throws(PDFError) in try document.insertBlankPage(at: 0, width: 100, height: 100) }),
      ("metadata removal", { () throws(PDFError) in try document.setMetadata("Title", nil) }),
    ]
    for (name, mutation) in mutations {
      try mutation()
      let after = try UndoTests.dump(document)
      #expect(after != states.last, "\(name) changed the document")
      #expect(try document.undo(), "\(name) can be undone")
      #expect(try UndoTests.dump(document) == states.last, "undoing \(name) restores the state exactly")
      #expect(try document.redo(), "\(name) can be redone")
      #expect(try UndoTests.dump(document) == after, "redoing \(name) restores its result")
      states.append(after)
    }
    for _ in mutations { #expect(try document.undo()) }
    #expect(try UndoTests.dump(document) == original, "undoing everything gives the original")
    #expect(!document.isModified)
    #expect(try document.annotations(onPage: 0) == ids, "same ids after undo")
    for _ in mutations { #expect(try document.redo()) }
    #expect(try UndoTests.dump(document) == states.last, "redoing everything gives the final state")
  }

  @Test func groupsAndCoalescing() throws {
    let document = try document()
    let ids = try document.annotations(onPage: 0).filter { try document.annotationSubtype($0) != "Popup" }
    let (a, b) = (ids[0], ids[1])
    let before = try UndoTests.dump(document)
    // A colour change on a two-annotation selection, then one undo: both revert.
    try document.beginGroup("Change Color")
    try document.updateAnnotation(a, [.color(RGBColor(1, 0, 0))])
    try document.updateAnnotation(b, [.color(RGBColor(1, 0, 0))])
    try document.endGroup()
    #expect(document.undoState.undoLabel == "Change Color")
    try document.undo()
    #expect(try UndoTests.dump(document) == before)
    // Two separate colour changes on two annotations, then one undo: only the second reverts.
    try document.updateAnnotation(a, [.color(RGBColor(0, 1, 0))])
    let afterFirst = try UndoTests.dump(document)
    try document.updateAnnotation(b, [.color(RGBColor(0, 1, 0))])
    try document.undo()
    #expect(try UndoTests.dump(document) == afterFirst)
    try document.undo()
    #expect(try UndoTests.dump(document) == before)
    // Ten consecutive colour changes of one annotation, then one undo: back before the first.
    for step in 0..<10 { try document.updateAnnotation(a, [.color(RGBColor(Double(step) / 10, 0, 0))]) }
    #expect(try document.undo())
    #expect(try UndoTests.dump(document) == before)
    #expect(!document.undoState.canUndo)
    // Undo inside a group is refused.
    try document.beginGroup("open")
    expectError(.notPermitted) { () throws(PDFError) in try document.undo() }
    try document.endGroup()
    expectError(.notPermitted) { () throws(PDFError) in try document.endGroup() }
  }

  @Test func cleanStateFollowsTheSavedStep() throws {
    let document = try document()
    #expect(!document.isModified)
    let ids = try document.annotations(onPage: 0)
    try document.updateAnnotation(ids[0], [.opacity(0.5)])
    #expect(document.isModified)
    _ = try document.withSavedBytes(SaveOptions()) { (_) throws(PDFError) in 0 }
    #expect(document.isModified, "saving to memory is not a save of the document")
    let folder = try Fixtures.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try document.save(to: folder.appendingPathComponent("saved.pdf").path)
    #expect(!document.isModified)
    try document.updateAnnotation(ids[0], [.color(RGBColor(0, 0, 1))])
    #expect(document.isModified)
    try document.undo()
    #expect(!document.isModified, "back at the saved step")
    try document.redo()
    #expect(document.isModified)
    try document.undo()
    #expect(!document.isModified)
    try document.undo()
    #expect(document.isModified, "before the saved step")
    // A new change drops the redo history.
    try document.setMetadata("Subject", "new")
    #expect(!document.undoState.canRedo)
  }

  @Test func limitsDropOldStepsOnly() throws {
    let document = try document()
    let id = try document.annotations(onPage: 0)[0]
    try document.setUndoLimits(steps: 3, bytes: 1 << 30)
    for value in 0..<6 { try document.setMetadata("Key\(value)", "v") }
    var undone = 0
    while try document.undo() { undone += 1 }
    #expect(undone == 3)
    #expect(try document.metadata("Key2") == "v" && (try document.metadata("Key3")) == nil)
    try document.setUndoEnabled(false)
    try document.updateAnnotation(id, [.opacity(0.3)])
    #expect(!document.undoState.canUndo && document.isModified)
    try document.setUndoEnabled(true)
    try document.updateAnnotation(id, [.opacity(0.4)])
    #expect(document.undoState.canUndo)
    try document.clearUndo()
    #expect(!document.undoState.canUndo)
  }

  @Test func savingAfterUndoWritesTheRestoredState() throws {
    let document = try document()
    let ids = try document.annotations(onPage: 0)
    try document.deleteAnnotation(ids[0])
    try document.undo()
    var incremental = SaveOptions()
    incremental.mode = .incremental
    for options in [SaveOptions(), incremental] {
      let saved = try Document.open(bytes: try document.withSavedBytes(options) { (bytes) throws(PDFError) in Array(bytes) })
      #expect(try saved.annotations(onPage: 0).count == ids.count)
    }
  }

  @Test func observerHearsChanges() throws {
    let document = try document()
    let counter = Counter()
    document.setUndoObserver { counter.add() }
    try document.setMetadata("Title", "x")
    try document.undo()
    try document.redo()
    #expect(counter.value == 3)
  }
}

/// The journal's memory per simple property step (printed for the closing note; the bound
/// checked is the 2 KB).
@Suite struct UndoMemoryTests {
  @Test func simplePropertyStepsStayUnderTwoKilobytes() throws {
    let document = try Document.makeNew()
    try document.insertBlankPage(at: 0, width: 612, height: 792)
    var ids: [Int64] = []
    for index in 0..<50 {
      let x = Double(index % 10) * 55 + 20
      let y = Double(index / 10) * 100 + 100
      ids.append(try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(x, y, x + 40, y + 40)))
    }
    try document.clearUndo()
    for (step, id) in ids.enumerated() {
      try document.updateAnnotation(id, [.opacity(Double(step % 9 + 1) / 10)])
    }
    let perStep = document.undoMemory / ids.count
    print("journal bytes per simple property step: \(perStep)")
    #expect(perStep < 2048)
  }
}
