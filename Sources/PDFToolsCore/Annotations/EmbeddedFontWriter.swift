// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// Writes a subset font as a new Type0 font with Identity-H encoding: its CIDFont
  /// (CIDFontType2 with an identity /CIDToGIDMap for TrueType, CIDFontType0 for CFF), font
  /// descriptor, font program, /W widths and /ToUnicode CMap; returns the Type0 font
  /// (indirect). Call under the lock.
  func writeFont(_ font: EmbeddedFont) throws(PDFError) -> qpdf_oh {
    let write = writer
    let program: qpdf_oh
    let descendantType: String
    let systemInfo: (registry: String, ordering: String, supplement: Int)
    let programKey: String
    switch font.program {
    case .trueType(let bytes):
      program = try write.makeStream(bytes, dictionary: [("/Length1", qpdf.makeInteger(bytes.count))])
      descendantType = "CIDFontType2"
      systemInfo = ("Adobe", "Identity", 0)
      programKey = "/FontFile2"
    case .cidCFF(let bytes, let registry, let ordering, let supplement):
      program = try write.makeStream(bytes, dictionary: [("/Subtype", qpdf.makeName("CIDFontType0C"))])
      descendantType = "CIDFontType0"
      systemInfo = (registry, ordering, supplement)
      programKey = "/FontFile3"
    }
    let descriptor = try write.makeIndirect(
      qpdf.makeDictionary([
        ("/Type", qpdf.makeName("FontDescriptor")), ("/FontName", qpdf.makeName(font.baseFont)),
        ("/Flags", qpdf.makeInteger(4)), ("/FontBBox", qpdf.numberArray(font.boundingBox)),
        ("/ItalicAngle", qpdf.makeInteger(0)), ("/Ascent", qpdf.makeReal(font.ascent.rounded())),
        ("/Descent", qpdf.makeReal(font.descent.rounded())), ("/CapHeight", qpdf.makeReal(font.capHeight.rounded())),
        ("/StemV", qpdf.makeInteger(80)), (programKey, program),
      ]))
    var widths: [qpdf_oh] = []
    for run in font.widthRuns {
      widths.append(qpdf.makeInteger(Int(run.first)))
      widths.append(qpdf.makeArray(run.widths.map { qpdf.makeInteger($0) }))
    }
    var descendant: [(String, qpdf_oh)] = [
      ("/Type", qpdf.makeName("Font")), ("/Subtype", qpdf.makeName(descendantType)),
      ("/BaseFont", qpdf.makeName(font.baseFont)),
      ("/CIDSystemInfo", qpdf.makeDictionary([
        ("/Registry", qpdf.makeByteString(systemInfo.registry)), ("/Ordering", qpdf.makeByteString(systemInfo.ordering)),
        ("/Supplement", qpdf.makeInteger(systemInfo.supplement)),
      ])),
      ("/FontDescriptor", descriptor), ("/DW", qpdf.makeInteger(1000)), ("/W", qpdf.makeArray(widths)),
    ]
    if descendantType == "CIDFontType2" { descendant.append(("/CIDToGIDMap", qpdf.makeName("Identity"))) }
    let cidFont = try write.makeIndirect(qpdf.makeDictionary(descendant))
    let toUnicode = try write.makeStream(Array(font.toUnicodeCMap.utf8), dictionary: [])
    return try write.makeIndirect(
      qpdf.makeDictionary([
        ("/Type", qpdf.makeName("Font")), ("/Subtype", qpdf.makeName("Type0")),
        ("/BaseFont", qpdf.makeName(font.baseFont)), ("/Encoding", qpdf.makeName("Identity-H")),
        ("/DescendantFonts", qpdf.makeArray([cidFont])), ("/ToUnicode", toUnicode),
      ]))
  }
}
