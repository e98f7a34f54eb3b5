// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// The pixel size of a whole rendered page.
@_cdecl("pdftools_page_get_render_size")
public func abiPageRenderSize(
  _ document: OpaquePointer?, _ page: Int32, _ scale: Double, _ outWidth: UnsafeMutablePointer<Int32>?,
  _ outHeight: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let size = try Registry.document(document).renderSize(ofPage: Int(page), scale: scale)
    outWidth?.pointee = Int32(clamping: size.width)
    outHeight?.pointee = Int32(clamping: size.height)
  }
}

/// Renders a page or a tile into a caller buffer.
@_cdecl("pdftools_page_render")
public func abiPageRender(
  _ document: OpaquePointer?, _ page: Int32, _ options: UnsafePointer<pdftools_render_options>?,
  _ buffer: UnsafeMutableRawPointer?, _ width: Int32, _ height: Int32, _ stride: UInt
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    guard let buffer else { throw PDFError(.invalidArgument, "buffer is NULL") }
    var parsed = RenderOptions()
    if let options {
      let c = try StructVersions.renderOptions.read(options)
      guard let format = RenderOptions.PixelFormat(rawValue: Int32(bitPattern: c.format.rawValue)) else {
        throw PDFError(.invalidArgument, "\(c.format.rawValue) is not a pdftools_pixel_format value")
      }
      parsed.scale = c.scale
      parsed.format = format
      parsed.tileX = Int(c.tile_x)
      parsed.tileY = Int(c.tile_y)
      parsed.background = c.background
      parsed.drawAnnotations = c.draw_annotations != 0
    }
    guard let rowBytes = Int(exactly: stride) else { throw PDFError(.invalidArgument, "stride is too large") }
    try doc.render(
      page: Int(page), options: parsed, into: buffer, width: Int(width), height: Int(height),
      stride: rowBytes)
  }
}
