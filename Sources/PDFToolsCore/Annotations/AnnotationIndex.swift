// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// The identity of annotations: 64-bit ids, unique in a document, never reused, stable across
/// edits and saves of the open document.
///
/// An id names the annotation's dictionary object; the page is found from the page object the
/// annotation was listed on (the first such page when several pages list one dictionary). Annotations stored as direct dictionaries inside /Annots are made
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
  /// Annotation objects seen listed on more than one page.
  var shared: Set<ObjectIdentity> = []

  /// Forgets the id of `object` (its number is given to a new object).
  mutating func forget(_ object: ObjectIdentity) {
    guard let id = ids.removeValue(forKey: object) else { return }
    entries[id] = nil
  }

  /// The id of `object` listed on `page`, assigning one on first sight. An object already
  /// indexed on another page moves to `page` unless `keepsPage` says its recorded page still
  /// has the better claim.
  mutating func id(
    for object: ObjectIdentity, page: ObjectIdentity, keepsPage: (ObjectIdentity) -> Bool
  ) -> Int64 {
    if let known = ids[object] {
      if let recorded = entries[known]?.page, recorded != page {
        shared.insert(object)
        if !keepsPage(recorded) { entries[known]?.page = page }
      }
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
  /// The ids of the annotations of page `index`, in z-order (the order of /Annots).
  public func annotations(onPage index: Int) throws(PDFError) -> [Int64] {
    try locked { () throws(PDFError) -> [Int64] in try annotationIDs(page: index) }
  }

  /// The annotation ids of a page, listing (and indexing) its /Annots once per change of the
  /// page; call under the lock.
  func annotationIDs(page index: Int) throws(PDFError) -> [Int64] {
    try checkPageIndex(index)
    return try listing(ofPage: index)?.ids ?? []
  }

  /// What page `index` lists, from the cache or read now (direct annotation dictionaries get
  /// objects of their own); nil for a page without an identity. Call under the lock.
  func listing(ofPage index: Int) throws(PDFError) -> PageListing? {
    if let known = pageTree.page(index, qpdf, bytes: pageTreeBytes), let cached = annotationListings[known] { return cached }
    if let read = annotationsFromBytes(index) {
      return recordListing(read.objects, page: read.page, index: index, holder: read.holder)
    }
    let page = try pageObject(index)
    guard let pageIdentity = qpdf.identity(page) else { return nil }
    if let cached = annotationListings[pageIdentity] { return cached }
    guard let annots = qpdf.entry(page, "/Annots"), let items = qpdf.items(annots) else {
      return recordListing([], page: pageIdentity, index: index, holder: nil)
    }
    var objects: [ObjectIdentity] = []
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
      if let identity = qpdf.identity(object) { objects.append(identity) }
    }
    return recordListing(objects, page: pageIdentity, index: index, holder: qpdf.identity(annots))
  }

  /// Gives the annotation objects page `index` (object `page`) lists their ids and keeps the
  /// listing, with the /Annots array object `holder` when it is one of its own; call under the
  /// lock.
  private func recordListing(
    _ objects: [ObjectIdentity], page pageIdentity: ObjectIdentity, index: Int, holder: ObjectIdentity?
  ) -> PageListing {
    // An annotation listed by several pages belongs to the first of them.
    let ids = objects.map { object in
      annotationIndex.id(for: object, page: pageIdentity) { recorded in
        guard let recordedIndex = pageIndex(of: recorded), recordedIndex < index else {
          return false
        }
        return annotationListings[recorded]?.contains(object) ?? true
      }
    }
    let listing = PageListing(objects: objects, ids: ids)
    annotationListings[pageIdentity] = listing
    if let holder { annotsHolders[holder] = pageIdentity }
    return listing
  }

  /// Forgets the listing `identity` (a page, or an /Annots array) is part of; call under the
  /// lock whenever an object changes.
  func listingWillChange(_ identity: ObjectIdentity) {
    if annotationListings.removeValue(forKey: identity) != nil { return }
    if let page = annotsHolders[identity] { annotationListings[page] = nil }
  }

  /// The annotation dictionary and page index of `id` (O(1) once its page is listed); call
  /// under the lock.
  func annotationObject(_ id: Int64) throws(PDFError) -> (object: qpdf_oh, page: Int) {
    guard let entry = annotationIndex.entries[id] else {
      throw PDFError(.notFound, "no annotation has id \(id) (it was deleted or never listed)")
    }
    // One listed by several pages belongs to the first page that lists it now.
    if annotationIndex.shared.contains(entry.object) {
      guard let first = try firstPage(listing: entry.object) else {
        throw PDFError(.notFound, "annotation \(id) was deleted")
      }
      annotationIndex.entries[id]?.page = first.identity
      return (qpdf.object(entry.object), first.index)
    }
    guard let page = pageIndex(of: entry.page) else {
      throw PDFError(.notFound, "the page of annotation \(id) is gone")
    }
    // Deleted annotations keep their ids (an undo may bring them back) but are not on the page.
    guard try listing(ofPage: page)?.contains(entry.object) == true else {
      throw PDFError(.notFound, "annotation \(id) was deleted")
    }
    let object = qpdf.object(entry.object)
    guard qpdf.isDictionary(object) else {
      throw PDFError(.notFound, "annotation \(id) is no longer a dictionary")
    }
    return (object, page)
  }
}

extension Document {
  /// The first page whose /Annots lists `object`; call under the lock. Reads the listings of
  /// the pages before it, so it is only for annotations known to be listed by several pages.
  private func firstPage(listing object: ObjectIdentity) throws(PDFError)
    -> (index: Int, identity: ObjectIdentity)?
  {
    for index in 0..<pageTree.count {
      guard try listing(ofPage: index)?.contains(object) == true, let identity = pageIdentity(index)
      else { continue }
      return (index, identity)
    }
    return nil
  }
}

/// The annotations one page lists, in z-order.
struct PageListing {
  /// Their objects.
  let objects: [ObjectIdentity]
  /// Their ids.
  let ids: [Int64]
  /// The objects as a set, for membership tests.
  private let members: Set<ObjectIdentity>

  /// A listing of `objects` with `ids`.
  init(objects: [ObjectIdentity], ids: [Int64]) {
    self.objects = objects
    self.ids = ids
    members = Set(objects)
  }

  /// True when the page lists `object`.
  func contains(_ object: ObjectIdentity) -> Bool { members.contains(object) }
}
