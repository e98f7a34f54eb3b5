// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// The byte size of each version of the structs that grow (index 0: version 1): what a caller
/// of that version passes or receives. A version's fields are a prefix of the next version's.
enum StructVersions {
  /// pdftools_search_options: version 2 added the progress callback.
  static let searchOptions: [Int] = {
    let layout = MemoryLayout<pdftools_search_options>.self
    return [layout.offset(of: \.progress) ?? layout.size, layout.size]
  }()
  /// pdftools_render_options.
  static let renderOptions = [MemoryLayout<pdftools_render_options>.size]
  /// pdftools_save_options: version 2 added overwrite_readonly, version 3 the progress callback.
  static let saveOptions: [Int] = {
    let layout = MemoryLayout<pdftools_save_options>.self
    return [
      layout.offset(of: \.overwrite_readonly) ?? layout.size, layout.offset(of: \.progress) ?? layout.size,
      layout.size,
    ]
  }()
  /// pdftools_pointer_event.
  static let pointerEvent = [MemoryLayout<pdftools_pointer_event>.size]
  /// pdftools_tool_style.
  static let toolStyle = [MemoryLayout<pdftools_tool_style>.size]
  /// pdftools_tool_hit.
  static let toolHit = [MemoryLayout<pdftools_tool_hit>.size]

  /// The size of `version` in `sizes`, or an invalid-argument error naming `name` for a
  /// version this library does not know.
  static func size(_ version: UInt32, in sizes: [Int], _ name: String) throws(PDFError) -> Int {
    guard version >= 1, Int(version) <= sizes.count else {
      throw PDFError(.invalidArgument, "\(name).version \(version) is not supported (1 to \(sizes.count))")
    }
    return sizes[Int(version) - 1]
  }
}

/// Fills the caller's struct with `defaults` as far as `version` reaches, its version field
/// set to `version`; bytes past that version's size are left alone.
private func initialise<T>(
  _ pointer: UnsafeMutablePointer<T>?, _ version: UInt32, _ sizes: [Int], _ name: String, _ defaults: T
) -> pdftools_status {
  call { () throws(PDFError) in
    guard let pointer else { throw PDFError(.invalidArgument, "the \(name) is NULL") }
    let size = try StructVersions.size(version, in: sizes, name)
    var value = defaults
    withUnsafeMutableBytes(of: &value) { bytes in
      bytes.storeBytes(of: version, toByteOffset: 0, as: UInt32.self)
      guard let base = bytes.baseAddress else { return }
      UnsafeMutableRawPointer(pointer).copyMemory(from: base, byteCount: min(size, bytes.count))
    }
  }
}

/// Default search options of a version.
@_cdecl("pdftools_search_options_init")
public func abiSearchOptionsInit(_ options: UnsafeMutablePointer<pdftools_search_options>?, _ version: UInt32)
  -> pdftools_status
{
  var defaults = pdftools_search_options()
  defaults.last_page = -1
  return initialise(options, version, StructVersions.searchOptions, "pdftools_search_options", defaults)
}

/// Default render options of a version.
@_cdecl("pdftools_render_options_init")
public func abiRenderOptionsInit(_ options: UnsafeMutablePointer<pdftools_render_options>?, _ version: UInt32)
  -> pdftools_status
{
  var defaults = pdftools_render_options()
  defaults.scale = 1
  defaults.format = PDFTOOLS_PIXEL_BGRA_PREMULTIPLIED
  defaults.background = 0xFFFF_FFFF
  defaults.draw_annotations = 1
  return initialise(options, version, StructVersions.renderOptions, "pdftools_render_options", defaults)
}

/// Default save options of a version.
@_cdecl("pdftools_save_options_init")
public func abiSaveOptionsInit(_ options: UnsafeMutablePointer<pdftools_save_options>?, _ version: UInt32)
  -> pdftools_status
{
  var defaults = pdftools_save_options()
  defaults.mode = PDFTOOLS_SAVE_AUTO
  defaults.compress_streams = 1
  defaults.object_streams = PDFTOOLS_OBJECT_STREAMS_PRESERVE
  defaults.encryption = PDFTOOLS_ENCRYPTION_KEEP
  return initialise(options, version, StructVersions.saveOptions, "pdftools_save_options", defaults)
}

/// A mouse event on page 0 at (0, 0), of a version.
@_cdecl("pdftools_pointer_event_init")
public func abiPointerEventInit(_ event: UnsafeMutablePointer<pdftools_pointer_event>?, _ version: UInt32)
  -> pdftools_status
{
  var defaults = pdftools_pointer_event()
  defaults.pointer_kind = PDFTOOLS_POINTER_MOUSE
  return initialise(event, version, StructVersions.pointerEvent, "pdftools_pointer_event", defaults)
}

/// An empty tool style of a version, to be filled in by pdftools_tool_get_style.
@_cdecl("pdftools_tool_style_init")
public func abiToolStyleInit(_ style: UnsafeMutablePointer<pdftools_tool_style>?, _ version: UInt32)
  -> pdftools_status
{
  initialise(style, version, StructVersions.toolStyle, "pdftools_tool_style", pdftools_tool_style())
}

/// An empty hit of a version, to be filled in by pdftools_tool_hit_test.
@_cdecl("pdftools_tool_hit_init")
public func abiToolHitInit(_ hit: UnsafeMutablePointer<pdftools_tool_hit>?, _ version: UInt32) -> pdftools_status {
  var defaults = pdftools_tool_hit()
  defaults.handle_kind = PDFTOOLS_HANDLE_NONE
  defaults.handle_id = -1
  return initialise(hit, version, StructVersions.toolHit, "pdftools_tool_hit", defaults)
}
