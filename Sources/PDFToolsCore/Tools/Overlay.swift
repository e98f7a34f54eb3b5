// SPDX-License-Identifier: GPL-3.0-or-later
/// One item of a page overlay, in display space; kinds match `pdftools_overlay_kind`.
public struct OverlayItem: Sendable, Equatable {
  /// The kinds of item.
  public enum Kind: Int32, Sendable {
    /// Rectangle between 2 corners.
    case rect = 0
    /// Ellipse in the box of 2 corners.
    case ellipse = 1
    /// Open polyline.
    case path = 2
    /// Closed polygon.
    case polygon = 3
    /// Text selection quad (4 points).
    case quad = 4
    /// Handle (1 point).
    case handle = 5
    /// Caret (top and bottom).
    case caret = 6
  }

  /// Handle kinds; raw values match `pdftools_handle_kind`.
  public enum HandleKind: Int32, Sendable {
    /// Box handle 0...7.
    case box = 0
    /// Line start.
    case lineStart = 1
    /// Line end.
    case lineEnd = 2
    /// Vertex.
    case vertex = 3
    /// Start of a text range.
    case textStart = 4
    /// End of a text range.
    case textEnd = 5
  }

  /// The kind.
  public var kind: Kind
  /// The points.
  public var points: [Point]
  /// Stroke colour 0xAARRGGBB (alpha 0: none).
  public var stroke: UInt32 = 0
  /// Fill colour 0xAARRGGBB (alpha 0: none).
  public var fill: UInt32 = 0
  /// Stroke width.
  public var width: Double = 1
  /// Dash length (0: solid).
  public var dash: Double = 0
  /// Handle kind (handles only).
  public var handleKind: HandleKind = .box
  /// Handle id (handles only).
  public var handleID: Int32 = 0
  /// The annotation the item belongs to, or 0.
  public var annotation: Int64 = 0

  /// The display-space box the item paints, grown by its width and a handle's size.
  var bounds: Rect? {
    Extent(points).rect?.grown(by: width / 2 + (kind == .handle ? OverlayItem.handleRadius + 1 : 1))
  }

  /// Half the side of a drawn handle, in display units.
  static let handleRadius = 4.0

  /// 0xAARRGGBB from a colour and an alpha.
  static func argb(_ color: RGBColor?, alpha: Double = 1) -> UInt32 {
    guard let color else { return 0 }
    func byte(_ value: Double) -> UInt32 { UInt32((min(max(value, 0), 1) * 255).rounded()) }
    return byte(alpha) << 24 | byte(color.r) << 16 | byte(color.g) << 8 | byte(color.b)
  }
}

/// The overlay of one page as last handed to the host, for dirty rectangles.
struct DeliveredOverlay {
  /// The items copied last time.
  var items: [OverlayItem] = []
}
