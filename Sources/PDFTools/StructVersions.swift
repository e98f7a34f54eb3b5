// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// A struct of the C interface that grows by versions: its C name, the byte size of each
/// version (index 0: version 1; a version's fields are a prefix of the next version's) and the
/// values its _INIT macro gives. Immutable, and its defaults hold no pointer (callbacks and
/// user data are NULL), so it can be shared between threads.
struct GrowingStruct<T>: @unchecked Sendable {
  /// The C name, for messages.
  let name: String
  /// The size of each version.
  let sizes: [Int]
  /// The values of the struct's _INIT macro.
  let defaults: T

  /// The size of `version`, or an invalid-argument error for a version this library does not
  /// know.
  func size(_ version: UInt32) throws(PDFError) -> Int {
    guard version >= 1, Int(version) <= sizes.count else {
      throw PDFError(.invalidArgument, "\(name).version \(version) is not supported (1 to \(sizes.count))")
    }
    return sizes[Int(version) - 1]
  }

  /// A copy of the caller's struct, its version checked: only the bytes of that version are
  /// read (a newer library never reads past an older caller's struct), later fields keep
  /// their defaults.
  func read(_ pointer: UnsafePointer<T>) throws(PDFError) -> T {
    let size = try size(UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self))
    var value = defaults
    withUnsafeMutableBytes(of: &value) { target in
      target.copyMemory(from: UnsafeRawBufferPointer(start: UnsafeRawPointer(pointer), count: min(size, target.count)))
    }
    return value
  }

  /// Stores `value` into the caller's output struct `argument`: only the bytes of version
  /// min(caller's, this library's), with the leading version field set to the version written.
  /// A newer library never writes past an older caller's struct. Version 0 is an invalid
  /// argument.
  func store(_ value: T, _ pointer: UnsafeMutablePointer<T>?, _ argument: String) throws(PDFError) {
    guard let pointer else { throw PDFError(.invalidArgument, "\(argument) is NULL") }
    let asked = UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self)
    guard asked > 0 else {
      throw PDFError(.invalidArgument, "\(argument)'s version is 0; set it (the struct's _INIT macro) before the call")
    }
    let version = min(Int(asked), sizes.count)
    var copy = value
    withUnsafeMutableBytes(of: &copy) { bytes in
      bytes.storeBytes(of: UInt32(version), toByteOffset: 0, as: UInt32.self)
      guard let base = bytes.baseAddress else { return }
      UnsafeMutableRawPointer(pointer).copyMemory(from: base, byteCount: min(sizes[version - 1], bytes.count))
    }
  }

  /// Fills the caller's struct with the defaults as far as `version` reaches, its version field
  /// set to `version`; bytes past that version's size are left alone.
  func initialise(_ pointer: UnsafeMutablePointer<T>?, _ version: UInt32) -> pdftools_status {
    call { () throws(PDFError) in
      guard let pointer else { throw PDFError(.invalidArgument, "the \(name) is NULL") }
      let size = try size(version)
      var value = defaults
      withUnsafeMutableBytes(of: &value) { bytes in
        bytes.storeBytes(of: version, toByteOffset: 0, as: UInt32.self)
        guard let base = bytes.baseAddress else { return }
        UnsafeMutableRawPointer(pointer).copyMemory(from: base, byteCount: min(size, bytes.count))
      }
    }
  }
}

/// The growing structs.
enum StructVersions {
  /// pdftools_search_options: version 2 added the progress callback.
  static let searchOptions: GrowingStruct<pdftools_search_options> = {
    let layout = MemoryLayout<pdftools_search_options>.self
    var defaults = pdftools_search_options()
    defaults.last_page = -1
    return GrowingStruct(
      name: "pdftools_search_options", sizes: [layout.offset(of: \.progress) ?? layout.size, layout.size],
      defaults: defaults)
  }()
  /// pdftools_render_options.
  static let renderOptions: GrowingStruct<pdftools_render_options> = {
    var defaults = pdftools_render_options()
    defaults.scale = 1
    defaults.format = PDFTOOLS_PIXEL_BGRA_PREMULTIPLIED
    defaults.background = 0xFFFF_FFFF
    defaults.draw_annotations = 1
    return GrowingStruct(
      name: "pdftools_render_options", sizes: [MemoryLayout<pdftools_render_options>.size], defaults: defaults)
  }()
  /// pdftools_save_options: version 2 added overwrite_readonly, version 3 the progress callback.
  static let saveOptions: GrowingStruct<pdftools_save_options> = {
    let layout = MemoryLayout<pdftools_save_options>.self
    var defaults = pdftools_save_options()
    defaults.mode = PDFTOOLS_SAVE_AUTO
    defaults.compress_streams = 1
    defaults.object_streams = PDFTOOLS_OBJECT_STREAMS_PRESERVE
    defaults.encryption = PDFTOOLS_ENCRYPTION_KEEP
    let sizes = [
      layout.offset(of: \.overwrite_readonly) ?? layout.size, layout.offset(of: \.progress) ?? layout.size,
      layout.size,
    ]
    return GrowingStruct(name: "pdftools_save_options", sizes: sizes, defaults: defaults)
  }()
  /// pdftools_pointer_event: a mouse event on page 0 at (0, 0) by default.
  static let pointerEvent: GrowingStruct<pdftools_pointer_event> = {
    var defaults = pdftools_pointer_event()
    defaults.pointer_kind = PDFTOOLS_POINTER_MOUSE
    return GrowingStruct(
      name: "pdftools_pointer_event", sizes: [MemoryLayout<pdftools_pointer_event>.size], defaults: defaults)
  }()
  /// pdftools_tool_style: empty, to be filled in by pdftools_tool_get_style.
  static let toolStyle = GrowingStruct(
    name: "pdftools_tool_style", sizes: [MemoryLayout<pdftools_tool_style>.size], defaults: pdftools_tool_style())
  /// pdftools_tool_hit: empty, to be filled in by pdftools_tool_hit_test.
  static let toolHit: GrowingStruct<pdftools_tool_hit> = {
    var defaults = pdftools_tool_hit()
    defaults.handle_kind = PDFTOOLS_HANDLE_NONE
    defaults.handle_id = -1
    return GrowingStruct(name: "pdftools_tool_hit", sizes: [MemoryLayout<pdftools_tool_hit>.size], defaults: defaults)
  }()
}

/// Default search options of a version.
@_cdecl("pdftools_search_options_init")
public func abiSearchOptionsInit(_ options: UnsafeMutablePointer<pdftools_search_options>?, _ version: UInt32)
  -> pdftools_status
{ StructVersions.searchOptions.initialise(options, version) }

/// Default render options of a version.
@_cdecl("pdftools_render_options_init")
public func abiRenderOptionsInit(_ options: UnsafeMutablePointer<pdftools_render_options>?, _ version: UInt32)
  -> pdftools_status
{ StructVersions.renderOptions.initialise(options, version) }

/// Default save options of a version.
@_cdecl("pdftools_save_options_init")
public func abiSaveOptionsInit(_ options: UnsafeMutablePointer<pdftools_save_options>?, _ version: UInt32)
  -> pdftools_status
{ StructVersions.saveOptions.initialise(options, version) }

/// A mouse event on page 0 at (0, 0), of a version.
@_cdecl("pdftools_pointer_event_init")
public func abiPointerEventInit(_ event: UnsafeMutablePointer<pdftools_pointer_event>?, _ version: UInt32)
  -> pdftools_status
{ StructVersions.pointerEvent.initialise(event, version) }

/// An empty tool style of a version, to be filled in by pdftools_tool_get_style.
@_cdecl("pdftools_tool_style_init")
public func abiToolStyleInit(_ style: UnsafeMutablePointer<pdftools_tool_style>?, _ version: UInt32)
  -> pdftools_status
{ StructVersions.toolStyle.initialise(style, version) }

/// An empty hit of a version, to be filled in by pdftools_tool_hit_test.
@_cdecl("pdftools_tool_hit_init")
public func abiToolHitInit(_ hit: UnsafeMutablePointer<pdftools_tool_hit>?, _ version: UInt32) -> pdftools_status {
  StructVersions.toolHit.initialise(hit, version)
}
