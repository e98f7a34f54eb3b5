// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// Text-bearing appearances: FreeText layout, stamps, note and attachment icons, carets, and
/// the encoding and metrics they rely on.
extension AppearanceTests {
  /// A sentence long enough to wrap several times.
  static let sentence =
    "The quick brown fox jumps over the lazy dog while the cat watches from the warm windowsill"

  /// The width of `codes` in `font` at `size`, by the metrics tables.
  static func width(_ codes: [UInt8], _ font: String, _ size: Double) -> Double {
    StandardFont.named(font).width(of: codes, size: size)
  }

  // MARK: FreeText

  @Test func freeTextWrapsALongSentenceInsideTheRect() throws {
    let rect = Rect(100, 100, 200, 300)
    let (stream, operations) = try #require(
      Self.build(
        Self.input("FreeText", rect) {
          $0.contents = Self.sentence
          $0.fontSize = 12
          $0.borderWidth = 1
          $0.interiorColor = RGBColor(1, 1, 0.8)
        }))
    #expect(stream.fonts["F0"] == "Helvetica")
    #expect(stream.content.contains("re\nW n"), "the text is clipped")
    #expect(stream.bbox == rect)
    let lines = ContentReader.textLines(operations)
    #expect(lines.count >= 5, "several lines, got \(lines.count)")
    let padding = 2 + 1.0
    for line in lines {
      let width = Self.width(line.codes, "Helvetica", 12)
      #expect(line.origin.x >= rect.x0 + padding - 0.01)
      #expect(line.origin.x + width <= rect.x1 - padding + 0.01, "line fits: \(width)")
    }
    let baselines = lines.map(\.origin.y)
    #expect(
      abs((baselines.first ?? 0) - (300 - 3 - 12 * 0.718)) < 0.01, "first baseline below the top")
    for (upper, lower) in zip(baselines, baselines.dropFirst()) {
      #expect(abs(upper - lower - 14.4) < 0.01, "line height 1.2 x size")
    }
    let words = lines.map { String(decoding: $0.codes, as: UTF8.self) }.joined(separator: " ")
    #expect(words == Self.sentence, "every word, in order")
    #expect(Self.ops(operations).contains("f"), "background fill")
  }

  @Test func freeTextAlignment() throws {
    let rect = Rect(0, 0, 150, 100)
    for alignment in [0, 1, 2] {
      let (_, operations) = try #require(
        Self.build(
          Self.input("FreeText", rect) {
            $0.contents = "Short\nA somewhat longer line"
            $0.alignment = alignment
            $0.fontName = "Times-Roman"
            $0.borderWidth = 0
          }))
      for line in ContentReader.textLines(operations) {
        let width = Self.width(line.codes, "Times-Roman", 12)
        let left = line.origin.x - 2
        let right = 148 - (line.origin.x + width)
        switch alignment {
        case 0: #expect(abs(left) < 0.01)
        case 1: #expect(abs(left - right) < 0.02)
        default: #expect(abs(right) < 0.01)
        }
      }
    }
  }

  @Test func freeTextDropsLinesBelowTheBoxAndBreaksLongWords() throws {
    let rect = Rect(0, 0, 60, 40)
    let (_, operations) = try #require(
      Self.build(
        Self.input("FreeText", rect) {
          $0.contents = String(repeating: "W", count: 40) + " " + Self.sentence + Self.sentence
          $0.fontName = "Courier"
        }))
    let lines = ContentReader.textLines(operations)
    #expect(!lines.isEmpty && lines.count <= 3, "only lines that reach into the box")
    let ascent = 12 * 0.627
    for line in lines {
      #expect(line.origin.y + ascent > 3)
      #expect(Self.width(line.codes, "Courier", 12) <= 54 + 0.01)
    }
    #expect(lines.first?.codes.allSatisfy { $0 == UInt8(ascii: "W") } == true)
  }

  @Test func freeTextOutsideWinAnsiIsTypesetInEmbeddedSubsets() throws {
    let contents = "Ωmega 你好 café e\u{301} – (x) \\ Привет"
    let (stream, operations) = try #require(
      Self.build(Self.input("FreeText", Rect(0, 0, 400, 100)) { $0.contents = contents }))
    #expect(stream.fonts.isEmpty, "no standard font once the text needs others")
    #expect(stream.embeddedFonts.count >= 2, "a Latin/Greek/Cyrillic font and a CJK font")
    #expect(Self.shownText(stream, operations) == contents, "the /ToUnicode maps give the text back")
    for font in stream.embeddedFonts.values {
      #expect(font.baseFont.count > 7 && font.baseFont.dropFirst(6).first == "+", "\(font.baseFont)")
      #expect(!font.widths.isEmpty && font.widths.values.allSatisfy { $0 >= 0 })
      #expect(Set(font.widths.keys).isSuperset(of: font.toUnicode.keys))
    }
  }

  @Test func freeTextNamesCharactersNoFontCovers() throws {
    // Noncharacters are in no font.
    let first = try #require(Unicode.Scalar(UInt32(0xFDD0)))
    let second = try #require(Unicode.Scalar(UInt32(0x10FFFE)))
    let contents = "Ab\(Character(first))ж\(Character(second))"
    let (stream, operations) = try #require(
      Self.build(Self.input("FreeText", Rect(0, 0, 400, 100)) { $0.contents = contents }))
    #expect(!stream.embeddedFonts.isEmpty)
    #expect(Self.shownText(stream, operations).hasPrefix("Ab"))
    #expect(AppearanceText.missingCharacters(contents, fontName: "Helvetica") == [first, second])
    #expect(AppearanceText.missingCharacters("Abc café", fontName: "Helvetica").isEmpty)
    #expect(AppearanceText.missingCharacters("Привет", fontName: "Helvetica").isEmpty)
  }

  /// The text a content stream shows, read through the embedded fonts' /ToUnicode maps and
  /// /ActualText spans, lines joined by newlines.
  static func shownText(_ stream: AppearanceStream, _ operations: [ContentOperation]) -> String {
    var text = ""
    var font: EmbeddedFont? = nil
    var actual: String? = nil
    var lines = 0
    for operation in operations {
      switch operation.op {
      case "Tf":
        if case .name(let name) = operation.operands.first { font = stream.embeddedFonts[name] }
      case "BT":
        if lines > 0 { text += "\n" }
        lines += 1
      case "BDC":
        if case .dictionary(let properties) = operation.operands.last,
          let start = properties.range(of: "<FEFF")?.upperBound,
          let end = properties[start...].firstIndex(of: ">")
        {
          let digits = Array(properties[start..<end])
          var units: [UInt16] = []
          var index = 0
          while index + 4 <= digits.count {
            units.append(UInt16(String(digits[index..<(index + 4)]), radix: 16) ?? 0)
            index += 4
          }
          actual = String(decoding: units, as: UTF16.self)
          text += actual ?? ""
        }
      case "EMC": actual = nil
      case "TJ", "Tj":
        guard actual == nil, let font else { continue }
        var strings: [[UInt8]] = []
        for operand in operation.operands {
          if case .string(let bytes) = operand { strings.append(bytes) }
          if case .array(let items) = operand {
            for case .string(let bytes) in items { strings.append(bytes) }
          }
        }
        for bytes in strings {
          var index = 0
          while index + 1 < bytes.count {
            text += font.toUnicode[UInt32(bytes[index]) << 8 | UInt32(bytes[index + 1])] ?? "\u{FFFD}"
            index += 2
          }
        }
      default: break
      }
    }
    return text
  }

  @Test func freeTextCalloutWithArrow() throws {
    let rect = Rect(100, 100, 200, 150)
    let (stream, operations) = try #require(
      Self.build(
        Self.input("FreeText", rect) {
          $0.contents = "Look"
          $0.callout = [Point(20, 30), Point(60, 80), Point(100, 120)]
          $0.lineEndings = (.openArrow, .none)
        }))
    #expect(StreamCheck.contains(stream.bbox, rect.merged(with: Rect(20, 30, 100, 120))))
    #expect(stream.bbox.x0 > 20 - 10 && stream.bbox.y0 > 30 - 10, "not absurdly larger")
    let paths = ContentReader.subpaths(operations)
    #expect(paths.contains { $0 == [Point(20, 30), Point(60, 80), Point(100, 120)] })
    #expect(
      paths.contains { $0.count == 3 && StreamCheck.near($0[1], Point(20, 30)) },
      "an arrowhead with its tip at the first point")
  }

  @Test func freeTextFontsAndEmptyContents() throws {
    let (empty, operations) = try #require(Self.build(Self.input("FreeText") { $0.contents = "" }))
    #expect(!Self.ops(operations).contains("BT") && empty.fonts.isEmpty)
    for (name, resource) in [
      ("Helvetica-Bold", "Helvetica-Bold"), ("Courier", "Courier"),
      ("Times-Italic", "Times-Italic"),
      ("Helv", "Helvetica"), ("Symbol", "Helvetica"), ("NoSuchFont", "Helvetica"),
    ] {
      let (stream, _) = try #require(
        Self.build(
          Self.input("FreeText") {
            $0.contents = "Abc"
            $0.fontName = name
          }))
      #expect(stream.fonts == ["F0": resource], "\(name)")
    }
    let (sized, _) = try #require(
      Self.build(
        Self.input("FreeText") {
          $0.contents = "Abc"
          $0.fontSize = -3
        }))
    #expect(sized.content.contains("/F0 12 Tf"), "an unusable size becomes 12")
  }

  // MARK: Stamp

  @Test func standardStampsFitTheirLabel() throws {
    let rect = Rect(100, 100, 250, 150)
    for (name, entry) in StampAppearance.standard {
      let (stream, operations) = try #require(
        Self.build(
          Self.input("Stamp", rect) {
            $0.iconName = name
            $0.color = nil
          }))
      #expect(stream.bbox == rect)
      #expect(stream.fonts == ["F0": "Helvetica-Bold"])
      let line = try #require(ContentReader.textLines(operations).first)
      #expect(String(decoding: line.codes, as: UTF8.self) == entry.label)
      let size = try #require(operations.first { $0.op == "Tf" }?.numbers.first)
      let width = Self.width(line.codes, "Helvetica-Bold", size)
      #expect(line.origin.x > rect.x0 && line.origin.x + width < rect.x1, "\(name) fits across")
      #expect(abs(line.origin.x + width / 2 - 175) < 0.01, "\(name) centred")
      #expect(line.origin.y > rect.y0 && line.origin.y + size * 0.718 < rect.y1)
      #expect(size > 4, "\(name) legible: \(size)")
      #expect(
        operations.contains {
          $0.op == "RG" && $0.numbers == [entry.color.r, entry.color.g, entry.color.b]
        })
      #expect(operations.filter { $0.op == "c" }.count == 4, "a rounded frame")
    }
  }

  @Test func stampColourAndNames() throws {
    let (coloured, colouredOps) = try #require(
      Self.build(
        Self.input("Stamp") {
          $0.iconName = "Approved"
          $0.color = RGBColor(0, 0, 1)
        }))
    #expect(colouredOps.contains { $0.op == "rg" && $0.numbers == [0, 0, 1] })
    #expect(coloured.content.contains("(APPROVED) Tj"))
    let (custom, _) = try #require(Self.build(Self.input("Stamp") { $0.iconName = "SignHere" }))
    #expect(custom.content.contains("(SIGN HERE) Tj"))
    let (unnamed, _) = try #require(Self.build(Self.input("Stamp") { $0.iconName = "" }))
    #expect(unnamed.content.contains("(DRAFT) Tj"))
  }

  // MARK: Icons and caret

  @Test func noteIconsDifferAndSitAtTheTopLeft() throws {
    let rect = Rect(300, 500, 330, 530)
    var contents: Set<String> = []
    for name in ["Note", "Comment", "Key", "Help", "NewParagraph", "Paragraph", "Insert"] {
      let (stream, operations) = try #require(
        Self.build(
          Self.input("Text", rect) {
            $0.iconName = name
            $0.color = nil
          }))
      #expect(stream.bbox == rect, "\(name): the rect holds the icon")
      let points = ContentReader.pathPoints(operations)
      #expect(points.allSatisfy { $0.x >= 300 && $0.x <= 320 && $0.y >= 510 && $0.y <= 530 })
      #expect(operations.contains { $0.op == "rg" && $0.numbers == [1, 0.82, 0] }, "note yellow")
      contents.insert(stream.content)
    }
    #expect(contents.count == 7, "every icon looks different")
    let (small, _) = try #require(Self.build(Self.input("Text", Rect(0, 0, 5, 5))))
    #expect(small.bbox == Rect(0, 0, 5, 5), "the icon shrinks into a small rect (viewers would squeeze a larger box)")
    let (unknown, _) = try #require(Self.build(Self.input("Text", rect) { $0.iconName = "Star" }))
    let (note, _) = try #require(Self.build(Self.input("Text", rect) { $0.iconName = "Note" }))
    #expect(unknown.content == note.content)
  }

  @Test func attachmentIconsDiffer() throws {
    var contents: Set<String> = []
    for name in ["PushPin", "Paperclip", "Graph", "Tag"] {
      let (stream, _) = try #require(
        Self.build(
          Self.input("FileAttachment", Rect(0, 0, 20, 20)) {
            $0.iconName = name
          }))
      #expect(stream.bbox == Rect(0, 0, 20, 20), "\(name)")
      contents.insert(stream.content)
    }
    #expect(contents.count == 4)
  }

  @Test func caretFillsTheRect() throws {
    let rect = Rect(10, 20, 30, 40)
    let (stream, operations) = try #require(Self.build(Self.input("Caret", rect)))
    #expect(stream.bbox == rect)
    #expect(operations.filter { $0.op == "c" }.count == 2 && Self.ops(operations).contains("f"))
    let points = ContentReader.subpaths(operations).first ?? []
    #expect(points == [Point(10, 20), Point(20, 40), Point(30, 20)])
  }

  // MARK: Encoding and metrics

  @Test func winAnsiEncodingAndLiterals() {
    #expect(WinAnsiEncoding.encode("A€é™\u{3A9}\u{1}") == [0x41, 0x80, 0xE9, 0x99, 0x3F, 0x3F])
    #expect(WinAnsiEncoding.encode("e\u{301}") == [0xE9], "decomposed accents compose")
    #expect(
      WinAnsiEncoding.literal([0x28, 0x29, 0x5C, 0x0A, 0xE9, 0x41]) == "(\\(\\)\\\\\\012\\351A)")
  }

  @Test func standardFontMetrics() {
    let helvetica = StandardFont.named("Helvetica")
    #expect(helvetica.width(of: UInt8(ascii: "a")) == 556 && helvetica.width(of: 0x20) == 278)
    #expect(helvetica.width(of: UInt8(ascii: "W")) == 944 && helvetica.width(of: 0xE9) == 556)
    #expect(StandardFont.named("Helvetica-Bold").width(of: UInt8(ascii: "W")) == 944)
    #expect(StandardFont.named("Helvetica-Bold").width(of: UInt8(ascii: "i")) == 278)
    #expect(StandardFont.named("Times-Roman").width(of: UInt8(ascii: "a")) == 444)
    #expect(StandardFont.named("Courier").width(of: UInt8(ascii: "i")) == 600)
    #expect(StandardFont.named("Whatever").name == "Helvetica")
    #expect(
      StandardFontMetrics.helvetica.count == 224 && StandardFontMetrics.timesBold.count == 224)
    #expect(helvetica.width(of: 0x81) == 0 && helvetica.width(of: 0x0A) == 0)
  }

  @Test func textLayoutKeepsBlankLinesAndCollapsesSpaces() {
    let font = StandardFont.named("Helvetica")
    let lines = TextLayout.wrap("a  b\n\n\tc", font: font, size: 10, maxWidth: 1000)
    #expect(lines.map { String(decoding: $0.codes, as: UTF8.self) } == ["a b", "", "c"])
    let narrow = TextLayout.wrap("abc", font: font, size: 10, maxWidth: 1)
    #expect(narrow.count == 3, "one character per line when nothing fits")
  }
}
