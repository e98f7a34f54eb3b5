// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The tool names as C strings that live forever, by raw value.
nonisolated(unsafe) private let toolNames: [UnsafePointer<CChar>?] = ToolKind.allCases.map {
  UnsafePointer(strdup($0.name))
}

/// A C tool value as a core tool.
private func toolKind(_ value: pdftools_tool) throws(PDFError) -> ToolKind {
  guard let kind = ToolKind(rawValue: Int32(bitPattern: value.rawValue)) else {
    throw PDFError(.invalidArgument, "\(value.rawValue) is not a pdftools_tool value")
  }
  return kind
}

/// A C pointer event as a core event.
private func pointerEvent(_ pointer: UnsafePointer<pdftools_pointer_event>?) throws(PDFError) -> PointerEvent {
  guard let pointer else { throw PDFError(.invalidArgument, "the event is NULL") }
  let value = try StructVersions.pointerEvent.read(pointer)
  guard let kind = PointerKind(rawValue: Int32(bitPattern: value.pointer_kind.rawValue)) else {
    throw PDFError(.invalidArgument, "\(value.pointer_kind.rawValue) is not a pdftools_pointer_kind value")
  }
  return PointerEvent(
    page: Int(value.page_index), Point(value.x, value.y), modifiers: Modifiers(rawValue: value.modifiers), kind: kind,
    pressure: value.pressure, timestamp: value.timestamp)
}

/// Runs a pointer call and stores whether it was handled.
private func pointerCall(
  _ manager: OpaquePointer?, _ event: UnsafePointer<pdftools_pointer_event>?, _ outHandled: UnsafeMutablePointer<Int32>?,
  _ body: (ToolManager, PointerEvent) throws(PDFError) -> Bool
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    let handled = try body(tools, try pointerEvent(event))
    outHandled?.pointee = handled ? 1 : 0
  }
}

/// Makes a tool manager.
@_cdecl("pdftools_tool_manager_new")
public func abiToolManagerNew(
  _ document: OpaquePointer?, _ outManager: UnsafeMutablePointer<OpaquePointer?>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let out = try require(outManager, "out_manager")
    out.pointee = ToolRegistry.add(ToolManager(document: doc), document: document)
  }
}

/// Frees a tool manager.
@_cdecl("pdftools_tool_manager_free")
public func abiToolManagerFree(_ manager: OpaquePointer?) {
  ToolRegistry.remove(manager)
}

/// Sets the mode.
@_cdecl("pdftools_tool_set_mode")
public func abiToolSetMode(_ manager: OpaquePointer?, _ mode: pdftools_tool_mode) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    guard let value = ToolMode(rawValue: Int32(bitPattern: mode.rawValue)) else {
      throw PDFError(.invalidArgument, "\(mode.rawValue) is not a pdftools_tool_mode value")
    }
    try tools.setMode(value)
  }
}

/// The mode.
@_cdecl("pdftools_tool_get_mode")
public func abiToolGetMode(_ manager: OpaquePointer?, _ outMode: UnsafeMutablePointer<pdftools_tool_mode>?)
  -> pdftools_status
{
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    try store(pdftools_tool_mode(rawValue: UInt32(bitPattern: tools.mode.rawValue)), outMode, "out_mode")
  }
}

/// Sets the tool.
@_cdecl("pdftools_tool_set_tool")
public func abiToolSetTool(_ manager: OpaquePointer?, _ tool: pdftools_tool, _ sticky: Int32) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    try tools.setTool(try toolKind(tool), sticky: sticky != 0)
  }
}

/// The tool.
@_cdecl("pdftools_tool_get_tool")
public func abiToolGetTool(
  _ manager: OpaquePointer?, _ outTool: UnsafeMutablePointer<pdftools_tool>?, _ outSticky: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let current = try ToolRegistry.manager(manager).tool
    outTool?.pointee = pdftools_tool(rawValue: UInt32(bitPattern: current.kind.rawValue))
    outSticky?.pointee = current.sticky ? 1 : 0
  }
}

/// A tool's name.
@_cdecl("pdftools_tool_name")
public func abiToolName(_ tool: pdftools_tool) -> UnsafePointer<CChar>? {
  let index = Int(tool.rawValue)
  guard index < toolNames.count else { return nil }
  return toolNames[index]
}

/// A tool by name.
@_cdecl("pdftools_tool_from_name")
public func abiToolFromName(_ name: UnsafePointer<CChar>?, _ outTool: UnsafeMutablePointer<pdftools_tool>?)
  -> pdftools_status
{
  call { () throws(PDFError) in
    let value = try text(name, "name")
    let out = try require(outTool, "out_tool")
    guard let kind = ToolKind(name: value) else { throw PDFError(.notFound, "there is no tool called '\(value)'") }
    out.pointee = pdftools_tool(rawValue: UInt32(bitPattern: kind.rawValue))
  }
}

/// Pointer pressed.
@_cdecl("pdftools_tool_pointer_down")
public func abiToolPointerDown(
  _ manager: OpaquePointer?, _ event: UnsafePointer<pdftools_pointer_event>?, _ outHandled: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  pointerCall(manager, event, outHandled) { (tools, event) throws(PDFError) in try tools.pointerDown(event) }
}

/// Pointer moved.
@_cdecl("pdftools_tool_pointer_move")
public func abiToolPointerMove(
  _ manager: OpaquePointer?, _ event: UnsafePointer<pdftools_pointer_event>?, _ outHandled: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  pointerCall(manager, event, outHandled) { (tools, event) throws(PDFError) in try tools.pointerMove(event) }
}

/// Pointer released.
@_cdecl("pdftools_tool_pointer_up")
public func abiToolPointerUp(
  _ manager: OpaquePointer?, _ event: UnsafePointer<pdftools_pointer_event>?, _ outHandled: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  pointerCall(manager, event, outHandled) { (tools, event) throws(PDFError) in try tools.pointerUp(event) }
}

/// Gesture cancelled.
@_cdecl("pdftools_tool_pointer_cancel")
public func abiToolPointerCancel(_ manager: OpaquePointer?, _ becameScroll: Int32) -> pdftools_status {
  call { () throws(PDFError) in try ToolRegistry.manager(manager).cancel(becameScroll: becameScroll != 0) }
}

/// A tap.
@_cdecl("pdftools_tool_tap")
public func abiToolTap(
  _ manager: OpaquePointer?, _ event: UnsafePointer<pdftools_pointer_event>?, _ outHandled: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  pointerCall(manager, event, outHandled) { (tools, event) throws(PDFError) in try tools.tap(event) }
}

/// A double tap.
@_cdecl("pdftools_tool_double_tap")
public func abiToolDoubleTap(
  _ manager: OpaquePointer?, _ event: UnsafePointer<pdftools_pointer_event>?, _ outHandled: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  pointerCall(manager, event, outHandled) { (tools, event) throws(PDFError) in try tools.doubleTap(event) }
}

/// A long press.
@_cdecl("pdftools_tool_long_press")
public func abiToolLongPress(
  _ manager: OpaquePointer?, _ event: UnsafePointer<pdftools_pointer_event>?, _ outHandled: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  pointerCall(manager, event, outHandled) { (tools, event) throws(PDFError) in try tools.longPress(event) }
}

/// What is under the pointer.
@_cdecl("pdftools_tool_hit_test")
public func abiToolHitTest(
  _ manager: OpaquePointer?, _ event: UnsafePointer<pdftools_pointer_event>?, _ outHit: UnsafeMutablePointer<pdftools_tool_hit>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    let hit = try tools.hitTest(try pointerEvent(event))
    var value = pdftools_tool_hit()
    value.annotation = hit.annotation
    value.handle_kind = hit.handle.map { pdftools_handle_kind(rawValue: $0.kind.rawValue) } ?? PDFTOOLS_HANDLE_NONE
    value.handle_id = hit.handle?.id ?? -1
    value.is_link = hit.isLink ? 1 : 0
    value.on_text = hit.onText ? 1 : 0
    try StructVersions.toolHit.store(value, outHit, "out_hit")
  }
}

/// A key.
@_cdecl("pdftools_tool_key")
public func abiToolKey(
  _ manager: OpaquePointer?, _ key: pdftools_key, _ modifiers: UInt32, _ outHandled: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    guard let value = ToolKey(rawValue: Int32(bitPattern: key.rawValue)) else {
      throw PDFError(.invalidArgument, "\(key.rawValue) is not a pdftools_key value")
    }
    let handled = try tools.key(value, modifiers: Modifiers(rawValue: modifiers))
    outHandled?.pointee = handled ? 1 : 0
  }
}

/// Text for the pending note.
@_cdecl("pdftools_tool_commit_text")
public func abiToolCommitText(_ manager: OpaquePointer?, _ value: UnsafePointer<CChar>?) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    try tools.commitText(try text(value, "text"))
  }
}

/// Types text into the focused form field.
@_cdecl("pdftools_tool_input_text")
public func abiToolInputText(
  _ manager: OpaquePointer?, _ value: UnsafePointer<CChar>?, _ outHandled: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    let handled = try tools.inputText(try text(value, "text"))
    outHandled?.pointee = handled ? 1 : 0
  }
}

/// Copies caller bytes.
private func bytes(_ data: UnsafeRawPointer?, _ size: UInt) throws(PDFError) -> [UInt8] {
  guard size == 0 || data != nil else { throw PDFError(.invalidArgument, "data is NULL") }
  guard let data, size > 0 else { return [] }
  return Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
}

/// An image payload.
@_cdecl("pdftools_tool_provide_image")
public func abiToolProvideImage(_ manager: OpaquePointer?, _ data: UnsafeRawPointer?, _ size: UInt) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    try tools.provideImage(try bytes(data, size))
  }
}

/// A file payload.
@_cdecl("pdftools_tool_provide_file")
public func abiToolProvideFile(
  _ manager: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ data: UnsafeRawPointer?, _ size: UInt
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    try tools.provideFile(name: try text(name, "name"), bytes: try bytes(data, size))
  }
}

/// An ink signature payload.
@_cdecl("pdftools_tool_provide_ink")
public func abiToolProvideInk(
  _ manager: OpaquePointer?, _ points: UnsafePointer<pdftools_point>?, _ lengths: UnsafePointer<Int32>?,
  _ strokeCount: Int32
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    let strokeCount = try givenCount(strokeCount, "stroke_count")
    guard let points, let lengths, strokeCount > 0, strokeCount <= 10_000 else {
      throw PDFError(.invalidArgument, "an ink signature needs points, stroke lengths and 1 to 10000 strokes")
    }
    var strokes: [[Point]] = []
    var offset = 0
    for index in 0..<strokeCount {
      let length = Int(lengths[index])
      guard length >= 1, length <= 1_000_000, offset + length <= 1_000_000 else {
        throw PDFError(.invalidArgument, "stroke \(index) must have 1 to 1000000 points")
      }
      strokes.append((offset..<offset + length).map { Point(points[$0].x, points[$0].y) })
      offset += length
    }
    try tools.provideInk(strokes)
  }
}

/// A URI link target.
@_cdecl("pdftools_tool_provide_link_uri")
public func abiToolProvideLinkURI(_ manager: OpaquePointer?, _ uri: UnsafePointer<CChar>?) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    try tools.provideLinkURI(try text(uri, "uri"))
  }
}

/// A page link target.
@_cdecl("pdftools_tool_provide_link_page")
public func abiToolProvideLinkPage(_ manager: OpaquePointer?, _ page: Int32) -> pdftools_status {
  call { () throws(PDFError) in try ToolRegistry.manager(manager).provideLinkPage(Int(page)) }
}

/// Drops the pending placement.
@_cdecl("pdftools_tool_cancel_request")
public func abiToolCancelRequest(_ manager: OpaquePointer?) -> pdftools_status {
  call { () throws(PDFError) in try ToolRegistry.manager(manager).cancelRequest() }
}

/// The selection.
@_cdecl("pdftools_tool_get_selection")
public func abiToolSelection(
  _ manager: OpaquePointer?, _ ids: UnsafeMutablePointer<Int64>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let selection = try ToolRegistry.manager(manager).selection
    try copyArray(selection, ids, capacity, outCount)
  }
}

/// Selects annotations.
@_cdecl("pdftools_tool_select")
public func abiToolSelect(_ manager: OpaquePointer?, _ ids: UnsafePointer<Int64>?, _ count: Int32) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    let count = try givenCount(count, "count")
    guard count == 0 || ids != nil else { throw PDFError(.invalidArgument, "ids is NULL") }
    guard count <= 100_000 else { throw PDFError(.invalidArgument, "at most 100000 annotations can be selected") }
    var list: [Int64] = []
    if let ids { list = (0..<count).map { ids[$0] } }
    try tools.select(list)
  }
}

/// The selected text.
@_cdecl("pdftools_tool_get_selected_text")
public func abiToolSelectedText(
  _ manager: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ bufferSize: UInt, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    _ = try require(outSize, "out_size")
    try copyOut(try tools.selectedText(), buffer, bufferSize, outSize)
  }
}

/// Deletes the selection.
@_cdecl("pdftools_tool_delete_selection")
public func abiToolDeleteSelection(_ manager: OpaquePointer?) -> pdftools_status {
  call { () throws(PDFError) in try ToolRegistry.manager(manager).deleteSelection() }
}

/// The overlay of a page.
@_cdecl("pdftools_tool_get_overlay")
public func abiToolOverlay(
  _ manager: OpaquePointer?, _ page: Int32, _ itemSize: UInt, _ items: UnsafeMutablePointer<pdftools_overlay_item>?,
  _ itemCapacity: Int32,
  _ points: UnsafeMutablePointer<pdftools_point>?, _ pointCapacity: Int32, _ outItemCount: UnsafeMutablePointer<Int32>?,
  _ outPointCount: UnsafeMutablePointer<Int32>?, _ outDirty: UnsafeMutablePointer<pdftools_rect>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    let itemCount = try require(outItemCount, "out_item_count")
    let pointCount = try require(outPointCount, "out_point_count")
    guard (items == nil) == (points == nil) else {
      throw PDFError(.invalidArgument, "items and points are both NULL (a size query) or both given")
    }
    // The struct's first version is the whole of today's.
    guard itemSize >= UInt(MemoryLayout<pdftools_overlay_item>.size) else {
      throw PDFError(
        .invalidArgument, "item_size \(itemSize) is smaller than pdftools_overlay_item (\(MemoryLayout<pdftools_overlay_item>.size))")
    }
    // One build: it counts as handed over only when it is copied.
    let limits = try items != nil && points != nil
      ? (items: givenCount(itemCapacity, "item_capacity"), points: givenCount(pointCapacity, "point_capacity")) : nil
    let overlay = try tools.overlay(page: Int(page), consumeWithin: limits)
    let needed = overlay.items.reduce(0) { $0 + $1.points.count }
    let counts = (items: try cCount(overlay.items.count), points: try cCount(needed))
    itemCount.pointee = counts.items
    pointCount.pointee = counts.points
    guard let items, let points else {
      if let outDirty { outDirty.pointee = cRect(overlay.dirty ?? Rect(0, 0, 0, 0)) }
      return
    }
    guard overlay.consumed else {
      throw PDFError(
        .bufferTooSmall,
        "the buffers hold \(itemCapacity) items and \(pointCapacity) points; \(overlay.items.count) and \(needed) are needed")
    }
    var next = 0
    for (index, item) in overlay.items.enumerated() {
      var out = pdftools_overlay_item()
      out.kind = pdftools_overlay_kind(rawValue: UInt32(bitPattern: item.kind.rawValue))
      out.handle_kind = item.kind == .handle ? pdftools_handle_kind(rawValue: item.handleKind.rawValue) : PDFTOOLS_HANDLE_NONE
      out.handle_id = item.kind == .handle ? item.handleID : 0
      out.first_point = Int32(next)
      out.point_count = Int32(item.points.count)
      out.stroke = item.stroke
      out.fill = item.fill
      out.width = item.width
      out.dash = item.dash
      out.annotation = item.annotation
      for point in item.points {
        points[next] = pdftools_point(x: point.x, y: point.y)
        next += 1
      }
      storeElement(out, at: index, in: UnsafeMutableRawPointer(items), stride: Int(itemSize))
    }
    if let outDirty { outDirty.pointee = cRect(overlay.dirty ?? Rect(0, 0, 0, 0)) }
  }
}

/// The host's tool callback with its user data and handle.
private struct ToolCallback: @unchecked Sendable {
  let function: pdftools_tool_callback
  let handle: OpaquePointer?
  let userData: UnsafeMutableRawPointer?

  /// Calls the host with a C view of `note`.
  func deliver(_ note: ToolNotification) {
    var event = pdftools_tool_event()
    event.size = MemoryLayout<pdftools_tool_event>.stride
    event.kind = pdftools_tool_event_kind(rawValue: UInt32(bitPattern: note.kind.rawValue))
    event.tool = pdftools_tool(rawValue: UInt32(bitPattern: note.tool.rawValue))
    event.page_index = Int32(clamping: note.page)
    event.target_page = Int32(clamping: note.targetPage)
    event.id_count = Int32(clamping: note.ids.count)
    note.ids.withUnsafeBufferPointer { ids in
      event.ids = note.ids.isEmpty ? nil : ids.baseAddress
      if let text = note.text {
        text.withCString { cText in
          event.text = cText
          function(handle, &event, userData)
        }
      } else {
        event.text = nil
        function(handle, &event, userData)
      }
    }
  }
}

/// Sets the tool callback.
@_cdecl("pdftools_tool_set_callback")
public func abiToolSetCallback(
  _ manager: OpaquePointer?, _ callback: pdftools_tool_callback?, _ userData: UnsafeMutableRawPointer?
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    guard let callback else {
      tools.setObserver(nil)
      return
    }
    let target = ToolCallback(function: callback, handle: manager, userData: userData)
    tools.setObserver { target.deliver($0) }
  }
}

/// A C style as a core style.
private func toolStyle(_ pointer: UnsafePointer<pdftools_tool_style>?) throws(PDFError) -> ToolStyle {
  guard let pointer else { throw PDFError(.invalidArgument, "the style is NULL") }
  let value = try StructVersions.toolStyle.read(pointer)
  func color(_ c: pdftools_color) throws(PDFError) -> RGBColor {
    guard c.r.isFinite, c.g.isFinite, c.b.isFinite else {
      throw PDFError(.invalidArgument, "colour components must be finite numbers")
    }
    return RGBColor(c.r, c.g, c.b)
  }
  func fixedString<T>(_ tuple: T, _ name: String) throws(PDFError) -> String {
    let result: String? = withUnsafeBytes(of: tuple) { raw in
      guard let end = raw.firstIndex(of: 0) else { return nil }
      return String(validating: raw[..<end], as: UTF8.self)
    }
    guard let result else { throw PDFError(.invalidArgument, "the style's \(name) is not NUL-terminated UTF-8") }
    return result
  }
  var style = ToolStyle(color: value.has_color != 0 ? try color(value.color) : nil)
  style.fill = value.has_fill != 0 ? try color(value.fill) : nil
  style.opacity = value.opacity
  style.width = value.width
  let borders = BorderStyle.allCases
  guard Int(value.border_style.rawValue) < borders.count else {
    throw PDFError(.invalidArgument, "\(value.border_style.rawValue) is not a pdftools_border_style value")
  }
  style.borderStyle = borders[Int(value.border_style.rawValue)]
  guard (0...8).contains(value.dash_count) else { throw PDFError(.invalidArgument, "dash_count must be 0 to 8") }
  let dashes = withUnsafeBytes(of: value.dashes) { Array($0.bindMemory(to: Double.self)) }
  style.dashes = Array(dashes.prefix(Int(value.dash_count)))
  style.cloudy = value.cloudy
  style.lineStart = try ending(value.line_start)
  style.lineEnd = try ending(value.line_end)
  style.font = try fixedString(value.font, "font")
  style.fontSize = value.font_size
  style.textColor = try color(value.text_color)
  style.icon = try fixedString(value.icon, "icon")
  try style.validate()
  return style
}

/// A core style as a C style.
private func cToolStyle(_ style: ToolStyle) -> pdftools_tool_style {
  var out = pdftools_tool_style()
  out.version = UInt32(PDFTOOLS_TOOL_STYLE_VERSION)
  func cColor(_ color: RGBColor) -> pdftools_color { pdftools_color(r: color.r, g: color.g, b: color.b) }
  out.has_color = style.color == nil ? 0 : 1
  out.color = cColor(style.color ?? RGBColor(0, 0, 0))
  out.has_fill = style.fill == nil ? 0 : 1
  out.fill = cColor(style.fill ?? RGBColor(0, 0, 0))
  out.opacity = style.opacity
  out.width = style.width
  out.border_style = pdftools_border_style(rawValue: UInt32(BorderStyle.allCases.firstIndex(of: style.borderStyle) ?? 0))
  out.dash_count = Int32(min(style.dashes.count, 8))
  withUnsafeMutableBytes(of: &out.dashes) { raw in
    let slots = raw.bindMemory(to: Double.self)
    for (index, dash) in style.dashes.prefix(8).enumerated() { slots[index] = dash }
  }
  out.cloudy = style.cloudy
  out.line_start = cEnding(style.lineStart)
  out.line_end = cEnding(style.lineEnd)
  func fill<T>(_ tuple: inout T, _ text: String) {
    withUnsafeMutableBytes(of: &tuple) { raw in
      let utf8 = Array(text.utf8.prefix(raw.count - 1))
      for index in 0..<raw.count { raw[index] = index < utf8.count ? utf8[index] : 0 }
    }
  }
  fill(&out.font, style.font)
  out.font_size = style.fontSize
  out.text_color = cColor(style.textColor)
  fill(&out.icon, style.icon)
  return out
}

/// A tool's default style.
@_cdecl("pdftools_tool_get_style")
public func abiToolGetStyle(
  _ manager: OpaquePointer?, _ tool: pdftools_tool, _ outStyle: UnsafeMutablePointer<pdftools_tool_style>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    let kind = try toolKind(tool)
    try StructVersions.toolStyle.store(cToolStyle(tools.style(for: kind)), outStyle, "out_style")
  }
}

/// Applies a style (selection or default).
@_cdecl("pdftools_tool_set_style")
public func abiToolSetStyle(
  _ manager: OpaquePointer?, _ tool: pdftools_tool, _ style: UnsafePointer<pdftools_tool_style>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    try tools.setStyle(try toolStyle(style), for: try toolKind(tool))
  }
}

/// Applies some fields of a style (selection or default).
@_cdecl("pdftools_tool_apply_style")
public func abiToolApplyStyle(
  _ manager: OpaquePointer?, _ tool: pdftools_tool, _ style: UnsafePointer<pdftools_tool_style>?, _ fields: UInt32
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    try tools.setStyle(try toolStyle(style), for: try toolKind(tool), fields: StyleFields(rawValue: fields))
  }
}

/// Sets a default style.
@_cdecl("pdftools_tool_set_default_style")
public func abiToolSetDefaultStyle(
  _ manager: OpaquePointer?, _ tool: pdftools_tool, _ style: UnsafePointer<pdftools_tool_style>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    try tools.setDefaultStyle(try toolStyle(style), for: try toolKind(tool))
  }
}

/// Adds a preset.
@_cdecl("pdftools_tool_add_preset")
public func abiToolAddPreset(
  _ manager: OpaquePointer?, _ tool: pdftools_tool, _ name: UnsafePointer<CChar>?,
  _ style: UnsafePointer<pdftools_tool_style>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    try tools.addPreset(try text(name, "name"), style: try toolStyle(style), for: try toolKind(tool))
  }
}

/// Counts presets.
@_cdecl("pdftools_tool_get_preset_count")
public func abiToolPresetCount(
  _ manager: OpaquePointer?, _ tool: pdftools_tool, _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    let kind = try toolKind(tool)
    try store(Int32(clamping: tools.presets(for: kind).count), outCount, "out_count")
  }
}

/// One preset.
@_cdecl("pdftools_tool_get_preset")
public func abiToolGetPreset(
  _ manager: OpaquePointer?, _ tool: pdftools_tool, _ index: Int32, _ outStyle: UnsafeMutablePointer<pdftools_tool_style>?,
  _ nameBuffer: UnsafeMutablePointer<CChar>?, _ nameBufferSize: UInt, _ outNameSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    let list = tools.presets(for: try toolKind(tool))
    guard index >= 0, Int(index) < list.count else {
      throw PDFError(.outOfRange, "preset \(index) is out of range (the tool has \(list.count))")
    }
    let preset = list[Int(index)]
    if let outStyle, outStyle.pointee.version == 0 {
      throw PDFError(.invalidArgument, "out_style's version is 0; set it (PDFTOOLS_TOOL_STYLE_INIT) before the call")
    }
    if outNameSize != nil || nameBuffer != nil { try copyOut(preset.name, nameBuffer, nameBufferSize, outNameSize) }
    if outStyle != nil { try StructVersions.toolStyle.store(cToolStyle(preset.style), outStyle, "out_style") }
  }
}

/// Removes a preset.
@_cdecl("pdftools_tool_remove_preset")
public func abiToolRemovePreset(_ manager: OpaquePointer?, _ tool: pdftools_tool, _ index: Int32) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    try tools.removePreset(at: Int(index), for: try toolKind(tool))
  }
}

/// Exports styles as JSON.
@_cdecl("pdftools_tool_export_styles")
public func abiToolExportStyles(
  _ manager: OpaquePointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ bufferSize: UInt, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    try copyOut(tools.exportStyles(), buffer, bufferSize, outSize)
  }
}

/// Imports styles from JSON.
@_cdecl("pdftools_tool_import_styles")
public func abiToolImportStyles(_ manager: OpaquePointer?, _ json: UnsafePointer<CChar>?) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    try tools.importStyles(try text(json, "json"))
  }
}

/// A pointer event in canvas coordinates, through a layout.
@_cdecl("pdftools_tool_canvas_event")
public func abiToolCanvasEvent(
  _ manager: OpaquePointer?, _ layout: OpaquePointer?, _ kind: pdftools_canvas_event_kind,
  _ event: UnsafePointer<pdftools_pointer_event>?, _ outHandled: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let tools = try ToolRegistry.manager(manager)
    let canvas = try layoutSnapshot(layout)
    guard let which = CanvasEventKind(rawValue: Int32(bitPattern: kind.rawValue)) else {
      throw PDFError(.invalidArgument, "\(kind.rawValue) is not a pdftools_canvas_event_kind value")
    }
    let handled = try tools.canvasEvent(which, try pointerEvent(event), through: canvas)
    outHandled?.pointee = handled ? 1 : 0
  }
}
