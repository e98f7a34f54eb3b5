// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// Text in any script: the typesetter (fonts, shaping, bidi, line breaks), the subsetter,
/// and putting right-to-left lines read from a page in logical order.
@Suite struct TypographyTests {
  /// The text of each line, read from its clusters in visual order.
  static func lineTexts(_ text: TypesetText) -> [String] {
    text.lines.map { line in
      var seen = Set<Int>()
      return line.glyphs.compactMap { glyph -> String? in
        guard seen.insert(glyph.cluster).inserted else { return nil }
        return text.clusters[glyph.cluster]?.text
      }.joined()
    }
  }

  @Test func chineseWithoutSpacesWrapsBetweenCharactersInsideTheWidth() {
    let source = "这是一段很长的中文文本没有空格必须按字换行"
    let text = Typesetter.typeset(source, fontName: "Helvetica", size: 12, maxWidth: 60)
    #expect(text.lines.count >= 4)
    for line in text.lines { #expect(line.width <= 60 + 1e-9, "a line of \(line.width) points") }
    #expect(Self.lineTexts(text).joined() == source, "nothing lost or repeated")
    #expect(text.missing.isEmpty)
  }

  @Test func latinBreaksAtSpacesAndDropsTrailingSpaces() {
    let text = Typesetter.typeset("alpha beta gamma delta", fontName: "Helvetica", size: 10, maxWidth: 60)
    let lines = Self.lineTexts(text)
    #expect(lines.count >= 2)
    for line in lines {
      #expect(!line.hasSuffix(" ") && !line.hasPrefix(" "), "'\(line)'")
      #expect(["alpha", "beta", "gamma", "delta"].contains { line.contains($0) })
    }
    #expect(lines.joined(separator: " ") == "alpha beta gamma delta")
  }

  @Test func rightToLeftParagraphsAreLaidOutRightToLeft() throws {
    // A Hebrew paragraph with a Latin word: visually "abc" sits left of the Hebrew, whose
    // first letter is rightmost.
    let text = Typesetter.typeset("אבג abc", fontName: "Helvetica", size: 12, maxWidth: nil)
    let glyphs = try #require(text.lines.first?.glyphs)
    func x(of character: String) -> Double? {
      glyphs.first { text.clusters[$0.cluster]?.text == character }?.x
    }
    let alef = try #require(x(of: "א"))
    let gimel = try #require(x(of: "ג"))
    let a = try #require(x(of: "a"))
    let c = try #require(x(of: "c"))
    #expect(alef > gimel, "right to left within the Hebrew run")
    #expect(a < c, "left to right within the Latin run")
    #expect(c < gimel, "the Latin word left of the Hebrew in a right-to-left paragraph")
    #expect(glyphs.map(\.x) == glyphs.map(\.x).sorted(), "glyphs in visual order")
  }

  @Test func arabicLettersJoin() throws {
    let alone = try #require(Typesetter.typeset("ب", fontName: "Helvetica", size: 12, maxWidth: nil).lines.first)
    let joined = try #require(Typesetter.typeset("ببب", fontName: "Helvetica", size: 12, maxWidth: nil).lines.first)
    let isolated = try #require(alone.glyphs.first?.glyph)
    #expect(joined.glyphs.count == 3)
    #expect(joined.glyphs.allSatisfy { $0.glyph != isolated }, "initial, medial and final forms")
  }

  @Test func eachScriptFindsAFontAndUnknownCharactersAreNamed() throws {
    let text = Typesetter.typeset("Aж你مह", fontName: "Helvetica", size: 12, maxWidth: nil)
    #expect(text.faces.count >= 3, "Latin/Cyrillic, CJK, Arabic and Devanagari need several fonts")
    #expect(text.missing.isEmpty)
    let noncharacter = try #require(Unicode.Scalar(UInt32(0xFDD1)))
    let missing = Typesetter.typeset("a\(Character(noncharacter))b", fontName: "Helvetica", size: 12, maxWidth: nil)
    #expect(missing.missing == [noncharacter])
    #expect(missing.missingDescription == "U+FDD1")
  }

  @Test func subsetsHoldOnlyTheGlyphsUsedWithWidthsAndText() throws {
    let text = Typesetter.typeset("你好 hello", fontName: "Helvetica", size: 12, maxWidth: nil)
    let fonts = FontSubsetter(text)
    #expect(fonts.fonts.count == text.faces.count)
    var programBytes = 0
    for (index, font) in fonts.fonts.enumerated() {
      let embedded = try #require(font)
      let used = Set(text.lines.flatMap(\.glyphs).filter { $0.face == index }.map(\.glyph))
      #expect(fonts.codes[index].count == used.count + (used.contains(0) ? 0 : 1), "the used glyphs and .notdef")
      #expect(Set(embedded.widths.keys) == Set(fonts.codes[index].values))
      switch embedded.program {
      case .trueType(let bytes): programBytes += bytes.count
      case .cidCFF(let bytes, let registry, _, _):
        programBytes += bytes.count
        #expect(registry == "Adobe")
      }
    }
    #expect(programBytes < 60_000, "subsets, not whole fonts (\(programBytes) bytes)")
    let mapped = fonts.fonts.compactMap { $0 }.flatMap { $0.toUnicode.values }
    for character in ["你", "好", "h", "e", "l", "o"] { #expect(mapped.contains(character)) }
    #expect(fonts.actualText.isEmpty, "one glyph per cluster, one text per glyph")
  }

  @Test func aStampNamedInAnotherScriptShowsItsName() throws {
    let (stream, operations) = try #require(
      AppearanceTests.build(AppearanceTests.input("Stamp", Rect(100, 100, 300, 160)) { $0.iconName = "審査済" }))
    #expect(!stream.embeddedFonts.isEmpty)
    #expect(AppearanceTests.shownText(stream, operations) == "審査済")
  }

  @Test func reversingByLevelsFollowsRuleL2() {
    // Visual "ABC 123 xyz" with levels 1 1 1 1 2 2 2 1 1 1 1 reads logically "zyx 123 CBA".
    let visual = Array("ABC 123 xyz")
    let levels: [Int8] = [1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1]
    #expect(String(Bidi.reordered(visual, levels: levels)) == "zyx 123 CBA")
    #expect(String(Bidi.reordered(visual, levels: [Int8](repeating: 0, count: 11))) == "ABC 123 xyz")
  }

  @Test func aRightToLeftLineIsReadInLogicalOrder() throws {
    // Glyphs as a page draws "שלום עולם." in visual order, left to right, given in poppler's
    // (here: scrambled) order; no spaces from poppler, only a gap between the words.
    let visual: [(Character, Double)] = [
      (".", 0), ("ם", 6), ("ל", 12), ("ו", 18), ("ע", 24), ("ם", 40), ("ו", 46), ("ל", 52), ("ש", 58),
    ]
    var items: [LogicalOrder.Item] = []
    for (character, x) in visual.reversed() {
      let scalar = try #require(character.unicodeScalars.first)
      let box = TextPage.GlyphBox(rect: Rect(x, 0, x + 6, 12), valid: true)
      items.append(LogicalOrder.Item(scalar: scalar, box: box, display: box, source: -1))
    }
    let line = try #require(LogicalOrder.logicalLine(items))
    #expect(String(String.UnicodeScalarView(line.map(\.scalar))) == "שלום עולם.")
    let mixed: [(Character, Double)] = [("a", 0), ("b", 6), ("c", 12), ("ב", 24), ("א", 30)]
    let mixedItems = try mixed.map { character, x in
      let box = TextPage.GlyphBox(rect: Rect(x, 0, x + 6, 12), valid: true)
      return LogicalOrder.Item(scalar: try #require(character.unicodeScalars.first), box: box, display: box, source: -1)
    }
    let mixedLine = try #require(LogicalOrder.logicalLine(mixedItems))
    #expect(String(String.UnicodeScalarView(mixedLine.map(\.scalar))) == "abc אב", "a left-to-right line with a Hebrew word")
  }
}
