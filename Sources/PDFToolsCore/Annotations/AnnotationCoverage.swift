// SPDX-License-Identifier: GPL-3.0-or-later
extension Document {
  /// The characters of the text annotation `id`'s appearance draws (a FreeText's contents, a
  /// Line's caption, a Stamp's label) that no installed font covers, each once in order of
  /// appearance; empty when every character can be drawn or the subtype draws no text. The
  /// library draws such characters as missing-glyph boxes and logs a warning when it does.
  public func missingCharacters(_ id: Int64) throws(PDFError) -> String {
    let input = try locked { () throws(PDFError) -> AppearanceInput in
      readProperties(try annotationObject(id).object)
    }
    guard let drawn = AppearanceText.drawnText(input) else { return "" }
    var result = ""
    result.unicodeScalars.append(
      contentsOf: AppearanceText.missingCharacters(drawn.text, fontName: drawn.fontName))
    return result
  }
}
