// SPDX-License-Identifier: GPL-3.0-or-later

/// How a viewer arranges pages (the host draws; a ``PageLayout`` computes where).
public enum LayoutMode: Int32, Sendable, CaseIterable {
  /// One page at a time: the canvas holds the current page only.
  case singlePage = 0
  /// Every page, one under the other.
  case singlePageContinuous = 1
  /// Two pages side by side, one spread at a time.
  case twoUp = 2
  /// Spreads of two pages side by side, one spread under the other.
  case twoUpContinuous = 3
  /// Every page in one row.
  case horizontalContinuous = 4

  /// True for the modes that show two pages side by side.
  var isTwoUp: Bool { self == .twoUp || self == .twoUpContinuous }
  /// True for the modes that show one spread at a time.
  var isPaged: Bool { self == .singlePage || self == .twoUp }
}

/// How the scale of a layout is chosen.
public enum ZoomMode: Int32, Sendable, CaseIterable {
  /// The scale given in ``LayoutOptions/scale``.
  case fixed = 0
  /// The widest spread fills the viewport's width inside the margins.
  case fitWidth = 1
  /// The largest spread fits the viewport in both directions.
  case fitPage = 2
  /// The tallest spread fills the viewport's height inside the margins.
  case fitHeight = 3
}

/// One page as a layout sees it: its size in page-space units (the crop box times the user unit)
/// and the rotation that turns it into display space.
public struct LayoutPage: Sendable, Equatable {
  /// Unrotated width.
  public var width: Double
  /// Unrotated height.
  public var height: Double
  /// 0, 90, 180 or 270.
  public var rotation: Int

  /// A page of the given unrotated size and rotation.
  public init(width: Double, height: Double, rotation: Int = 0) {
    self.width = width
    self.height = height
    self.rotation = rotation
  }

  /// The size at zoom 1 with the rotation applied.
  var displaySize: (width: Double, height: Double) {
    rotation % 180 == 0 ? (width, height) : (height, width)
  }

  /// Checks the size and rotation; `index` names the page in the message.
  func validated(_ index: Int) throws(PDFError) -> LayoutPage {
    guard width.isFinite, height.isFinite, width > 0, height > 0, width <= LayoutLimits.pageExtent,
      height <= LayoutLimits.pageExtent
    else {
      throw PDFError(
        .invalidArgument,
        "page \(index) has the size \(width) x \(height); both must be above 0 and at most \(LayoutLimits.pageExtent)")
    }
    guard rotation % 90 == 0 else {
      throw PDFError(.invalidArgument, "page \(index) has the rotation \(rotation); it must be a multiple of 90")
    }
    let turned = ((rotation % 360) + 360) % 360
    return LayoutPage(width: width, height: height, rotation: turned)
  }
}

/// The choices of a layout. Gaps and margins are canvas units, not scaled by the zoom.
public struct LayoutOptions: Sendable, Equatable {
  /// The arrangement.
  public var mode: LayoutMode = .singlePageContinuous
  /// In the two-up modes, the first page stands alone as a cover, on the side a book's first
  /// right-hand page would be.
  public var coverPage = false
  /// Pages read right to left: the first page of a spread is on the right, and a horizontal row
  /// starts at the right end of the canvas.
  public var rightToLeft = false
  /// Space between pages and between spreads.
  public var pageGap = 8.0
  /// Space around everything.
  public var margin = 8.0
  /// How the scale is chosen.
  public var zoom: ZoomMode = .fixed
  /// Canvas units per display-space unit, for ``ZoomMode/fixed``.
  public var scale = 1.0
  /// The viewport's width in canvas units (for the fitting zooms and scroll positions).
  public var viewportWidth = 0.0
  /// The viewport's height in canvas units.
  public var viewportHeight = 0.0

  /// Defaults: single page continuous, gaps and margins of 8, scale 1, no viewport.
  public init() {}

  /// Checks every number; an error names the field.
  func validate() throws(PDFError) {
    for (name, value) in [("page_gap", pageGap), ("margin", margin)] {
      guard value.isFinite, value >= 0, value <= LayoutLimits.spacing else {
        throw PDFError(.invalidArgument, "\(name) is \(value); it must be from 0 to \(LayoutLimits.spacing)")
      }
    }
    guard scale.isFinite, scale >= LayoutLimits.minimumScale, scale <= LayoutLimits.maximumScale else {
      throw PDFError(
        .invalidArgument,
        "scale is \(scale); it must be from \(LayoutLimits.minimumScale) to \(LayoutLimits.maximumScale)")
    }
    for (name, value) in [("viewport_width", viewportWidth), ("viewport_height", viewportHeight)] {
      guard value.isFinite, value >= 0, value <= LayoutLimits.pageExtent * LayoutLimits.maximumScale else {
        throw PDFError(.invalidArgument, "\(name) is \(value); it must be a finite number of at least 0")
      }
    }
    let needsWidth = zoom == .fitWidth || zoom == .fitPage
    let needsHeight = zoom == .fitHeight || zoom == .fitPage
    if needsWidth && viewportWidth <= 0 {
      throw PDFError(.invalidArgument, "the zoom fits the viewport's width, but viewport_width is 0")
    }
    if needsHeight && viewportHeight <= 0 {
      throw PDFError(.invalidArgument, "the zoom fits the viewport's height, but viewport_height is 0")
    }
  }
}

/// Bounds on what a layout accepts, so that every coordinate stays a finite number.
enum LayoutLimits {
  /// The largest page side (PDF's own limit is 14,400 units times a user unit of at most 75,000).
  static let pageExtent = 1.0e9
  /// The largest gap or margin.
  static let spacing = 1.0e6
  /// The smallest scale, also for the fitting zooms.
  static let minimumScale = 1.0e-4
  /// The largest scale.
  static let maximumScale = 1.0e4
  /// The most pages a layout holds.
  static let pages = 10_000_000
}
