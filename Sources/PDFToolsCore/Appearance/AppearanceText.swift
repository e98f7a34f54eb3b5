// SPDX-License-Identifier: GPL-3.0-or-later
/// Where text drawn in appearances goes: a standard 14 font, or fonts found on the system.
///
/// Text stays in a standard font (WinAnsiEncoding, nothing embedded, the smallest file) when
/// the font asked for is one of the standard 14 (or Acrobat's short names for them, or none)
/// and WinAnsiEncoding holds every character. Anything else (another script, a character
/// beyond WinAnsi, a font that is not standard) is typeset with installed fonts and embedded
/// as a subset (see `Typesetter`).
enum AppearanceText {
  /// Whether `text` can be drawn in the standard font named `fontName`.
  static func fitsStandardFont(_ text: String, fontName: String) -> Bool {
    guard StandardFont.isStandard(fontName) else { return false }
    return text.allSatisfy { $0.isNewline || $0 == "\t" || WinAnsiEncoding.code(for: $0) != nil }
  }

  /// `text` typeset for an appearance of `subtype`; characters no installed font covers are
  /// named in a warning.
  static func typeset(
    _ text: String, fontName: String, size: Double, maxWidth: Double?, subtype: String
  ) -> TypesetText {
    let typeset = Typesetter.typeset(text, fontName: fontName, size: size, maxWidth: maxWidth)
    if !typeset.missing.isEmpty {
      Log.emit(
        .warning, "pdftools",
        "\(subtype) appearance: no installed font covers \(typeset.missingDescription); "
          + "those characters are drawn as missing-glyph boxes")
    }
    return typeset
  }

  /// The characters of `text` that no installed font covers (none when a standard font
  /// shows it all).
  static func missingCharacters(_ text: String, fontName: String) -> [Unicode.Scalar] {
    guard !fitsStandardFont(text, fontName: fontName) else { return [] }
    return Typesetter.typeset(text, fontName: fontName, size: 12, maxWidth: nil).missing
  }
}
