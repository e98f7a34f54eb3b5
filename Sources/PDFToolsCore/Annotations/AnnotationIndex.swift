import CQPDF

/// The identity of annotations: 64-bit ids, unique in a document, never reused, stable across
/// edits and saves of the open document.
///
/// An id names the annotation's dictionary object; the page is found from the page object the
/// annotation was listed on. Annotations stored as direct dictionaries inside /Annots are made
/// indirect when first listed (an equivalent form) so that they have an identity too.
struct AnnotationIndex {
  /// Where an annotation lives.
  struct Entry {
    /// The annotation dictionary.
    let object: ObjectIdentity
    /// The page object whose /Annots lists it.
    var page: ObjectIdentity
  }

  /// Ids by annotation object.
  var ids: [ObjectIdentity: Int64] = [:]
  /// Entries by id.
  var entries: [Int64: Entry] = [:]
  /// The next id to give out.
  var next: Int64 = 1

  /// Forgets the id of `object` (its number is given to a new object).
  mutating func forget(_ object: ObjectIdentity) {
    guard let id = ids.removeValue(forKey: object) else { return }
    entries[id] = nil
  }

  /// The id of `object` on `page`, assigning one on first sight.
  mutating func id(for object: ObjectIdentity, page: ObjectIdentity) -> Int64 {
    if let known = ids[object] {
      entries[known]?.page = page
      return known
    }
    let id = next
    next += 1
    ids[object] = id
    entries[id] = Entry(object: object, page: page)
    return id
  }
}

extension Document {
  /// The index of the page object `identity`, or nil; call under the lock. (qpdf's own
  /// `qpdf_find_page_by_id` would push inherited attributes down the page tree, changing the
  /// document behind the journal's back.)
  func pageIndex(of identity: ObjectIdentity) -> Int? {
    if pageIndexCache == nil {
      var map: [ObjectIdentity: Int] = [:]
      for index in 0..<geometryCache.count {
        if let page = qpdf.identity(qpdf_get_page_n(qpdf.data, index)) { map[page] = index }
      }
      pageIndexCache = map
    }
    return pageIndexCache?[identity]
  }

  /// The ids of the annotations of page `index`, in z-order (the order of /Annots).
  public func annotations(onPage index: Int) throws(PDFError) -> [Int64] {
    try locked { () throws(PDFError) -> [Int64] in try annotationIDs(page: index) }
  }

  /// The annotation ids of a page, listing (and indexing) its /Annots; call under the lock.
  func annotationIDs(page index: Int) throws(PDFError) -> [Int64] {
    try checkPageIndex(index)
    let page = qpdf_get_page_n(qpdf.data, index)
    guard let pageIdentity = qpdf.identity(page), let annots = qpdf.entry(page, "/Annots"),
      let items = qpdf.items(annots)
    else { return [] }
    var result: [Int64] = []
    for (position, item) in items.enumerated() where qpdf.isDictionary(item) {
      var object = item
      if qpdf.identity(item) == nil {
        // A direct annotation dictionary: give it an object of its own, in place. This only
        // restates the document, so it is not an undoable change.
        guard let made = try? withoutJournal({ () throws(PDFError) -> qpdf_oh in
          let made = try writer.makeIndirect(item)
          try writer.replaceItem(at: position, with: made, in: annots, owner: page)
          return made
        }) else { continue }
        object = made
      }
      guard let identity = qpdf.identity(object) else { continue }
      result.append(annotationIndex.id(for: identity, page: pageIdentity))
    }
    return result
  }

  /// The annotation dictionary and page index of `id`; call under the lock.
  func annotationObject(_ id: Int64) throws(PDFError) -> (object: qpdf_oh, page: Int) {
    guard let entry = annotationIndex.entries[id] else {
      throw PDFError(.notFound, "no annotation has id \(id) (it was deleted or never listed)")
    }
    guard let page = pageIndex(of: entry.page) else {
      throw PDFError(.notFound, "the page of annotation \(id) is gone")
    }
    let object = qpdf_get_object_by_id(qpdf.data, entry.object.number, entry.object.generation)
    guard qpdf.isDictionary(object) else {
      throw PDFError(.notFound, "annotation \(id) is no longer a dictionary")
    }
    // Deleted annotations keep their ids (an undo may bring them back) but are not on the page.
    let pageObject = qpdf_get_page_n(qpdf.data, page)
    let listed = qpdf.entry(pageObject, "/Annots").flatMap { qpdf.items($0) }?.contains {
      qpdf.identity($0) == entry.object
    }
    guard listed == true else {
      throw PDFError(.notFound, "annotation \(id) was deleted")
    }
    return (object, page)
  }
}
