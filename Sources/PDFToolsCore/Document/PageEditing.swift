import CQPDF

extension Document {
  /// Records every /Pages node of the tree under `node` as about to change; call under the lock.
  private func recordPageTree(_ node: qpdf_oh, depth: Int) {
    guard depth < Document.maximumTreeDepth, qpdf.isDictionary(node) else { return }
    guard qpdf.entry(node, "/Type").flatMap({ qpdf.name($0) }) != "Page" else { return }
    recordChange(node)
    for kid in qpdf.entry(node, "/Kids").flatMap({ qpdf.items($0) }) ?? [] {
      recordPageTree(kid, depth: depth + 1)
    }
  }

  /// The largest page side PDF allows without UserUnit, in 1/72 inch.
  static let maximumPageSide = 14_400.0

  /// Inserts a blank page of `width` x `height` so that it becomes page `index`.
  public func insertBlankPage(at index: Int, width: Double, height: Double) throws(PDFError) {
    let sides = 1...Document.maximumPageSide
    guard sides.contains(width), sides.contains(height) else {
      throw PDFError(
        .invalidArgument, "a page side must be between 1 and 14400 (got \(width) x \(height))")
    }
    try locked { () throws(PDFError) in
      guard index >= 0, index <= geometryCache.count else {
        throw PDFError(
          .outOfRange,
          "cannot insert at page index \(index) (the document has \(geometryCache.count) pages)")
      }
      try requirePermission(.assemble, "insert pages")
      let data = qpdf.data
      let page = qpdf_oh_new_dictionary(data)
      qpdf_oh_replace_key(data, page, "/Type", qpdf_oh_new_name(data, "/Page"))
      qpdf_oh_replace_key(data, page, "/MediaBox", qpdf.numberArray([0, 0, width, height]))
      qpdf_oh_replace_key(data, page, "/Resources", qpdf_oh_new_dictionary(data))
      let indirect = qpdf_make_indirect_object(data, page)
      // qpdf rewrites the page tree when pages are added (it flattens it and pushes inherited
      // attributes down): every node of the tree and every page change.
      if let pages = qpdf.value(qpdf.root, "Pages") { recordPageTree(pages, depth: 0) }
      for position in 0..<geometryCache.count { recordChange(qpdf_get_page_n(data, position)) }
      recordChange(indirect)
      if index == geometryCache.count {
        qpdf_add_page(data, data, indirect, QPDF_FALSE)
      } else {
        let before = qpdf_get_page_n(data, index)
        qpdf_add_page_at(data, data, indirect, QPDF_TRUE, before)
      }
      try commitChange("insert a page", label: "Insert Page")
      geometryCache.insert(nil, at: index)
      pageIndexCache = nil
      inheritedCache.removeAll()
      textCache = Dictionary(uniqueKeysWithValues: textCache.map { ($0 >= index ? $0 + 1 : $0, $1) })
      fontCache = Dictionary(uniqueKeysWithValues: fontCache.map { ($0 >= index ? $0 + 1 : $0, $1) })
      foldedCache.removeAll()
      labelRanges = nil
    }
  }
}
