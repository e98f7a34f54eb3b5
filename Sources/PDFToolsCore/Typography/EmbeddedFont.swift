// SPDX-License-Identifier: GPL-3.0-or-later
/// A subset of an installed font, described as a PDF Type0 font with Identity-H encoding
/// (two-byte codes): what the appearance writer needs to write the font's objects.
struct EmbeddedFont: Sendable, Equatable {
  /// How the glyphs are stored.
  enum Program: Sendable, Equatable {
    /// A TrueType font file (/FontFile2 of a CIDFontType2; codes are glyph ids).
    case trueType([UInt8])
    /// A CID-keyed bare CFF table (/FontFile3 /CIDFontType0C of a CIDFontType0; codes are
    /// CIDs) with its registry, ordering and supplement.
    case cidCFF([UInt8], registry: String, ordering: String, supplement: Int)
  }

  /// The /BaseFont: a subset tag, '+' and the PostScript name.
  let baseFont: String
  /// The font program.
  let program: Program
  /// The advance width of each code, in 1/1000 of the size (/W).
  let widths: [UInt32: Int]
  /// The text of each code (/ToUnicode).
  let toUnicode: [UInt32: String]
  /// Ascender, descender and capital height in 1/1000 of the size (the /FontDescriptor).
  let ascent: Double
  /// See `ascent`.
  let descent: Double
  /// See `ascent`.
  let capHeight: Double
  /// The /FontBBox.
  let boundingBox: [Double]

  /// The /W array's items: runs of consecutive codes as `code [w1 w2 ...]`.
  var widthRuns: [(first: UInt32, widths: [Int])] {
    var runs: [(first: UInt32, widths: [Int])] = []
    for code in widths.keys.sorted() {
      let width = widths[code] ?? 0
      if let last = runs.last, last.first + UInt32(last.widths.count) == code {
        runs[runs.count - 1].widths.append(width)
      } else {
        runs.append((code, [width]))
      }
    }
    return runs
  }

  /// The /ToUnicode CMap: each code (two bytes) to its text in UTF-16BE.
  var toUnicodeCMap: String {
    var cmap = """
      /CIDInit /ProcSet findresource begin
      12 dict begin
      begincmap
      /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
      /CMapName /Adobe-Identity-UCS def
      /CMapType 2 def
      1 begincodespacerange
      <0000> <FFFF>
      endcodespacerange

      """
    let entries = toUnicode.sorted(by: { $0.key < $1.key }).filter { !$0.value.isEmpty }
    var start = 0
    while start < entries.count {
      let chunk = entries[start..<min(start + 100, entries.count)]
      cmap += "\(chunk.count) beginbfchar\n"
      for (code, text) in chunk {
        cmap += "<\(EmbeddedFont.hex(code, digits: 4))> <"
        for unit in text.utf16 { cmap += EmbeddedFont.hex(UInt32(unit), digits: 4) }
        cmap += ">\n"
      }
      cmap += "endbfchar\n"
      start += 100
    }
    cmap += "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
    return cmap
  }

  /// `value` in upper-case hexadecimal, padded to `digits`.
  static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
