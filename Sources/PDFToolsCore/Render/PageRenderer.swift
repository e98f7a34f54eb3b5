// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import CSystem

/// How to render a page (or a tile of it) into a caller's pixel buffer.
public struct RenderOptions: Sendable, Equatable {
  /// Pixel layouts; the raw values match `pdftools_pixel_format`.
  public enum PixelFormat: Int32, Sendable {
    /// B, G, R, A bytes, colour premultiplied by alpha (cairo's and most toolkits' native form).
    case bgraPremultiplied = 0
    /// R, G, B, A bytes, straight (not premultiplied) alpha.
    case rgba = 1
  }

  /// Pixels per display-space unit (1 = 72 dpi).
  public var scale = 1.0
  /// The pixel layout.
  public var format: PixelFormat = .bgraPremultiplied
  /// The tile's top-left corner in pixels of the whole scaled page.
  public var tileX = 0
  /// The tile's top in pixels of the whole scaled page.
  public var tileY = 0
  /// Background colour as 0xAARRGGBB (0 for transparent).
  public var background: UInt32 = 0xFFFF_FFFF
  /// Draw annotations (with their appearance streams).
  public var drawAnnotations = true

  /// Default options: scale 1, BGRA premultiplied, white background, annotations drawn.
  public init() {}

  /// The pixels a length of `value` pixels needs: rounded up, except that a value within 1e-6
  /// of a whole number is that number (1650.0000000000002 rows are 1650, not 1651).
  static func pixels(_ value: Double) -> Int {
    guard value.isFinite, value > 0 else { return 1 }
    let nearest = value.rounded()
    let pixels = abs(value - nearest) <= 1e-6 ? nearest : value.rounded(.up)
    return Int(min(max(pixels, 1), 1e9))
  }
}

extension Document {
  /// The size in pixels of the whole page rendered at `scale`: the display size times scale,
  /// rounded up (to the nearest pixel within 1e-6).
  public func renderSize(ofPage index: Int, scale: Double) throws(PDFError) -> (width: Int, height: Int) {
    guard scale.isFinite, scale > 0, scale <= 64 else {
      throw PDFError(.invalidArgument, "the scale must be a number above 0 and at most 64")
    }
    let size = try pageSize(index)
    return (RenderOptions.pixels(size.width * scale), RenderOptions.pixels(size.height * scale))
  }

  /// Renders page `index` into `buffer` (width x height pixels, `stride` bytes per row), showing
  /// the document as it is now, unsaved changes included.
  public func render(
    page index: Int, options: RenderOptions, into buffer: UnsafeMutableRawPointer, width: Int,
    height: Int, stride: Int
  ) throws(PDFError) {
    guard options.scale.isFinite, options.scale > 0, options.scale <= 64 else {
      throw PDFError(.invalidArgument, "the scale must be a number above 0 and at most 64")
    }
    guard width > 0, height > 0, width <= 32_767, height <= 32_767 else {
      throw PDFError(.invalidArgument, "the tile must be 1 to 32767 pixels wide and high")
    }
    guard stride >= width * 4, stride % 4 == 0 else {
      throw PDFError(.invalidArgument, "the stride must be a multiple of 4 and at least width x 4")
    }
    try locked { () throws(PDFError) in
      let geometry = try geometry(index)
      let (view, layer) = try renderLayers(for: index)
      let rendered: Bool? = view.withPage(index) { page in
        guard
          let surface = cairo_image_surface_create_for_data(
            buffer.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width),
            Int32(height), Int32(stride))
        else { return false }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cairo = cairo_create(surface)
        else { return false }
        defer { cairo_destroy(cairo) }
        let alpha = Double((options.background >> 24) & 0xFF) / 255
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(
          cairo, Double((options.background >> 16) & 0xFF) / 255,
          Double((options.background >> 8) & 0xFF) / 255, Double(options.background & 0xFF) / 255,
          alpha)
        cairo_paint(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
        cairo_translate(cairo, -Double(options.tileX), -Double(options.tileY))
        // poppler draws in points without UserUnit; display space includes it.
        let factor = options.scale * geometry.userUnit
        cairo_scale(cairo, factor, factor)
        // What poppler loses while drawing is poppler's (see pdft_leak_accounting).
        pdft_leak_accounting(1)
        if options.drawAnnotations {
          poppler_page_render(page, cairo)
          if let layer { _ = layer.withPage(0) { poppler_page_render($0, cairo) } }
        } else {
          poppler_page_render_for_printing_with_options(page, cairo, POPPLER_PRINT_DOCUMENT)
        }
        pdft_leak_accounting(0)
        cairo_surface_flush(surface)
        return cairo_status(cairo) == CAIRO_STATUS_SUCCESS
      }
      guard rendered == true else { throw PDFError(.internal, "cairo could not render page \(index)") }
    }
    if options.format == .rgba {
      PixelConversion.premultipliedBGRAToRGBA(buffer, width: width, height: height, stride: stride)
    }
  }
}

/// Pixel format conversions.
enum PixelConversion {
  /// Turns premultiplied BGRA (cairo's ARGB32 on little-endian machines) into straight RGBA.
  static func premultipliedBGRAToRGBA(
    _ buffer: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int
  ) {
    for row in 0..<height {
      let line = buffer.advanced(by: row * stride).assumingMemoryBound(to: UInt8.self)
      for column in 0..<width {
        let pixel = line + column * 4
        let b = pixel[0]
        let g = pixel[1]
        let r = pixel[2]
        let a = pixel[3]
        func straight(_ value: UInt8) -> UInt8 {
          a == 0 ? 0 : UInt8(min(255, (Int(value) * 255 + Int(a) / 2) / Int(a)))
        }
        pixel[0] = straight(r)
        pixel[1] = straight(g)
        pixel[2] = straight(b)
        pixel[3] = a
      }
    }
  }
}
