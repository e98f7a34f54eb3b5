// SPDX-License-Identifier: GPL-3.0-or-later
/// Where text drawn in appearances goes: a standard 14 font, or fonts found on the system.
///
/// Text stays in a standard font (WinAnsiEncoding, nothing embedded, the smallest file) when
/// WinAnsiEncoding holds every character and the font asked for is one of the standard 14 (or
/// Acrobat's short names for them, or none) or a family that is not installed (it was drawn
/// in Helvetica before and still is). Anything else (another script, a character beyond
/// WinAnsi, an installed family asked for by name) is typeset with installed fonts and
/// embedded as a subset (see `Typesetter`).
enum AppearanceText {
  /// Whether `text` can be drawn in the standard font named `fontName`.
  static func fitsStandardFont(_ text: String, fontName: String) -> Bool {
    guard text.allSatisfy({ $0.isNewline || $0 == "\t" || WinAnsiEncoding.code(for: $0) != nil }) else {
      return false
    }
    return StandardFont.isStandard(fontName) || !FontCatalog.shared.hasFamily(FontRequest(pdfName: fontName))
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

  /// The text the library's appearance of `input` draws and the font asked for it: a
  /// FreeText's contents, a Line's caption, a Stamp's label; nil for subtypes that draw none.
  static func drawnText(_ input: AppearanceInput) -> (text: String, fontName: String)? {
    switch input.subtype {
    case "FreeText": return (input.contents, input.fontName)
    case "Line" where input.caption && !input.contents.isEmpty:
      return (String(input.contents.prefix(200)), "Helvetica")
    case "Stamp": return (StampAppearance.label(of: input), "Helvetica-Bold")
    default: return nil
    }
  }
}
