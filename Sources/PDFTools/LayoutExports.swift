// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// A layout given to the host, with the lock that serializes calls on it.
private final class LayoutEntry: @unchecked Sendable {
  private let lock = Lock()
  private var layout: PageLayout

  init(_ layout: PageLayout) { self.layout = layout }

  /// Runs `body` on the layout under its lock.
  func with<T>(_ body: (inout PageLayout) throws(PDFError) -> T) throws(PDFError) -> T {
    try lock.withLock { () throws(PDFError) -> T in try body(&layout) }
  }
}

/// The live layouts, by handle value (see ``HandleTable``).
private enum LayoutRegistry {
  static let table = HandleTable<LayoutEntry>(base: 0x4000_0000)

  /// The layout of `handle`, or an invalid-handle error.
  static func entry(_ handle: OpaquePointer?) throws(PDFError) -> LayoutEntry {
    guard let handle else { throw PDFError(.invalidHandle, "the layout handle is NULL") }
    guard let found = table.entry(handle) else {
      throw PDFError(.invalidHandle, "the layout handle was freed or was not made by this library")
    }
    return found
  }
}

/// The growing structs of the layout functions.
private enum LayoutStructs {
  /// pdftools_layout_options: single page continuous, gaps and margins of 8, scale 1.
  static let options: GrowingStruct<pdftools_layout_options> = {
    let core = LayoutOptions()
    return GrowingStruct(
      name: "pdftools_layout_options", sizes: [MemoryLayout<pdftools_layout_options>.size],
      defaults: cOptions(core))
  }()
  /// pdftools_visible_page: the struct's first version is the whole of today's.
  static let visiblePageSize = MemoryLayout<pdftools_visible_page>.size
}

/// The C form of core options.
private func cOptions(_ options: LayoutOptions) -> pdftools_layout_options {
  var value = pdftools_layout_options()
  value.version = UInt32(PDFTOOLS_LAYOUT_OPTIONS_VERSION)
  value.mode = pdftools_layout_mode(rawValue: UInt32(bitPattern: options.mode.rawValue))
  value.cover_page = options.coverPage ? 1 : 0
  value.right_to_left = options.rightToLeft ? 1 : 0
  value.page_gap = options.pageGap
  value.margin = options.margin
  value.zoom = pdftools_zoom_mode(rawValue: UInt32(bitPattern: options.zoom.rawValue))
  value.scale = options.scale
  value.viewport_width = options.viewportWidth
  value.viewport_height = options.viewportHeight
  return value
}

/// The core form of the caller's options (NULL: defaults), version and enums checked.
private func coreOptions(_ pointer: UnsafePointer<pdftools_layout_options>?) throws(PDFError) -> LayoutOptions {
  guard let pointer else { return LayoutOptions() }
  let value = try LayoutStructs.options.read(pointer)
  guard let mode = LayoutMode(rawValue: Int32(bitPattern: value.mode.rawValue)) else {
    throw PDFError(.invalidArgument, "\(value.mode.rawValue) is not a pdftools_layout_mode value")
  }
  guard let zoom = ZoomMode(rawValue: Int32(bitPattern: value.zoom.rawValue)) else {
    throw PDFError(.invalidArgument, "\(value.zoom.rawValue) is not a pdftools_zoom_mode value")
  }
  var options = LayoutOptions()
  options.mode = mode
  options.coverPage = value.cover_page != 0
  options.rightToLeft = value.right_to_left != 0
  options.pageGap = value.page_gap
  options.margin = value.margin
  options.zoom = zoom
  options.scale = value.scale
  options.viewportWidth = value.viewport_width
  options.viewportHeight = value.viewport_height
  return options
}

/// The core form of one caller page.
private func corePage(_ page: pdftools_layout_page) -> LayoutPage {
  LayoutPage(width: page.width, height: page.height, rotation: Int(page.rotation))
}

/// Registers a new layout and hands out its handle.
private func hand(
  _ layout: PageLayout, _ out: UnsafeMutablePointer<OpaquePointer?>
) {
  out.pointee = LayoutRegistry.table.add(LayoutEntry(layout))
}

/// Runs a query that maps a point through a shown page.
private func mapPoint(
  _ handle: OpaquePointer?, _ page: Int32, _ outX: UnsafeMutablePointer<Double>?,
  _ outY: UnsafeMutablePointer<Double>?,
  _ body: (PageLayout, Int) throws(PDFError) -> (x: Double, y: Double)?
) -> pdftools_status {
  call { () throws(PDFError) in
    let point = try LayoutRegistry.entry(handle).with { (layout) throws(PDFError) in try body(layout, Int(page)) }
    guard let point else { throw PDFError(.notFound, "page \(page) is not shown by the layout") }
    outX?.pointee = point.x
    outY?.pointee = point.y
  }
}

/// Default layout options of a version.
@_cdecl("pdftools_layout_options_init")
public func abiLayoutOptionsInit(_ options: UnsafeMutablePointer<pdftools_layout_options>?, _ version: UInt32)
  -> pdftools_status
{ LayoutStructs.options.initialise(options, version) }

/// Makes a layout of the caller's pages.
@_cdecl("pdftools_layout_new")
public func abiLayoutNew(
  _ pages: UnsafePointer<pdftools_layout_page>?, _ count: Int32, _ options: UnsafePointer<pdftools_layout_options>?,
  _ outLayout: UnsafeMutablePointer<OpaquePointer?>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let out = try require(outLayout, "out_layout")
    let given = try givenArray(pages, count, "pages") ?? []
    hand(try PageLayout(pages: given.map(corePage), options: try coreOptions(options)), out)
  }
}

/// Makes a layout of a document's pages.
@_cdecl("pdftools_layout_new_for_document")
public func abiLayoutNewForDocument(
  _ document: OpaquePointer?, _ options: UnsafePointer<pdftools_layout_options>?,
  _ outLayout: UnsafeMutablePointer<OpaquePointer?>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outLayout, "out_layout")
    let settings = try coreOptions(options)
    hand(try PageLayout(pages: try doc.layoutPages(), options: settings), out)
  }
}

/// Frees a layout.
@_cdecl("pdftools_layout_free")
public func abiLayoutFree(_ layout: OpaquePointer?) {
  _ = LayoutRegistry.table.remove(layout)
}

/// Replaces the options.
@_cdecl("pdftools_layout_set_options")
public func abiLayoutSetOptions(_ layout: OpaquePointer?, _ options: UnsafePointer<pdftools_layout_options>?)
  -> pdftools_status
{
  call { () throws(PDFError) in
    let entry = try LayoutRegistry.entry(layout)
    let settings = try coreOptions(options)
    try entry.with { (layout) throws(PDFError) in try layout.setOptions(settings) }
  }
}

/// Copies the options out.
@_cdecl("pdftools_layout_get_options")
public func abiLayoutGetOptions(_ layout: OpaquePointer?, _ outOptions: UnsafeMutablePointer<pdftools_layout_options>?)
  -> pdftools_status
{
  call { () throws(PDFError) in
    let settings = try LayoutRegistry.entry(layout).with { (layout) throws(PDFError) in layout.options }
    try LayoutStructs.options.store(cOptions(settings), outOptions, "out_options")
  }
}

/// Gives one page a new size and rotation.
@_cdecl("pdftools_layout_set_page")
public func abiLayoutSetPage(_ layout: OpaquePointer?, _ index: Int32, _ page: UnsafePointer<pdftools_layout_page>?)
  -> pdftools_status
{
  call { () throws(PDFError) in
    let entry = try LayoutRegistry.entry(layout)
    guard let page else { throw PDFError(.invalidArgument, "page is NULL") }
    let value = corePage(page.pointee)
    try entry.with { (layout) throws(PDFError) in try layout.setPage(Int(index), value) }
  }
}

/// Shows a subset of the pages.
@_cdecl("pdftools_layout_set_subset")
public func abiLayoutSetSubset(_ layout: OpaquePointer?, _ pages: UnsafePointer<Int32>?, _ count: Int32)
  -> pdftools_status
{
  call { () throws(PDFError) in
    let entry = try LayoutRegistry.entry(layout)
    let subset = try givenArray(pages, count, "pages")?.map { Int($0) }
    try entry.with { (layout) throws(PDFError) in try layout.setSubset(subset) }
  }
}

/// Makes a page current.
@_cdecl("pdftools_layout_set_current_page")
public func abiLayoutSetCurrentPage(_ layout: OpaquePointer?, _ index: Int32) -> pdftools_status {
  call { () throws(PDFError) in
    try LayoutRegistry.entry(layout).with { (layout) throws(PDFError) in try layout.setCurrentPage(Int(index)) }
  }
}

/// The current page.
@_cdecl("pdftools_layout_get_current_page")
public func abiLayoutGetCurrentPage(_ layout: OpaquePointer?, _ outIndex: UnsafeMutablePointer<Int32>?)
  -> pdftools_status
{
  call { () throws(PDFError) in
    let entry = try LayoutRegistry.entry(layout)
    let out = try require(outIndex, "out_page_index")
    let page = try entry.with { (layout) throws(PDFError) in layout.currentPage }
    out.pointee = page.map { Int32(truncatingIfNeeded: $0) } ?? -1
  }
}

/// The scale in use.
@_cdecl("pdftools_layout_get_scale")
public func abiLayoutGetScale(_ layout: OpaquePointer?, _ outScale: UnsafeMutablePointer<Double>?) -> pdftools_status {
  call { () throws(PDFError) in
    let entry = try LayoutRegistry.entry(layout)
    let out = try require(outScale, "out_scale")
    out.pointee = try entry.with { (layout) throws(PDFError) in layout.scale }
  }
}

/// The canvas size.
@_cdecl("pdftools_layout_get_canvas_size")
public func abiLayoutGetCanvasSize(
  _ layout: OpaquePointer?, _ outWidth: UnsafeMutablePointer<Double>?, _ outHeight: UnsafeMutablePointer<Double>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let size = try LayoutRegistry.entry(layout).with { (layout) throws(PDFError) in layout.canvasSize }
    outWidth?.pointee = size.width
    outHeight?.pointee = size.height
  }
}

/// A page's canvas rect.
@_cdecl("pdftools_layout_get_page_rect")
public func abiLayoutGetPageRect(_ layout: OpaquePointer?, _ index: Int32, _ outRect: UnsafeMutablePointer<pdftools_rect>?)
  -> pdftools_status
{
  call { () throws(PDFError) in
    let entry = try LayoutRegistry.entry(layout)
    let out = try require(outRect, "out_rect")
    let rect = try entry.with { (layout) throws(PDFError) in try layout.pageRect(Int(index)) }
    guard let rect else { throw PDFError(.notFound, "page \(index) is not shown by the layout") }
    out.pointee = cRect(rect)
  }
}

/// The page under a canvas point.
@_cdecl("pdftools_layout_get_page_at")
public func abiLayoutGetPageAt(
  _ layout: OpaquePointer?, _ x: Double, _ y: Double, _ outIndex: UnsafeMutablePointer<Int32>?,
  _ outX: UnsafeMutablePointer<Double>?, _ outY: UnsafeMutablePointer<Double>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let entry = try LayoutRegistry.entry(layout)
    let out = try require(outIndex, "out_page_index")
    guard let hit = try entry.with({ (layout) throws(PDFError) in layout.page(at: x, y) }) else {
      out.pointee = -1
      return
    }
    out.pointee = Int32(truncatingIfNeeded: hit.page)
    outX?.pointee = hit.x
    outY?.pointee = hit.y
  }
}

/// The pages in a viewport.
@_cdecl("pdftools_layout_get_visible_pages")
public func abiLayoutGetVisiblePages(
  _ layout: OpaquePointer?, _ viewport: UnsafePointer<pdftools_rect>?, _ elementSize: UInt,
  _ buffer: UnsafeMutablePointer<pdftools_visible_page>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let entry = try LayoutRegistry.entry(layout)
    guard let viewport else { throw PDFError(.invalidArgument, "viewport is NULL") }
    let area = viewport.pointee
    guard area.x0.isFinite, area.y0.isFinite, area.x1.isFinite, area.y1.isFinite else {
      throw PDFError(.invalidArgument, "the viewport has a coordinate that is not a finite number")
    }
    let pages = try entry.with { (layout) throws(PDFError) in
      layout.visiblePages(Rect(area.x0, area.y0, area.x1, area.y1))
    }
    let items = pages.map { page in
      pdftools_visible_page(
        page_index: Int32(truncatingIfNeeded: page.page), canvas_rect: cRect(page.canvasRect),
        visible_rect: cRect(page.visibleRect))
    }
    try copyStrided(
      items, UnsafeMutableRawPointer(buffer), elementSize: elementSize, minimum: LayoutStructs.visiblePageSize,
      capacity, outCount)
  }
}

/// A canvas point in a page's display space.
@_cdecl("pdftools_layout_canvas_to_page")
public func abiLayoutCanvasToPage(
  _ layout: OpaquePointer?, _ index: Int32, _ x: Double, _ y: Double, _ outX: UnsafeMutablePointer<Double>?,
  _ outY: UnsafeMutablePointer<Double>?
) -> pdftools_status {
  mapPoint(layout, index, outX, outY) { (layout, page) throws(PDFError) in try layout.pagePoint(page: page, x, y) }
}

/// A page's display-space point in the canvas.
@_cdecl("pdftools_layout_page_to_canvas")
public func abiLayoutPageToCanvas(
  _ layout: OpaquePointer?, _ index: Int32, _ x: Double, _ y: Double, _ outX: UnsafeMutablePointer<Double>?,
  _ outY: UnsafeMutablePointer<Double>?
) -> pdftools_status {
  mapPoint(layout, index, outX, outY) { (layout, page) throws(PDFError) in try layout.canvasPoint(page: page, x, y) }
}

/// The scroll offset that shows a page's point at the viewport's top-left.
@_cdecl("pdftools_layout_get_scroll_position")
public func abiLayoutGetScrollPosition(
  _ layout: OpaquePointer?, _ index: Int32, _ x: Double, _ y: Double, _ outX: UnsafeMutablePointer<Double>?,
  _ outY: UnsafeMutablePointer<Double>?
) -> pdftools_status {
  mapPoint(layout, index, outX, outY) { (layout, page) throws(PDFError) in
    try layout.scrollPosition(page: page, x, y)
  }
}

/// A copy of the layout of `handle` as it is now (for calls that must not hold its lock).
func layoutSnapshot(_ handle: OpaquePointer?) throws(PDFError) -> PageLayout {
  try LayoutRegistry.entry(handle).with { (layout) throws(PDFError) -> PageLayout in layout }
}
