// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension ObjectWriter {
  /// Rewrites the page tree as one node listing `pages` in order: each page takes the
  /// inheritable attributes it lacks from its ancestors (through /Parent) first. For trees that
  /// had to be walked (a wrong /Count, a loop), so that what is saved is a sound tree.
  func flattenPageTree(_ pages: [ObjectIdentity]) throws(PDFError) {
    let root = try pageTreeRoot()
    for identity in pages {
      let page = qpdf.object(identity)
      try holdInheritedAttributes(page)
      try set("/Parent", root, in: page)
    }
    try set("/Kids", qpdf.makeArray(pages.map { qpdf.object($0) }), in: root)
    try set("/Count", qpdf.makeInteger(pages.count), in: root)
  }

  /// The catalog's /Pages node when it is a /Pages dictionary, without the /Parent a root must
  /// not have (qpdf's writer would follow it and write that parent as the root); otherwise (a
  /// page, a stream, a missing entry: trees a repair walked) a new empty /Pages node that the
  /// catalog now names, so that a writer finds a proper root instead of guessing one.
  func pageTreeRoot() throws(PDFError) -> qpdf_oh {
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
}
