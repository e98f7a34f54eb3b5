// SPDX-License-Identifier: GPL-3.0-or-later
/// A pointer gesture in progress: everything in the display space of its page.
struct Gesture {
  /// What the gesture does.
  enum Kind {
    /// A box or line from start to current (shapes, placements, links, box select).
    case shape
    /// A press that only counts as a tap (notes, links followed, vertices).
    case tapOnly(link: Int64?)
    /// A text range from an anchor (page space) to the pointer, with the live selection.
    case textRange(anchorPage: Int, anchor: Point, selection: TextSelection?)
    /// A freehand stroke (ink) or eraser path.
    case stroke(points: [Point])
    /// Moving the selection; `movable` excludes Locked annotations and text markups.
    case move(movable: [Int64])
    /// Resizing one annotation by box handle `handle` from `frame`.
    case resize(id: Int64, handle: Int, frame: Rect)
    /// Dragging a line endpoint (0 start, 1 end) of `line`.
    case endpoint(id: Int64, which: Int, line: (Point, Point))
    /// Dragging vertex `index` of `vertices`.
    case vertex(id: Int64, index: Int, vertices: [Point])
    /// Dragging one end of a text markup; `fixed` (page space) is the other end.
    case markupEnd(id: Int64, fixed: Point, selection: TextSelection?)
    /// A rubber band selecting annotations.
    case boxSelect
    /// A press on a form field's widget (an annotation id): a tap fills it.
    case widget(id: Int64)
  }

  /// The tool that owns the gesture.
  var tool: ToolKind
  /// The page it started on.
  var page: Int
  /// The page's maps.
  var transform: PageTransform
  /// The page's display size.
  var size: (width: Double, height: Double)
  /// Where it started.
  var start: Point
  /// Where the pointer is (clamped to the page).
  var current: Point
  /// Modifiers of the latest event.
  var modifiers: Modifiers
  /// The device.
  var pointer: PointerKind
  /// The tool's style at pointer down.
  var style: ToolStyle
  /// True once the pointer went 2 units from the start.
  var moved = false
  /// What it does.
  var kind: Kind
  /// Annotations an eraser has touched: ink strokes by annotation, and whole annotations.
  var erased = ErasedSet()

  /// The page-space point of a display-space point.
  func toPage(_ point: Point) -> Point { transform.toPage.apply(point) }
}

/// What an eraser gesture will remove.
struct ErasedSet {
  /// Ink annotations on the page with their strokes in display space (loaded at pointer down).
  var inks: [(id: Int64, strokes: [[Point]])] = []
  /// Other erasable annotations with their display rectangles and, for lines, polylines and
  /// polygons, their drawn outline (closed for polygons).
  var others: [(id: Int64, frame: Rect, outline: [Point], closed: Bool)] = []
  /// Stroke indices hit, per ink annotation.
  var strokesHit: [Int64: Set<Int>] = [:]
  /// Whole annotations hit.
  var wholeHit: [Int64] = []
}

/// Vertices clicked by a polyline-like tool.
struct VertexSession {
  /// The tool.
  var tool: ToolKind
  /// The page.
  var page: Int
  /// The page's maps.
  var transform: PageTransform
  /// Vertices in display space.
  var points: [Point]
  /// The pointer position for the rubber segment.
  var hover: Point?
  /// Style at the first click.
  var style: ToolStyle
}

/// The ink annotation a freehand session writes into.
struct InkSession {
  /// The tool.
  var tool: ToolKind
  /// The page.
  var page: Int
  /// The annotation (made by the first stroke).
  var id: Int64
  /// The strokes so far, in page space.
  var strokes: [[Point]]
  /// Merges the session's steps into one.
  var key: Journal.CoalescingKey
}

/// A placement waiting for the host.
struct PendingPlacement {
  /// What the host must give.
  enum Need: Equatable {
    /// Text (notes, free text, callouts) or new contents of an annotation.
    case text
    /// An image, file or signature.
    case payload(String)
    /// A link target.
    case linkTarget
  }

  /// The tool.
  var tool: ToolKind
  /// The page.
  var page: Int
  /// The page's maps.
  var transform: PageTransform
  /// The box in display space.
  var box: Rect
  /// Callout anchor (display space).
  var anchor: Point?
  /// Link quads (page space) when the link covers text.
  var quads: [Quad]
  /// Style at pointer down.
  var style: ToolStyle
  /// What is missing.
  var need: Need
  /// For text: an existing annotation whose /Contents is edited instead.
  var editing: Int64?
  /// True when the box came from a tap (its size then follows the payload).
  var fromTap: Bool
}

/// Payloads the host supplied.
struct Payloads {
  /// Image bytes and pixel size.
  var image: (bytes: [UInt8], width: Int, height: Int)?
  /// A file.
  var file: (name: String, bytes: [UInt8])?
  /// An ink signature in a unit box.
  var ink: [[Point]]?
  /// Which signature kind was given last.
  var signatureIsImage = false
  /// A link target, used once.
  var link: LinkTarget?
}

/// Where a link goes.
enum LinkTarget {
  /// A URI.
  case uri(String)
  /// A page index.
  case page(Int)
}

/// Facts about one annotation that tools need.
struct AnnotationInfo {
  /// The id.
  var id: Int64
  /// Its page.
  var page: Int
  /// /Subtype.
  var subtype: String
  /// /F.
  var flags: UInt32

  /// Hidden from the user (Invisible, Hidden, NoView).
  var isHidden: Bool { flags & (1 | 2 | 32) != 0 }
  /// ReadOnly.
  var isReadOnly: Bool { flags & 64 != 0 }
  /// Locked: not moved, resized or deleted.
  var isLocked: Bool { flags & 128 != 0 }
  /// LockedContents.
  var contentsLocked: Bool { flags & 512 != 0 }
  /// True when a tap may select it.
  var isSelectable: Bool { !isHidden && !isReadOnly && subtype != "Popup" && subtype != "Widget" }
  /// True for text markups (anchored to text: their body does not move).
  var isTextMarkup: Bool { ["Highlight", "Underline", "Squiggly", "StrikeOut"].contains(subtype) }
}
