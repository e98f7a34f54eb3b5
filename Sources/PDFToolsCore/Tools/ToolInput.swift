// SPDX-License-Identifier: GPL-3.0-or-later
/// Modifier keys held during an event; raw values match `pdftools_modifiers`.
public struct Modifiers: OptionSet, Sendable {
  /// The bits.
  public let rawValue: UInt32
  /// Creates a set from bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }
  /// Shift: constrain shapes and angles, keep the aspect, nudge further.
  public static let shift = Modifiers(rawValue: 1 << 0)
  /// Control: toggle selection membership.
  public static let control = Modifiers(rawValue: 1 << 1)
  /// Alt.
  public static let alt = Modifiers(rawValue: 1 << 2)
  /// Meta: as Control.
  public static let meta = Modifiers(rawValue: 1 << 3)
}

/// What made a pointer event; raw values match `pdftools_pointer_kind`.
public enum PointerKind: Int32, Sendable {
  /// Mouse or touchpad.
  case mouse = 0
  /// Stylus.
  case pen = 1
  /// Finger.
  case touch = 2

  /// The hit tolerance in display units.
  var tolerance: Double { self == .touch ? 10 : 4 }
}

/// One pointer event in the display space of a page.
public struct PointerEvent: Sendable {
  /// The page under the pointer.
  public var page: Int
  /// The position in display space.
  public var point: Point
  /// Modifier keys.
  public var modifiers: Modifiers
  /// The device.
  public var kind: PointerKind
  /// Pen pressure 0...1 (0: unknown).
  public var pressure: Double
  /// Seconds on a monotonic clock (0: unknown).
  public var timestamp: Double

  /// Creates an event.
  public init(
    page: Int, _ point: Point, modifiers: Modifiers = [], kind: PointerKind = .mouse, pressure: Double = 0,
    timestamp: Double = 0
  ) {
    self.page = page
    self.point = point
    self.modifiers = modifiers
    self.kind = kind
    self.pressure = pressure
    self.timestamp = timestamp
  }
}

/// Keys the tools react to; raw values match `pdftools_key`.
public enum ToolKey: Int32, Sendable {
  /// Delete the selection.
  case delete = 1
  /// Delete the selection, or the last clicked vertex.
  case backspace = 2
  /// Cancel.
  case escape = 3
  /// Finish a session.
  case enter = 4
  /// Nudge left.
  case left = 5
  /// Nudge right.
  case right = 6
  /// Nudge up.
  case up = 7
  /// Nudge down.
  case down = 8
  /// The next form field (with Shift: the previous one).
  case tab = 9
}

/// What a tool manager tells its host; kinds match `pdftools_tool_event_kind`.
public struct ToolNotification: Sendable, Equatable {
  /// The kinds of notification.
  public enum Kind: Int32, Sendable {
    /// The current tool changed.
    case toolChanged = 1
    /// The mode changed.
    case modeChanged = 2
    /// The selection changed.
    case selectionChanged = 3
    /// Annotations were created.
    case annotationsAdded = 4
    /// Annotations were changed.
    case annotationsModified = 5
    /// Annotations were deleted.
    case annotationsRemoved = 6
    /// An undo step was written.
    case undoState = 7
    /// The host must supply text (``ToolManager/commitText(_:)``).
    case requestText = 8
    /// The host must supply an image, file or signature.
    case requestPayload = 9
    /// The host must supply a link target.
    case requestLinkTarget = 10
    /// A link was followed.
    case linkActivated = 11
    /// A form field took the focus for typing (ids: its widget; text: its full name), or
    /// lost it (no ids).
    case fieldFocused = 12
    /// A combo or list box was tapped: the host shows its options (ids: the widget; text:
    /// the field's full name) and sets the choice through the field functions.
    case requestChoice = 13
  }

  /// The kind.
  public var kind: Kind
  /// The tool concerned.
  public var tool: ToolKind
  /// The page concerned, or -1.
  public var page: Int = -1
  /// Annotation ids.
  public var ids: [Int64] = []
  /// Text, as the kind describes.
  public var text: String? = nil
  /// The destination page of a followed link, or -1.
  public var targetPage: Int = -1
}
