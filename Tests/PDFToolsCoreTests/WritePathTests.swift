// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Every change of the document model goes through the PDF layer's recording write path
/// (``ObjectWriter``): a raw qpdf mutation anywhere else would be missed by undo, incremental
/// saves and views.
@Suite struct WritePathTests {
  /// The qpdf C functions that change objects or make new ones.
  static let mutations = [
    "qpdf_oh_replace_key", "qpdf_oh_remove_key", "qpdf_oh_append_item", "qpdf_oh_set_array_item",
    "qpdf_oh_insert_item", "qpdf_oh_erase_item", "qpdf_oh_replace_stream_data", "qpdf_oh_new_stream",
    "qpdf_replace_object", "qpdf_make_indirect_object", "qpdf_add_page", "qpdf_remove_page",
    "qpdf_oh_set_", "qpdf_push_inherited", "qpdf_update_all_pages_cache", "qpdf_update_from_json",
    "qpdf_oh_copy_foreign_object",
  ]

  /// The lines of `source` (a Swift file) that call a mutation, as "line: text".
  static func rawMutations(in source: String) -> [String] {
    source.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
      let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
      return mutations.contains(where: { code.contains($0) }) ? "\(number + 1): \(line)" : nil
    }
  }

  @Test func noRawMutationOutsideThePDFLayer() throws {
    let sources = Fixtures.repository.appendingPathComponent("Sources")
    let layer = sources.appendingPathComponent("PDFToolsCore/PDF").path + "/"
    var found: [String] = []
    let files = FileManager.default.enumerator(atPath: sources.path)
    while let name = files?.nextObject() as? String {
      guard name.hasSuffix(".swift") else { continue }
      let path = sources.appendingPathComponent(name).path
      guard !path.hasPrefix(layer) else { continue }
      let text = try String(contentsOfFile: path, encoding: .utf8)
      found += Self.rawMutations(in: text).map { "\(name):\($0)" }
    }
    #expect(found.isEmpty, "raw qpdf mutations outside Sources/PDFToolsCore/PDF: \(found)")
  }

  @Test func theCheckSeesARawWrite() {
    let planted = """
      let object = try annotationObject(id).object
      qpdf_oh_replace_key(qpdf.data, object, "/Contents", value)  // a write nobody records
      // qpdf_oh_remove_key in a comment is not a call
      """
    #expect(Self.rawMutations(in: planted) == ["2: qpdf_oh_replace_key(qpdf.data, object, \"/Contents\", value)  // a write nobody records"])
  }
}
