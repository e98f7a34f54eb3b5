// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension ObjectWriter {
  /// Inserts the page object `page` (made with ``makeIndirect(_:)``) so that it becomes page
  /// `index` of the `count` pages.
  ///
  /// qpdf rewrites the page tree when pages are added (it flattens it and pushes inherited
  /// attributes down to the pages): every node of the tree and every page is recorded as
  /// changing, and the objects qpdf makes on the way as created.
  func insertPage(_ page: qpdf_oh, at index: Int, count: Int) throws(PDFError) {
    guard index >= 0, index <= count else {
      throw PDFError(.internal, "page index \(index) is out of range (\(count) pages)")
    }
    if let pages = qpdf.value(qpdf.root, "Pages") { recordTree(pages, depth: 0) }
    for position in 0..<count {
      if let identity = qpdf.identity(qpdf_get_page_n(qpdf.data, position)) { recorder.objectWillChange(identity) }
    }
    let before = try qpdf.reserveObjectNumber()
    if index == count {
      qpdf_add_page(qpdf.data, qpdf.data, page, QPDF_FALSE)
    } else {
      qpdf_add_page_at(qpdf.data, qpdf.data, page, QPDF_TRUE, qpdf_get_page_n(qpdf.data, index))
    }
    do {
      try qpdf.check()
    } catch {
      throw PDFError(.internal, "cannot insert a page: \(error.text)")
    }
    let after = try qpdf.reserveObjectNumber()
    var number = before + 1
    while number < after {
      let made = ObjectIdentity(number: number, generation: 0)
      if qpdf_oh_is_null(qpdf.data, qpdf.object(made)) == QPDF_FALSE { recorder.objectWasCreated(made) }
      number += 1
    }
  }

  /// Records every /Pages node of the tree under `node` as about to change.
  private func recordTree(_ node: qpdf_oh, depth: Int) {
    guard depth < Limits.maximumTreeDepth, qpdf.isDictionary(node) else { return }
    guard qpdf.entry(node, "/Type").flatMap({ qpdf.name($0) }) != "Page" else { return }
    if let identity = qpdf.identity(node) { recorder.objectWillChange(identity) }
    for kid in qpdf.entry(node, "/Kids").flatMap({ qpdf.items($0) }) ?? [] {
      recordTree(kid, depth: depth + 1)
    }
  }

  /// Rewrites the page tree as one node listing `pages` in order: each page takes the
  /// inheritable attributes it lacks from its ancestors (through /Parent) first. For trees that
  /// had to be walked (a wrong /Count, a loop), so that what is saved is a sound tree.
  func flattenPageTree(_ pages: [ObjectIdentity]) throws(PDFError) {
    let root = try pageTreeRoot()
    for identity in pages {
      let page = qpdf.object(identity)
      for key in ["/MediaBox", "/CropBox", "/Rotate", "/Resources"] {
        guard qpdf_oh_has_key(qpdf.data, page, key) == QPDF_FALSE,
          let value = inherited(key, from: qpdf.entry(page, "/Parent"))
        else { continue }
        try set(key, value, in: page)
      }
      try set("/Parent", root, in: page)
    }
    try set("/Kids", qpdf.makeArray(pages.map { qpdf.object($0) }), in: root)
    try set("/Count", qpdf.makeInteger(pages.count), in: root)
  }

  /// The catalog's /Pages node when it is a /Pages dictionary, without the /Parent a root must
  /// not have (qpdf's writer would follow it and write that parent as the root); otherwise (a
  /// page, a stream, a missing entry: trees a repair walked) a new empty /Pages node that the
  /// catalog now names, so that a writer finds a proper root instead of guessing one.
  private func pageTreeRoot() throws(PDFError) -> qpdf_oh {
    if let root = qpdf.value(qpdf.root, "Pages"), qpdf.isDictionary(root),
      qpdf.entry(root, "/Type").flatMap({ qpdf.name($0) }) == "Pages"
    {
      if qpdf_oh_has_key(qpdf.data, root, "/Parent") != QPDF_FALSE { try remove("/Parent", from: root) }
      return root
    }
    let root = try makeIndirect(qpdf.makeDictionary([("/Type", qpdf.makeName("Pages"))]))
    try set("/Pages", root, in: qpdf.root)
    return root
  }

  /// The value of the inheritable `key` on `node` or its nearest ancestor that has it (within
  /// the tree depth limit, so a loop through /Parent ends).
  private func inherited(_ key: String, from node: qpdf_oh?) -> qpdf_oh? {
    var current = node
    for _ in 0..<Limits.maximumTreeDepth {
      guard let node = current, qpdf.isDictionary(node) else { return nil }
      if qpdf_oh_has_key(qpdf.data, node, key) != QPDF_FALSE {
        let value = qpdf_oh_get_key(qpdf.data, node, key)
        return qpdf_oh_is_null(qpdf.data, value) == QPDF_FALSE ? value : nil
      }
      current = qpdf.entry(node, "/Parent")
    }
    return nil
  }
}
