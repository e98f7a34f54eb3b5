// SPDX-License-Identifier: GPL-3.0-or-later

/// Where each page of a document sits in a viewer's scrollable canvas, and the mappings between
/// canvas points and page display-space points. Geometry only: nothing is drawn.
///
/// Canvas space has its origin at the canvas's top-left corner, y down, in the host's units
/// (pixels at the host's own zoom 1). A page's rect in the canvas is its display space (see
/// ``PageTransform``) scaled by ``scale`` and moved.
///
/// Pages are grouped into spreads (one page, or two side by side in the two-up modes); spreads
/// follow each other along the primary axis (down, or across in the horizontal mode). The
/// offsets of spreads are prefix sums, so a query is a binary search and one page's new size
/// costs one pass over the spreads, never over the pages' geometry again.
public struct PageLayout: Sendable {
  /// One spread: a run of shown pages placed together.
  struct Spread: Sendable {
    /// Position in ``shown`` of its first page.
    var first: Int
    /// One or two pages.
    var count: Int
    /// The reading slot of its first page: 0, or 1 for a cover page standing on the second side.
    var slot: Int
    /// Unscaled extent along the primary axis (row height, or page width in the horizontal mode).
    var primary: Double = 0
    /// Unscaled extent across it (both slots' widths, or the page height in the horizontal mode).
    var cross: Double = 0
  }

  /// Every page of the document, by index.
  public private(set) var pages: [LayoutPage]
  /// The current choices.
  public private(set) var options: LayoutOptions
  /// The pages shown, in reading order (all of them unless a subset was set).
  public private(set) var shown: [Int]
  /// Canvas units per display-space unit, after the zoom mode.
  public private(set) var scale: Double = 1
  /// The page whose spread the paged modes show (nil when no page is shown).
  public private(set) var currentPage: Int?
  /// Page index to position in ``shown``, or -1.
  private var positions: [Int32]
  private var spreads: [Spread] = []
  /// offsets[k] is the sum of the primary extents of the spreads before k (unscaled).
  private var offsets: [Double] = [0]
  private var largestPrimary = 0.0
  private var largestCross = 0.0

  /// A layout of `pages` (checked) with `options` (checked), showing every page.
  public init(pages: [LayoutPage], options: LayoutOptions) throws(PDFError) {
    guard pages.count <= LayoutLimits.pages else {
      throw PDFError(.outOfRange, "\(pages.count) pages are more than a layout holds (\(LayoutLimits.pages))")
    }
    var checked: [LayoutPage] = []
    checked.reserveCapacity(pages.count)
    for (index, page) in pages.enumerated() { checked.append(try page.validated(index)) }
    try options.validate()
    self.pages = checked
    self.options = options
    shown = Array(checked.indices)
    positions = (0..<checked.count).map { Int32(truncatingIfNeeded: $0) }
    currentPage = shown.first
    rebuild()
  }

  // MARK: - Changes

  /// Replaces the options and lays the pages out again; the current page is kept.
  public mutating func setOptions(_ newOptions: LayoutOptions) throws(PDFError) {
    try newOptions.validate()
    options = newOptions
    rebuild()
  }

  /// Gives page `index` a new size or rotation; costs one pass over the spreads.
  public mutating func setPage(_ index: Int, _ page: LayoutPage) throws(PDFError) {
    try checkIndex(index)
    pages[index] = try page.validated(index)
    guard let position = shownPosition(index) else { return }
    let spread = spreadIndex(position)
    measure(spread)
    accumulate(from: spread)
    fitScale()
  }

  /// Shows only `subset`, in its order (nil shows every page). A page may appear once. The
  /// current page is kept when it stays shown, else it becomes the first page shown.
  public mutating func setSubset(_ subset: [Int]?) throws(PDFError) {
    var newPositions = [Int32](repeating: -1, count: pages.count)
    let list = subset ?? Array(pages.indices)
    for (position, page) in list.enumerated() {
      try checkIndex(page)
      guard newPositions[page] < 0 else {
        throw PDFError(.invalidArgument, "page \(page) appears twice in the subset")
      }
      newPositions[page] = Int32(truncatingIfNeeded: position)
    }
    shown = list
    positions = newPositions
    if let page = currentPage, shownPosition(page) == nil { currentPage = shown.first }
    if currentPage == nil { currentPage = shown.first }
    rebuild()
  }

  /// Makes `page` the current page: in the paged modes its spread becomes the canvas.
  public mutating func setCurrentPage(_ page: Int) throws(PDFError) {
    try checkIndex(page)
    guard shownPosition(page) != nil else {
      throw PDFError(.notFound, "page \(page) is not in the layout's page subset")
    }
    currentPage = page
  }

  // MARK: - Queries

  /// The canvas's width and height.
  public var canvasSize: (width: Double, height: Double) {
    let count = spreads.count
    let margins = 2 * options.margin
    let gaps = Double(max(count - 1, 0)) * options.pageGap
    if options.mode == .horizontalContinuous {
      return (margins + scale * offsets[count] + gaps, margins + scale * largestCross)
    }
    if options.mode.isPaged {
      guard let spread = currentSpread else { return (margins, margins) }
      return (margins + spreadWidth(spreads[spread]), margins + scale * spreads[spread].primary)
    }
    return (margins + (count > 0 ? scale * largestCross + innerGap : 0), margins + scale * offsets[count] + gaps)
  }

  /// The rect of page `index` in canvas space, or nil when the page is not shown (outside the
  /// subset, or not on the current spread of a paged mode).
  public func pageRect(_ index: Int) throws(PDFError) -> Rect? {
    try checkIndex(index)
    guard let position = shownPosition(index) else { return nil }
    let spread = spreadIndex(position)
    if options.mode.isPaged && spread != currentSpread { return nil }
    return rect(position: position, spread: spread)
  }

  /// The shown page under the canvas point (x, y), with the point in that page's display space;
  /// nil over margins and gaps.
  public func page(at x: Double, _ y: Double) -> (page: Int, x: Double, y: Double)? {
    guard x.isFinite, y.isFinite, let spread = spread(along: primaryCoordinate(x, y)) else { return nil }
    for position in positions(of: spreads[spread]) {
      let frame = rect(position: position, spread: spread)
      if x >= frame.x0 && x <= frame.x1 && y >= frame.y0 && y <= frame.y1 {
        return (shown[position], (x - frame.x0) / scale, (y - frame.y0) / scale)
      }
    }
    return nil
  }

  /// The pages that overlap `viewport` (a canvas rect) with a positive area, in reading order:
  /// each with its canvas rect and the part of it in view, in the page's display space.
  public func visiblePages(_ viewport: Rect) -> [VisiblePage] {
    guard viewport.x0.isFinite, viewport.y0.isFinite, viewport.x1.isFinite, viewport.y1.isFinite else { return [] }
    let range: ClosedRange<Double>
    if options.mode == .horizontalContinuous {
      let width = canvasSize.width
      range = options.rightToLeft ? (width - viewport.x1)...(width - viewport.x0) : viewport.x0...viewport.x1
    } else {
      range = viewport.y0...viewport.y1
    }
    var result: [VisiblePage] = []
    var spread = spread(startingAt: range.lowerBound)
    while let index = spread, index < spreads.count, start(of: index) < range.upperBound {
      for position in positions(of: spreads[index]) {
        let frame = rect(position: position, spread: index)
        guard let seen = frame.intersection(viewport) else { continue }
        let visible = Rect(
          (seen.x0 - frame.x0) / scale, (seen.y0 - frame.y0) / scale, (seen.x1 - frame.x0) / scale,
          (seen.y1 - frame.y0) / scale)
        result.append(VisiblePage(page: shown[position], canvasRect: frame, visibleRect: visible))
      }
      spread = options.mode.isPaged ? nil : index + 1
    }
    return result
  }

  /// The canvas point of the display-space point (x, y) of page `index`, or nil when the page
  /// is not shown.
  public func canvasPoint(page index: Int, _ x: Double, _ y: Double) throws(PDFError) -> (x: Double, y: Double)? {
    guard let frame = try pageRect(index) else { return nil }
    return (frame.x0 + x * scale, frame.y0 + y * scale)
  }

  /// The canvas point (x, y) in the display space of page `index`, also beyond its edges (for a
  /// gesture that started on the page), or nil when the page is not shown.
  public func pagePoint(page index: Int, _ x: Double, _ y: Double) throws(PDFError) -> (x: Double, y: Double)? {
    guard let frame = try pageRect(index) else { return nil }
    return ((x - frame.x0) / scale, (y - frame.y0) / scale)
  }

  /// The scroll offset (the canvas point at the viewport's top-left corner) that shows the
  /// display-space point (x, y) of page `index` at the top-left, kept within the canvas
  /// (from 0 to the canvas size less the viewport); nil when the page is not shown.
  public func scrollPosition(page index: Int, _ x: Double, _ y: Double) throws(PDFError) -> (x: Double, y: Double)? {
    guard let point = try canvasPoint(page: index, x, y) else { return nil }
    let size = canvasSize
    let limitX = max(size.width - options.viewportWidth, 0)
    let limitY = max(size.height - options.viewportHeight, 0)
    return (min(max(point.x, 0), limitX), min(max(point.y, 0), limitY))
  }

  // MARK: - Building

  /// Groups the shown pages into spreads and measures everything.
  private mutating func rebuild() {
    spreads = []
    spreads.reserveCapacity(options.mode.isTwoUp ? shown.count / 2 + 1 : shown.count)
    var position = 0
    if options.mode.isTwoUp && options.coverPage && !shown.isEmpty {
      spreads.append(Spread(first: 0, count: 1, slot: 1))
      position = 1
    }
    while position < shown.count {
      let count = options.mode.isTwoUp ? min(2, shown.count - position) : 1
      spreads.append(Spread(first: position, count: count, slot: 0))
      position += count
    }
    for index in spreads.indices { measure(index) }
    accumulate(from: 0)
    fitScale()
  }

  /// Computes the unscaled extents of spread `index` from its pages.
  private mutating func measure(_ index: Int) {
    var spread = spreads[index]
    let first = pages[shown[spread.first]].displaySize
    if options.mode == .horizontalContinuous {
      spread.primary = first.width
      spread.cross = first.height
    } else if spread.count == 2 {
      let second = pages[shown[spread.first + 1]].displaySize
      spread.primary = max(first.height, second.height)
      spread.cross = first.width + second.width
    } else {
      spread.primary = first.height
      spread.cross = options.mode.isTwoUp ? 2 * first.width : first.width
    }
    spreads[index] = spread
  }

  /// Recomputes the offsets from spread `index` on, and the largest extents.
  private mutating func accumulate(from index: Int) {
    if offsets.count != spreads.count + 1 {
      offsets = [Double](repeating: 0, count: spreads.count + 1)
    }
    var total = offsets[index]
    for spread in index..<spreads.count {
      total += spreads[spread].primary
      offsets[spread + 1] = total
    }
    largestPrimary = 0
    largestCross = 0
    for spread in spreads {
      largestPrimary = max(largestPrimary, spread.primary)
      largestCross = max(largestCross, spread.cross)
    }
  }

  /// Sets ``scale`` from the zoom mode and the largest spread.
  private mutating func fitScale() {
    let horizontal = options.mode == .horizontalContinuous
    let widest = horizontal ? largestPrimary : largestCross
    let tallest = horizontal ? largestCross : largestPrimary
    let room = (
      width: options.viewportWidth - 2 * options.margin - (horizontal ? 0 : innerGap),
      height: options.viewportHeight - 2 * options.margin
    )
    let fitted: Double
    switch options.zoom {
    case .fixed: fitted = options.scale
    case .fitWidth: fitted = widest > 0 ? room.width / widest : 1
    case .fitHeight: fitted = tallest > 0 ? room.height / tallest : 1
    case .fitPage: fitted = widest > 0 && tallest > 0 ? min(room.width / widest, room.height / tallest) : 1
    }
    scale = min(max(fitted, LayoutLimits.minimumScale), LayoutLimits.maximumScale)
  }

  // MARK: - Geometry

  /// The gap between the two slots of a two-up spread.
  private var innerGap: Double { options.mode.isTwoUp ? options.pageGap : 0 }

  /// The spread shown by the paged modes.
  private var currentSpread: Int? {
    guard let page = currentPage, let position = shownPosition(page) else { return nil }
    return spreadIndex(position)
  }

  /// The canvas width of a spread of the vertical modes.
  private func spreadWidth(_ spread: Spread) -> Double { scale * spread.cross + innerGap }

  /// Where spread `index` starts along the primary axis (mirrored in a right-to-left row).
  private func start(of index: Int) -> Double {
    if options.mode.isPaged { return options.margin }
    return options.margin + scale * offsets[index] + Double(index) * options.pageGap
  }

  /// The canvas coordinate along the primary axis, mirrored for a right-to-left row.
  private func primaryCoordinate(_ x: Double, _ y: Double) -> Double {
    guard options.mode == .horizontalContinuous else { return y }
    return options.rightToLeft ? canvasSize.width - x : x
  }

  /// The spread whose extent along the primary axis holds `coordinate`, or nil.
  private func spread(along coordinate: Double) -> Int? {
    guard let index = spread(startingAt: coordinate) else { return nil }
    let begin = start(of: index)
    return coordinate >= begin && coordinate <= begin + scale * spreads[index].primary ? index : nil
  }

  /// The last spread that starts at or before `coordinate` (the first spread when none does);
  /// the current spread in the paged modes; nil when there are no spreads.
  private func spread(startingAt coordinate: Double) -> Int? {
    guard !spreads.isEmpty else { return nil }
    if options.mode.isPaged { return currentSpread }
    var low = 0
    var high = spreads.count - 1
    while low < high {
      let middle = low + (high - low + 1) / 2
      if start(of: middle) <= coordinate { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The positions of the pages of a spread.
  private func positions(of spread: Spread) -> Range<Int> { spread.first..<(spread.first + spread.count) }

  /// The canvas rect of the page at `position`, which belongs to spread `index`.
  private func rect(position: Int, spread index: Int) -> Rect {
    let spread = spreads[index]
    let size = pages[shown[position]].displaySize
    let width = scale * size.width
    let height = scale * size.height
    let begin = start(of: index)
    if options.mode == .horizontalContinuous {
      let top = options.margin + scale * (largestCross - size.height) / 2
      let left = options.rightToLeft ? canvasSize.width - begin - width : begin
      return Rect(left, top, left + width, top + height)
    }
    let top = begin + scale * (spread.primary - size.height) / 2
    let canvasWidth = canvasSize.width
    var left = (canvasWidth - spreadWidth(spread)) / 2
    if options.mode.isTwoUp {
      let readingSlot = spread.slot + (position - spread.first)
      let visualSlot = options.rightToLeft ? 1 - readingSlot : readingSlot
      if visualSlot == 1 {
        let leftSlotWidth: Double
        if spread.count == 2 {
          let leftPosition = options.rightToLeft ? spread.first + 1 : spread.first
          leftSlotWidth = pages[shown[leftPosition]].displaySize.width
        } else {
          leftSlotWidth = size.width
        }
        left += scale * leftSlotWidth + options.pageGap
      }
    }
    return Rect(left, top, left + width, top + height)
  }

  /// The position of page `index` in ``shown``, or nil.
  private func shownPosition(_ index: Int) -> Int? {
    guard index >= 0, index < positions.count, positions[index] >= 0 else { return nil }
    return Int(positions[index])
  }

  /// The spread holding the page at `position`.
  private func spreadIndex(_ position: Int) -> Int {
    guard options.mode.isTwoUp else { return position }
    if options.coverPage { return position == 0 ? 0 : (position + 1) / 2 }
    return position / 2
  }

  /// Fails unless `index` names a page.
  private func checkIndex(_ index: Int) throws(PDFError) {
    guard index >= 0, index < pages.count else {
      throw PDFError(.outOfRange, "page index \(index) is out of range (the layout has \(pages.count) pages)")
    }
  }
}

/// A page in a viewport: its canvas rect and the part in view, in its display space.
public struct VisiblePage: Sendable, Equatable {
  /// The page index.
  public var page: Int
  /// The whole page in canvas space.
  public var canvasRect: Rect
  /// The part of the page inside the viewport, in the page's display space (zoom 1).
  public var visibleRect: Rect
}
