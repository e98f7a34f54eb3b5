// SPDX-License-Identifier: GPL-3.0-or-later

/// Ids that name objects of a kind (pages, outline items): 64-bit numbers given out on first
/// request, unique in a document and never reused; an object number made again for something
/// new is forgotten, so a stale id never names another object.
struct ObjectIDs {
  /// Ids by object.
  private var ids: [ObjectIdentity: Int64] = [:]
  /// Objects by id.
  private var objects: [Int64: ObjectIdentity] = [:]
  /// The next id to give out.
  private var next: Int64 = 1

  /// The id of `object`, given out now when it has none.
  mutating func id(_ object: ObjectIdentity) -> Int64 {
    if let known = ids[object] { return known }
    let made = next
    next += 1
    ids[object] = made
    objects[made] = object
    return made
  }

  /// The object `id` names, or nil.
  func object(_ id: Int64) -> ObjectIdentity? { objects[id] }

  /// Forgets the id of `object` (its number is given to a new object).
  mutating func forget(_ object: ObjectIdentity) {
    guard let id = ids.removeValue(forKey: object) else { return }
    objects[id] = nil
  }
}
