// SPDX-License-Identifier: GPL-3.0-or-later

/// Where an outline item leads.
public enum OutlineTarget: Sendable, Equatable {
  /// Nowhere (no /Dest and no /A, or one that leads to no page of the document).
  case none
  /// A place in the document (/Dest, or a /GoTo action; named destinations resolved).
  case destination(Destination)
  /// A web address (a /URI action).
  case uri(String)
  /// Another action, by its /S name ("Launch", "GoToR", "JavaScript" ...).
  case action(String)
}

/// One item of the document outline (a bookmark), as read: the outline is listed depth first.
public struct OutlineItem: Sendable, Equatable {
  /// The item's id: unique in the open document, stable across edits, undo and redo, never
  /// reused.
  public var id: Int64
  /// The parent item's id, or 0 for a top-level item.
  public var parent: Int64
  /// 0 for a top-level item.
  public var depth: Int
  /// /Title.
  public var title: String
  /// Where it leads.
  public var target: OutlineTarget
  /// /C: the title's colour (nil: black, as viewers show it).
  public var color: RGBColor?
  /// /F bit 2.
  public var bold: Bool
  /// /F bit 1.
  public var italic: Bool
  /// True when its children are shown (a positive /Count); false for items without children.
  public var isOpen: Bool
  /// The number of its children.
  public var childCount: Int
}

/// The ids of outline items: each item object gets one on first sight; an object given to a
/// new item (a number reused) gets a new id.
struct OutlineIDs {
  /// The ids.
  private var registry = ObjectIDs()
  /// The node each item was last listed under (for items whose /Parent does not say so).
  private var listers: [ObjectIdentity: ObjectIdentity] = [:]

  /// Records that `object` was listed under `lister`.
  mutating func listed(_ object: ObjectIdentity, under lister: ObjectIdentity) { listers[object] = lister }

  /// The node `object` was last listed under, or nil.
  func lister(_ object: ObjectIdentity) -> ObjectIdentity? { listers[object] }

  /// The id of `object`, assigned on first sight.
  mutating func id(_ object: ObjectIdentity) -> Int64 { registry.id(object) }

  /// The object of `id`, or nil.
  func object(_ id: Int64) -> ObjectIdentity? { registry.object(id) }

  /// Forgets `object` (its number is given to a new object).
  mutating func forget(_ object: ObjectIdentity) {
    listers[object] = nil
    registry.forget(object)
  }
}
