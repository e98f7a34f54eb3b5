// SPDX-License-Identifier: GPL-3.0-or-later
/// Word wrapping of plain text into lines that fit a width, measured with a standard font.
///
/// Paragraphs end at newlines (`\n`, `\r`, `\r\n` and the other Unicode line breaks), each
/// starting a new line; an empty paragraph is an empty line. Tabs count as spaces, and runs of
/// spaces collapse into one between words (leading and trailing spaces are dropped). A line
/// breaks at the last space that fits; a word wider than the whole width is broken between
/// characters (at least one character per line, so a too-narrow width still makes progress).
/// The text is encoded to WinAnsiEncoding first, so characters it lacks are measured (and
/// shown) as "?".
enum TextLayout {
  /// One laid-out line.
  struct Line: Equatable {
    /// The line's text in WinAnsiEncoding.
    var codes: [UInt8]
    /// Its width in points.
    var width: Double
  }

  /// The lines of `text` in `font` at `size`, each at most `maxWidth` points wide (except
  /// single characters wider than it).
  static func wrap(_ text: String, font: StandardFont, size: Double, maxWidth: Double) -> [Line] {
    var lines: [Line] = []
    let space: UInt8 = 0x20
    let spaceWidth = font.width(of: [space], size: size)
    for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      let codes = WinAnsiEncoding.encode(paragraph.map { $0 == "\t" ? " " : $0 })
      var current: [UInt8] = []
      var currentWidth = 0.0
      var emitted = false
      for word in codes.split(separator: space) {
        let wordWidth = font.width(of: word, size: size)
        if !current.isEmpty, currentWidth + spaceWidth + wordWidth <= maxWidth {
          current.append(space)
          current.append(contentsOf: word)
          currentWidth += spaceWidth + wordWidth
          continue
        }
        if !current.isEmpty {
          lines.append(Line(codes: current, width: currentWidth))
          emitted = true
        }
        current = []
        currentWidth = 0
        // Start the word on a fresh line, breaking it while it is too wide.
        for code in word {
          let codeWidth = font.width(of: [code], size: size)
          if !current.isEmpty, currentWidth + codeWidth > maxWidth {
            lines.append(Line(codes: current, width: currentWidth))
            emitted = true
            current = []
            currentWidth = 0
          }
          current.append(code)
          currentWidth += codeWidth
        }
      }
      if !current.isEmpty || !emitted { lines.append(Line(codes: current, width: currentWidth)) }
    }
    return lines
  }
}
