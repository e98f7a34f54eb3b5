// SPDX-License-Identifier: GPL-3.0-or-later
/// What lies under the pointer, for the host's cursor.
public struct ToolHit: Sendable, Equatable {
  /// The annotation under the pointer (a selected one's handle first), or 0.
  public var annotation: Int64 = 0
  /// The handle under the pointer, if any.
  public var handle: (kind: OverlayItem.HandleKind, id: Int32)? = nil
  /// True when the annotation is a link (it is followed on tap).
  public var isLink = false
  /// True when the pointer is on text.
  public var onText = false

  /// Creates a hit (the defaults: nothing under the pointer).
  public init(
    annotation: Int64 = 0, handle: (kind: OverlayItem.HandleKind, id: Int32)? = nil, isLink: Bool = false,
    onText: Bool = false
  ) {
    self.annotation = annotation
    self.handle = handle
    self.isLink = isLink
    self.onText = onText
  }

  /// Compares every field.
  public static func == (lhs: ToolHit, rhs: ToolHit) -> Bool {
    lhs.annotation == rhs.annotation && lhs.handle?.kind == rhs.handle?.kind && lhs.handle?.id == rhs.handle?.id
      && lhs.isLink == rhs.isLink && lhs.onText == rhs.onText
  }
}

extension ToolManager {
  /// What is under `event`'s point: a handle of a selected annotation, an annotation, a link,
  /// text. Writes nothing and changes no state.
  public func hitTest(_ event: PointerEvent) throws(PDFError) -> ToolHit {
    try run { () throws(PDFError) -> ToolHit in
      try checkPoint(event)
      let context = try pageContext(event.page)
      var hit = ToolHit()
      guard ToolGeometry.isOnPage(event.point, context.size) else { return hit }
      if editsAnnotations,
        let (id, item) = try handle(at: event.point, page: event.page, transform: context.transform, pointer: event.kind)
      {
        hit.annotation = id
        hit.handle = (item.handleKind, item.handleID)
      } else if let found = try annotation(at: event.point, page: event.page, tolerance: event.kind.tolerance),
        found.subtype == "Link" || editsAnnotations
      {
        hit.annotation = found.id
        hit.isLink = found.subtype == "Link"
      }
      hit.onText = try isOnText(event.point, page: event.page, tolerance: 1)
      return hit
    }
  }
}
