// SPDX-License-Identifier: GPL-3.0-or-later
import CTypography

/// What the caller asked for: a family and a style, read from a PDF font name.
struct FontRequest: Hashable, Sendable {
  /// A fontconfig family name ("Helvetica", "Times", "Courier", or the PDF name itself).
  let family: String
  /// Bold.
  let bold: Bool
  /// Italic or oblique.
  let italic: Bool

  /// The request for a PDF font name: the standard 14 names and Acrobat's short form names
  /// (Helv, HeBo, TiRo, Cour) map to fontconfig's aliases of those families; any other name
  /// is asked for as it is, with "-Bold"/"Italic" read as the style.
  init(pdfName: String) {
    var name = pdfName
    // A subset tag ("ABCDEF+") names no family.
    if let plus = name.firstIndex(of: "+"), name.distance(from: name.startIndex, to: plus) == 6 {
      name = String(name[name.index(after: plus)...])
    }
    let lower = name.lowercased()
    bold = lower.contains("bold") || lower == "hebo"
    italic = lower.contains("italic") || lower.contains("oblique")
    if lower.hasPrefix("helv") || lower == "hebo" || lower.hasPrefix("arial") || lower.isEmpty {
      family = "Helvetica"
    } else if lower.hasPrefix("times") || lower == "tiro" {
      family = "Times"
    } else if lower.hasPrefix("cour") {
      family = "Courier"
    } else {
      family = String(name.split(separator: "-").first ?? "sans-serif")
    }
  }

  /// A request for a family and style.
  init(family: String, bold: Bool = false, italic: Bool = false) {
    self.family = family
    self.bold = bold
    self.italic = italic
  }
}

/// The installed fonts, found with fontconfig: for each request, the fonts in fontconfig's
/// order of preference, and for each character the first of them that covers it.
final class FontCatalog: @unchecked Sendable {
  /// The one catalog of the process.
  static let shared = FontCatalog()

  /// One font fontconfig offers for a request.
  private struct Candidate {
    /// The font file.
    let path: String
    /// Its index in a collection.
    let index: Int32
    /// Its characters (owned by the cached font set).
    let charset: OpaquePointer
  }

  /// The preference list of one request, and what was found for each character.
  private final class Choices {
    /// fontconfig's font set the candidates point into (destroyed with the list).
    private let set: UnsafeMutablePointer<FcFontSet>?
    /// Fonts in order of preference.
    let candidates: [Candidate]
    /// The index into `candidates` chosen for each character looked up (-1: none covers it).
    var byScalar: [UInt32: Int] = [:]
    /// Creates the list.
    init(set: UnsafeMutablePointer<FcFontSet>?, candidates: [Candidate]) {
      self.set = set
      self.candidates = candidates
    }

    deinit {
      if let set { FcFontSetDestroy(set) }
    }
  }

  /// Guards everything below; fontconfig and the caches are used under it.
  private let lock = Lock()
  /// fontconfig's configuration; nil when fontconfig could not start.
  private let config: OpaquePointer?
  /// Preference lists by request (fontconfig's font sets stay alive with them).
  private var choices: [FontRequest: Choices] = [:]
  /// Whether each family asked about is installed.
  private var families: [String: Bool] = [:]
  /// Loaded faces by "path#index"; nil for fonts that cannot be used.
  private var faces: [String: FontFace?] = [:]

  /// Starts fontconfig (reading its cache of the installed fonts).
  private init() {
    config = FcInitLoadConfigAndFonts()
  }

  /// The preferred font for `request` that covers `scalar`, or nil when no installed font
  /// that can be embedded covers it.
  func face(for scalar: UInt32, request: FontRequest) -> FontFace? {
    lock.withLock {
      let list = choicesLocked(for: request)
      if let known = list.byScalar[scalar] {
        return known >= 0 ? faceLocked(list.candidates[known]) : nil
      }
      for (position, candidate) in list.candidates.enumerated()
      where FcCharSetHasChar(candidate.charset, scalar) != 0 {
        if let face = faceLocked(candidate) {
          if list.byScalar.count < 65_536 { list.byScalar[scalar] = position }
          return face
        }
      }
      if list.byScalar.count < 65_536 { list.byScalar[scalar] = -1 }
      return nil
    }
  }

  /// The first usable font of `request`, whatever it covers (for text no font covers).
  func primaryFace(for request: FontRequest) -> FontFace? {
    lock.withLock {
      for candidate in choicesLocked(for: request).candidates {
        if let face = faceLocked(candidate) { return face }
      }
      return nil
    }
  }

  /// Whether an installed font's family is the one `request` names (ignoring case, spaces
  /// and hyphens), rather than a substitute fontconfig would give.
  func hasFamily(_ request: FontRequest) -> Bool {
    lock.withLock {
      if let known = families[request.family] { return known }
      let found = matchesFamilyLocked(request.family)
      if families.count < 256 { families[request.family] = found }
      return found
    }
  }

  /// Asks fontconfig for its best match of `family` and compares the match's family names.
  private func matchesFamilyLocked(_ family: String) -> Bool {
    guard let config, let pattern = FcPatternCreate() else { return false }
    defer { FcPatternDestroy(pattern) }
    FcPatternAddString(pattern, FC_FAMILY, family)
    FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let match = FcFontMatch(config, pattern, &result) else { return false }
    defer { FcPatternDestroy(match) }
    func normalized(_ name: String) -> String {
      String(name.lowercased().filter { $0 != " " && $0 != "-" })
    }
    let wanted = normalized(family)
    var position: Int32 = 0
    var value: UnsafeMutablePointer<FcChar8>? = nil
    while FcPatternGetString(match, FC_FAMILY, position, &value) == FcResultMatch, let value {
      let name = String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
      if normalized(name) == wanted { return true }
      position += 1
    }
    return false
  }

  /// The preference list of `request`, asked of fontconfig once.
  private func choicesLocked(for request: FontRequest) -> Choices {
    if let known = choices[request] { return known }
    let sorted = sortedCandidates(for: request)
    let list = Choices(set: sorted.set, candidates: sorted.candidates)
    if choices.count < 64 { choices[request] = list }
    return list
  }

  /// fontconfig's sorted, trimmed list of fonts for `request` (fonts that add no coverage
  /// are left out); only scalable TrueType and CFF fonts, without variations.
  private func sortedCandidates(
    for request: FontRequest
  ) -> (set: UnsafeMutablePointer<FcFontSet>?, candidates: [Candidate]) {
    guard let config, let pattern = FcPatternCreate() else { return (nil, []) }
    defer { FcPatternDestroy(pattern) }
    FcPatternAddString(pattern, FC_FAMILY, request.family)
    FcPatternAddInteger(pattern, FC_WEIGHT, request.bold ? 200 : 80)
    FcPatternAddInteger(pattern, FC_SLANT, request.italic ? 100 : 0)
    FcPatternAddBool(pattern, FC_SCALABLE, 1)
    FcConfigSubstitute(config, pattern, FcMatchPattern)
    FcDefaultSubstitute(pattern)
    var result = FcResultNoMatch
    guard let set = FcFontSort(config, pattern, 1, nil, &result) else { return (nil, []) }
    // The set stays alive with the candidates, which point into it.
    var candidates: [Candidate] = []
    let count = Int(set.pointee.nfont)
    for position in 0..<max(0, count) {
      guard let font = set.pointee.fonts[position] else { continue }
      var file: UnsafeMutablePointer<FcChar8>? = nil
      var format: UnsafeMutablePointer<FcChar8>? = nil
      var charset: OpaquePointer? = nil
      var index: Int32 = 0
      var variable: FcBool = 0
      guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file,
        FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
        FcPatternGetString(font, FC_FONTFORMAT, 0, &format) == FcResultMatch, let format
      else { continue }
      _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
      _ = FcPatternGetBool(font, FC_VARIABLE, 0, &variable)
      let formatName = String(cString: UnsafeRawPointer(format).assumingMemoryBound(to: CChar.self))
      // Named instances of variable fonts carry their instance in the high bits of the index.
      guard formatName == "TrueType" || formatName == "CFF", variable == 0, index >= 0, index < 0x10000
      else { continue }
      let path = String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
      candidates.append(Candidate(path: path, index: index, charset: charset))
    }
    return (set, candidates)
  }

  /// The loaded face of a candidate (loaded once; nil when it cannot be used).
  private func faceLocked(_ candidate: Candidate) -> FontFace? {
    let key = "\(candidate.path)#\(candidate.index)"
    if let known = faces[key] { return known }
    let face = FontFace(path: candidate.path, index: candidate.index)
    faces[key] = face
    return face
  }
}
