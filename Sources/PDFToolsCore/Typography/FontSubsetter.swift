// SPDX-License-Identifier: GPL-3.0-or-later
import CTypography

/// Subsets the fonts of typeset text to the glyphs it uses (HarfBuzz's subsetter) and gives
/// each glyph its code in the embedded font.
///
/// A glyph's /ToUnicode text is the text of its cluster when the cluster is drawn by that one
/// glyph. Clusters drawn by several glyphs (conjuncts, decomposed marks), and glyphs that draw
/// different text in different places, are listed in `actualText`: the writer wraps them in
/// a marked-content span with /ActualText, so copying gives back what was written.
struct FontSubsetter {
  /// The embedded fonts, one per face of the text (nil where subsetting failed: its glyphs
  /// are not drawn).
  private(set) var fonts: [EmbeddedFont?] = []
  /// The code of each glyph id, per face.
  private(set) var codes: [[UInt32: UInt32]] = []
  /// Clusters whose text needs /ActualText.
  private(set) var actualText: Set<Int> = []

  /// Subsets the fonts of `text`.
  init(_ text: TypesetText) {
    var used = [Set<UInt32>](repeating: [0], count: text.faces.count)
    for line in text.lines {
      for glyph in line.glyphs where used.indices.contains(glyph.face) { used[glyph.face].insert(glyph.glyph) }
    }
    var toUnicode = [[UInt32: String]](repeating: [:], count: text.faces.count)
    var subsets: [Subset?] = []
    for (index, face) in text.faces.enumerated() {
      let subset = FontSubsetter.subset(face, glyphs: used[index])
      subsets.append(subset)
      codes.append(subset?.codes ?? [:])
      fonts.append(nil)
      if subset == nil {
        Log.emit(.warning, "pdftools", "the font '\(face.path)' could not be subset; its glyphs are not drawn")
      }
    }
    for line in text.lines {
      for glyph in line.glyphs {
        guard codes.indices.contains(glyph.face), let code = codes[glyph.face][glyph.glyph],
          let cluster = text.clusters[glyph.cluster]
        else { continue }
        if cluster.glyphCount != 1 {
          actualText.insert(glyph.cluster)
        } else if let known = toUnicode[glyph.face][code] {
          if known != cluster.text { actualText.insert(glyph.cluster) }
        } else {
          toUnicode[glyph.face][code] = cluster.text
        }
      }
    }
    for (index, face) in text.faces.enumerated() {
      guard let subset = subsets[index] else { continue }
      var widths: [UInt32: Int] = [:]
      for (glyph, code) in codes[index] { widths[code] = Int(face.advance(of: glyph).rounded()) }
      fonts[index] = EmbeddedFont(
        baseFont: FontSubsetter.tag(face, used[index]) + "+" + face.postScriptName, program: subset.program,
        widths: widths, toUnicode: toUnicode[index], ascent: face.ascent, descent: face.descent,
        capHeight: face.capHeight, boundingBox: face.boundingBox)
    }
  }

  /// A subset font and the code of each kept glyph.
  private struct Subset {
    /// The font program.
    let program: EmbeddedFont.Program
    /// Codes by original glyph id.
    let codes: [UInt32: UInt32]
  }

  /// Subsets `face` to `glyphs` (glyph 0 always included); nil when HarfBuzz or FreeType
  /// fail.
  private static func subset(_ face: FontFace, glyphs: Set<UInt32>) -> Subset? {
    guard let input = hb_subset_input_create_or_fail() else { return nil }
    defer { hb_subset_input_destroy(input) }
    let glyphSet = hb_subset_input_glyph_set(input)
    for glyph in glyphs { hb_set_add(glyphSet, glyph) }
    hb_set_clear(hb_subset_input_set(input, HB_SUBSET_SETS_UNICODE))
    let dropped = hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG)
    for table in ["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "morx", "mort", "kerx", "DSIG", "vhea", "vmtx"] {
      hb_set_add(dropped, FontFace.tag(table))
    }
    hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_NO_HINTING.rawValue)
    guard let plan = hb_subset_plan_create_or_fail(face.face, input) else { return nil }
    defer { hb_subset_plan_destroy(plan) }
    guard let result = hb_subset_plan_execute_or_fail(plan) else { return nil }
    defer { hb_face_destroy(result) }
    let mapping = hb_subset_plan_old_to_new_glyph_mapping(plan)
    var newGlyphs: [UInt32: UInt32] = [:]
    for glyph in glyphs {
      let mapped = hb_map_get(mapping, glyph)
      if mapped != UInt32.max { newGlyphs[glyph] = mapped }
    }
    switch face.outlines {
    case .trueType:
      guard let blob = hb_face_reference_blob(result) else { return nil }
      defer { hb_blob_destroy(blob) }
      var length: UInt32 = 0
      guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
      let bytes = data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
        Array(UnsafeBufferPointer(start: $0, count: Int(length)))
      }
      return Subset(program: .trueType(bytes), codes: newGlyphs)
    case .cidKeyedCFF:
      let cff = FontFace.table(result, "CFF ")
      guard !cff.isEmpty else { return nil }
      return cidKeyed(cff, newGlyphs: newGlyphs)
    }
  }

  /// The CID of each glyph of a subset CID-keyed CFF, read with FreeType.
  private static func cidKeyed(_ cff: [UInt8], newGlyphs: [UInt32: UInt32]) -> Subset? {
    FreeTypeLibrary.shared.withLibrary(nil) { library -> Subset? in
      cff.withUnsafeBufferPointer { bytes -> Subset? in
        guard let base = bytes.baseAddress else { return nil }
        var face: FT_Face? = nil
        guard FT_New_Memory_Face(library, base, FT_Long(bytes.count), 0, &face) == 0, let face else { return nil }
        defer { FT_Done_Face(face) }
        var registry: UnsafePointer<CChar>? = nil
        var ordering: UnsafePointer<CChar>? = nil
        var supplement: FT_Int = 0
        guard FT_Get_CID_Registry_Ordering_Supplement(face, &registry, &ordering, &supplement) == 0,
          let registry, let ordering
        else { return nil }
        var codes: [UInt32: UInt32] = [:]
        for (old, new) in newGlyphs {
          var cid: FT_UInt = 0
          guard FT_Get_CID_From_Glyph_Index(face, new, &cid) == 0, cid <= 0xFFFF else { return nil }
          codes[old] = cid
        }
        return Subset(
          program: .cidCFF(
            cff, registry: String(cString: registry), ordering: String(cString: ordering),
            supplement: Int(supplement)),
          codes: codes)
      }
    }
  }

  /// Six capital letters that name the subset (from the font and its glyphs).
  private static func tag(_ face: FontFace, _ glyphs: Set<UInt32>) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ value: UInt64) {
      hash ^= value
      hash = hash &* 0x100_0000_01b3
    }
    for byte in face.postScriptName.utf8 { mix(UInt64(byte)) }
    for glyph in glyphs.sorted() { mix(UInt64(glyph)) }
    var tag = ""
    for _ in 0..<6 {
      tag.unicodeScalars.append(Unicode.Scalar(UInt8(65 + hash % 26)))
      hash /= 26
    }
    return tag
  }
}
