// SPDX-License-Identifier: GPL-3.0-or-later

/// Page ids: 64-bit numbers that name page objects, given out on first request, unique in a
/// document and never reused (an object number made again for something new is forgotten, so
/// a stale id never names another page).
struct PageIDs {
  /// Ids by page object.
  private var ids: [ObjectIdentity: Int64] = [:]
  /// Page objects by id.
  private var objects: [Int64: ObjectIdentity] = [:]
  /// The next id to give out.
  private var next: Int64 = 1

  /// The id of `page`, given out now when it has none.
  mutating func id(_ page: ObjectIdentity) -> Int64 {
    if let known = ids[page] { return known }
    let id = next
    next += 1
    ids[page] = id
    objects[id] = page
    return id
  }

  /// The page object `id` names, or nil.
  func object(_ id: Int64) -> ObjectIdentity? { objects[id] }

  /// Forgets the id of `object` (its number is given to a new object).
  mutating func forget(_ object: ObjectIdentity) {
    guard let id = ids.removeValue(forKey: object) else { return }
    objects[id] = nil
  }
}

extension Document {
  /// A page's identity: a positive number, the same while the page moves and other pages come
  /// and go (and after undo and redo bring it back), for as long as the document is open.
  public func pageID(_ index: Int) throws(PDFError) -> Int64 {
    try locked { () throws(PDFError) -> Int64 in
      guard let identity = qpdf.identity(try pageObject(index)) else {
        throw PDFError(.damaged, "page \(index) is not an object of its own")
      }
      return pageIDs.id(identity)
    }
  }

  /// The index the page `id` has now; NOT_FOUND when it is no longer a page of the document.
  public func pageIndex(forID id: Int64) throws(PDFError) -> Int {
    try locked { () throws(PDFError) -> Int in
      guard let identity = pageIDs.object(id) else { throw PDFError(.notFound, "\(id) is not a page id") }
      guard let index = pageIndex(of: identity) else {
        throw PDFError(.notFound, "page \(id) is not in the document (deleted?)")
      }
      return index
    }
  }
}
