// SPDX-License-Identifier: GPL-3.0-or-later
import CTypography

/// One installed font (a file, or one face of a collection) loaded for shaping and embedding.
///
/// Only fonts a PDF can embed as a CID font are loaded: TrueType outlines (embedded as
/// CIDFontType2) and CID-keyed CFF outlines (embedded as CIDFontType0). Name-keyed CFF,
/// Type 1, bitmap and variable fonts are left to the next font that covers the text.
final class FontFace: @unchecked Sendable {
  /// How the glyphs are drawn, which decides how the font is embedded.
  enum Outlines: Sendable {
    /// `glyf` outlines: a CIDFontType2 whose codes are glyph ids.
    case trueType
    /// A CID-keyed `CFF ` table: a CIDFontType0 whose codes are CIDs.
    case cidKeyedCFF
  }

  /// The font file.
  let path: String
  /// The face's index in a collection (0 for single fonts).
  let index: Int32
  /// HarfBuzz's face (shaping and subsetting).
  let face: OpaquePointer
  /// HarfBuzz's font at a scale of one unit per font unit (immutable, so shaping may run on
  /// any thread).
  let font: OpaquePointer
  /// Font units per em.
  let unitsPerEm: Double
  /// The outline format.
  let outlines: Outlines
  /// The PostScript name, reduced to characters a PDF name may hold plainly.
  let postScriptName: String
  /// Ascender, descender (negative) and capital height, in 1/1000 of the size.
  let ascent: Double
  /// See `ascent`.
  let descent: Double
  /// See `ascent`.
  let capHeight: Double
  /// The glyphs' bounding box from the `head` table, in 1/1000 of the size.
  let boundingBox: [Double]

  /// Loads face `index` of the font at `path`; nil when it cannot be read or embedded.
  init?(path: String, index: Int32) {
    guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
    defer { hb_blob_destroy(blob) }
    guard let face = hb_face_create(blob, UInt32(clamping: index)), hb_face_get_glyph_count(face) > 1
    else { return nil }
    let upem = Double(hb_face_get_upem(face))
    let outlines: Outlines
    if FontFace.tableLength(face, "glyf") > 0 {
      outlines = .trueType
    } else if FontFace.tableLength(face, "CFF ") > 0, FontFace.isCIDKeyed(path: path, index: index) {
      outlines = .cidKeyedCFF
    } else {
      hb_face_destroy(face)
      return nil
    }
    guard upem >= 16, let font = hb_font_create(face) else {
      hb_face_destroy(face)
      return nil
    }
    hb_font_make_immutable(font)
    self.path = path
    self.index = index
    self.face = face
    self.font = font
    self.unitsPerEm = upem
    self.outlines = outlines
    self.postScriptName = FontFace.postScriptName(of: face)
    func metric(_ tag: String, _ fallback: Double) -> Double {
      var position: hb_position_t = 0
      guard hb_ot_metrics_get_position(font, hb_ot_metrics_tag_t(FontFace.tag(tag)), &position) != 0
      else { return fallback }
      return Double(position) * 1000 / upem
    }
    ascent = metric("hasc", 800)
    descent = min(metric("hdsc", -200), 0)
    capHeight = metric("cpht", ascent * 0.9)
    boundingBox = FontFace.headBox(face, unitsPerEm: upem) ?? [0, descent, 1000, ascent]
  }

  deinit {
    hb_font_destroy(font)
    hb_face_destroy(face)
  }

  /// The advance width of `glyph` in 1/1000 of the size (the width a PDF reader uses).
  func advance(of glyph: UInt32) -> Double {
    Double(hb_font_get_glyph_h_advance(font, glyph)) * 1000 / unitsPerEm
  }

  /// An OpenType tag from its four characters.
  static func tag(_ name: String) -> UInt32 {
    var value: UInt32 = 0
    for byte in name.utf8.prefix(4) { value = value << 8 | UInt32(byte) }
    return value
  }

  /// The length of a table (0 when absent).
  static func tableLength(_ face: OpaquePointer, _ name: String) -> Int {
    guard let table = hb_face_reference_table(face, tag(name)) else { return 0 }
    defer { hb_blob_destroy(table) }
    return Int(hb_blob_get_length(table))
  }

  /// The bytes of a table (empty when absent).
  static func table(_ face: OpaquePointer, _ name: String) -> [UInt8] {
    guard let table = hb_face_reference_table(face, tag(name)) else { return [] }
    defer { hb_blob_destroy(table) }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(table, &length), length > 0 else { return [] }
    return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
      Array(UnsafeBufferPointer(start: $0, count: Int(length)))
    }
  }

  /// xMin, yMin, xMax, yMax of the `head` table scaled to 1/1000 of the size.
  private static func headBox(_ face: OpaquePointer, unitsPerEm: Double) -> [Double]? {
    let head = table(face, "head")
    guard head.count >= 44 else { return nil }
    func int16(_ offset: Int) -> Double {
      Double(Int16(bitPattern: UInt16(head[offset]) << 8 | UInt16(head[offset + 1])))
    }
    return [int16(36), int16(38), int16(40), int16(42)].map { ($0 * 1000 / unitsPerEm).rounded() }
  }

  /// The face's PostScript name with only letters, digits and '-' kept ("Font" when none).
  private static func postScriptName(of face: OpaquePointer) -> String {
    var buffer = [CChar](repeating: 0, count: 128)
    var length = UInt32(buffer.count)
    let written = buffer.withUnsafeMutableBufferPointer {
      hb_ot_name_get_utf8(face, hb_ot_name_id_t(6), hb_language_from_string("en", -1), &length, $0.baseAddress)
    }
    var name = ""
    if written > 0 {
      let bytes = buffer.prefix(Int(min(written, 127))).map { UInt8(bitPattern: $0) }
      for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars
      where scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-") {
        name.unicodeScalars.append(scalar)
      }
    }
    return name.isEmpty ? "Font" : String(name.prefix(60))
  }

  /// Whether the CFF outlines of a face are CID-keyed (read with FreeType).
  private static func isCIDKeyed(path: String, index: Int32) -> Bool {
    FreeTypeLibrary.shared.withLibrary { library in
      var face: FT_Face? = nil
      guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else { return false }
      defer { FT_Done_Face(face) }
      var keyed: FT_Bool = 0
      return FT_Get_CID_Is_Internally_CID_Keyed(face, &keyed) == 0 && keyed != 0
    }
  }
}

/// The process's FreeType library, used under a lock (FreeType libraries are not thread-safe).
final class FreeTypeLibrary: @unchecked Sendable {
  /// The one instance.
  static let shared = FreeTypeLibrary()
  /// Guards `library`.
  private let lock = Lock()
  /// The library; nil when FreeType could not start.
  private let library: FT_Library?

  /// Starts FreeType.
  private init() {
    var library: FT_Library? = nil
    self.library = FT_Init_FreeType(&library) == 0 ? library : nil
  }

  /// Runs `body` with the library under the lock; the fallback result when FreeType is missing.
  func withLibrary<T>(_ fallback: T, _ body: (FT_Library) -> T) -> T {
    lock.withLock { library.map(body) ?? fallback }
  }

  /// Runs `body` with the library under the lock; false when FreeType is missing.
  func withLibrary(_ body: (FT_Library) -> Bool) -> Bool { withLibrary(false, body) }
}
