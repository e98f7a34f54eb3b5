// SPDX-License-Identifier: GPL-3.0-or-later
/// Text laid out in installed fonts: lines of positioned glyphs, ready to embed and write.
struct TypesetText: Sendable {
  /// One glyph on a line.
  struct Glyph: Sendable, Equatable {
    /// Index into `faces`.
    var face: Int
    /// The glyph id in the installed font.
    var glyph: UInt32
    /// Distance from the line's left end to the glyph's origin, in points.
    var x: Double
    /// Distance of the glyph's origin above the baseline, in points.
    var y: Double
    /// The cluster (characters shaped together) the glyph draws; a key of `clusters`.
    var cluster: Int
  }

  /// One line, glyphs in visual order (left to right).
  struct Line: Sendable, Equatable {
    /// The glyphs.
    var glyphs: [Glyph] = []
    /// The advance of the whole line, in points.
    var width = 0.0
  }

  /// A run of characters shaped together and the number of glyphs drawing them.
  struct Cluster: Sendable, Equatable {
    /// The characters, in logical order.
    var text: String
    /// How many glyphs draw them.
    var glyphCount: Int
  }

  /// The font size, in points.
  let size: Double
  /// The lines, top to bottom.
  var lines: [Line] = []
  /// The fonts the glyphs use.
  var faces: [FontFace] = []
  /// Clusters by id.
  var clusters: [Int: Cluster] = [:]
  /// Characters no installed font covers, in order of first appearance (drawn as the
  /// first font's missing-glyph box).
  var missing: [Unicode.Scalar] = []

  /// Creates empty text at `size`.
  init(size: Double) { self.size = size }

  /// The highest ascender of the fonts used, in points (0.8 em without fonts).
  var ascent: Double {
    (faces.map(\.ascent).max() ?? 800) * size / 1000
  }

  /// The lowest descender (negative) of the fonts used, in points.
  var descent: Double {
    (faces.map(\.descent).min() ?? -200) * size / 1000
  }

  /// The highest capital height of the fonts used, in points.
  var capHeight: Double {
    (faces.map(\.capHeight).max() ?? 700) * size / 1000
  }

  /// The missing characters as ranges of code points ("U+0378, U+E000-U+E002").
  var missingDescription: String {
    let values = Set(missing.map(\.value)).sorted()
    var ranges: [ClosedRange<UInt32>] = []
    for value in values {
      if let last = ranges.last, last.upperBound + 1 == value {
        ranges[ranges.count - 1] = last.lowerBound...value
      } else {
        ranges.append(value...value)
      }
    }
    func hex(_ value: UInt32) -> String {
      let digits = String(value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
    return ranges.map { $0.count == 1 ? hex($0.lowerBound) : hex($0.lowerBound) + "-" + hex($0.upperBound) }
      .joined(separator: ", ")
  }
}
