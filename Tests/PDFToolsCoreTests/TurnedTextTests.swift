// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// Reading content streams for text along turned and mirrored baselines, and putting such
/// text back into lines.
@Suite struct TurnedTextTests {
  /// Every operator of `content` with its operands.
  static func operations(_ content: String) -> [(String, [ContentTokenizer.Operand])] {
    var tokenizer = ContentTokenizer(Array(content.utf8))
    var result: [(String, [ContentTokenizer.Operand])] = []
    while let (op, operands) = tokenizer.next() { result.append((op, operands)) }
    return result
  }

  @Test func tokenizerReadsOperandsStringsArraysAndSkipsWhatItDoesNotNeed() {
    let content = """
      % a comment
      q 0.7071 0.7071 -0.7071 0.7071 10 20 cm
      BT /F1 12 Tf (a\\(b\\)\\101\\n) Tj <48 65 6C6C6F> Tj [(A) -250 (B)] TJ ET
      /Span <</ActualText <FEFF0041> /Nested << /K [1 2] >> >> BDC EMC
      BI /W 2 /H 1 /BPC 8 /CS /G ID \u{1}\u{2}EI garbage EI Q
      """
    let ops = Self.operations(content)
    #expect(ops.map(\.0) == ["q", "cm", "BT", "Tf", "Tj", "Tj", "TJ", "ET", "BDC", "EMC", "BI", "Q"])
    #expect(ops[1].1 == [.number(0.7071), .number(0.7071), .number(-0.7071), .number(0.7071), .number(10), .number(20)])
    #expect(ops[3].1 == [.name("F1"), .number(12)])
    #expect(ops[4].1 == [.string(Array("a(b)A\n".utf8))])
    #expect(ops[5].1 == [.string(Array("Hello".utf8))])
    #expect(ops[6].1 == [.array([.string([65]), .number(-250), .string([66])])])
    #expect(ops[8].1 == [.name("Span"), .other])
  }

  @Test func tokenizerSurvivesDeepNestingAndGarbage() {
    // Unterminated nesting far past the limit: read to the end without running out of stack.
    let deep = String(repeating: "[", count: 100_000) + " Tj " + String(repeating: "]", count: 10) + " ) > } Q"
    #expect(Self.operations(deep).isEmpty, "everything after the first [ belongs to the open array")
    let closed = String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + " ) > } Q"
    #expect(Self.operations(closed).map(\.0).last == "Q")
    #expect(Self.operations("").isEmpty)
    #expect(Self.operations("(unterminated").isEmpty)
  }

  @Test func theMatrixScanFindsMatricesAndFormsOnly() {
    let content = Array(
      "q 1 0 0 1 5 5 cm (0.7 0.7 -0.7 0.7 0 0 cm) Tj BT 0.8 0.6 -0.6 0.8 10 20 Tm ET /Fm1 Do [1 2 3 4 5 6] cm\n"
        .utf8) + Array("BI /W 1 ID \u{0}cm EI /Im2 Do -1 0 0 1 0 0 cm".utf8)
    var found: [String] = []
    let stopped = MatrixScan.scan(content) { item in
      switch item {
      case .matrix(let m): found.append("m \(m.a) \(m.b) \(m.c) \(m.d)")
      case .draw(let name): found.append("do \(name)")
      }
      return found.count == 9
    }
    #expect(!stopped)
    #expect(found == ["m 1.0 0.0 0.0 1.0", "m 0.8 0.6 -0.6 0.8", "do Fm1", "do Im2", "m -1.0 0.0 0.0 1.0"])
    var first: [String] = []
    #expect(MatrixScan.scan(content) { _ in
      first.append("x")
      return true
    })
    #expect(first.count == 1, "the scan stops when asked")
  }

  @Test func turnedMatricesAreThoseOffTheQuarterTurnsOrMirrored() {
    func matrix(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> AffineTransform {
      AffineTransform(a: a, b: b, c: c, d: d, e: 0, f: 0)
    }
    #expect(!TurnedTextScanner.isTurned(matrix(1, 0, 0, 1)))
    #expect(!TurnedTextScanner.isTurned(matrix(0, 1, -1, 0)), "a quarter turn: poppler reads it")
    #expect(!TurnedTextScanner.isTurned(matrix(-2, 0, 0, -2)), "a half turn")
    #expect(TurnedTextScanner.isTurned(matrix(0.7071, 0.7071, -0.7071, 0.7071)))
    #expect(TurnedTextScanner.isTurned(matrix(-1, 0, 0, 1)), "mirrored")
    #expect(TurnedTextScanner.isTurned(matrix(1, 0, 0, -1)), "mirrored upside down")
    #expect(!TurnedTextScanner.isTurned(matrix(0, 0, 0, 0)), "degenerate")
    let turn = matrix(0, 1, -1, 0)
    let shift = AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 5, f: 0)
    let both = TurnedTextScanner.concatenate(shift, turn)
    #expect(both.apply(Point(0, 0)) == turn.apply(shift.apply(Point(0, 0))))
  }

  @Test func mirroredCharactersReadInTheGlyphsOrder() {
    // poppler gives "tab" left to right; the content draws "bat" mirrored, right to left.
    var boxes: [TextPage.GlyphBox] = []
    for x in [0.0, 10, 20] { boxes.append(TextPage.GlyphBox(rect: Rect(x, 0, x + 10, 12), valid: true)) }
    let page = TextPage.build(text: "tab", boxes: boxes, sources: [0, 1, 2], readFromTopRight: false)
    let direction = Point(-1, 0)
    let glyphs = [25.0, 15, 5].map { x in
      TurnedGlyph(
        center: Point(x, 6), direction: direction, position: -x, across: -6, size: 12, breakBefore: false,
        isSpace: false)
    }
    let regrouped = page.regrouped(by: glyphs)
    #expect(regrouped.text == "bat")
    #expect(regrouped.sources == [2, 1, 0])
  }
}
