// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import CQPDF

/// An image decoded (PNG) or inspected (JPEG) for a custom stamp.
struct StampImage {
  /// Pixel width.
  let width: Int
  /// Pixel height.
  let height: Int
  /// The stream data: JPEG bytes as they are, or 8-bit RGB samples.
  let data: [UInt8]
  /// True for JPEG data (written with /DCTDecode).
  let isJPEG: Bool
  /// Colour components (1 gray, 3 RGB, 4 CMYK).
  let components: Int
  /// 8-bit alpha samples for a soft mask, nil when the image is opaque.
  let alpha: [UInt8]?

  /// The largest side accepted, in pixels.
  static let maximumSide = 10_000

  /// Reads PNG or JPEG bytes; nil when they are neither or cannot be read.
  init?(_ bytes: [UInt8]) {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      guard let decoded = StampImage.decodePNG(bytes) else { return nil }
      self = decoded
    } else if bytes.starts(with: [0xFF, 0xD8]) {
      // A complete JPEG has a scan (FF DA) and ends with its end-of-image marker (FF D9).
      guard let size = StampImage.jpegSize(bytes), StampImage.hasScanAndEnd(bytes) else { return nil }
      width = size.width
      height = size.height
      components = size.components
      data = bytes
      isJPEG = true
      alpha = nil
    } else {
      return nil
    }
    guard width > 0, height > 0, width <= StampImage.maximumSide, height <= StampImage.maximumSide else {
      return nil
    }
  }

  private init(width: Int, height: Int, rgb: [UInt8], alpha: [UInt8]?) {
    self.width = width
    self.height = height
    self.data = rgb
    self.isJPEG = false
    self.components = 3
    self.alpha = alpha
  }

  /// The size and component count from a JPEG's start-of-frame marker.
  static func jpegSize(_ bytes: [UInt8]) -> (width: Int, height: Int, components: Int)? {
    var position = 2
    while position + 9 < bytes.count {
      guard bytes[position] == 0xFF else { return nil }
      let marker = bytes[position + 1]
      if marker == 0xFF { position += 1; continue }
      if marker == 0xD8 || (0xD0...0xD7).contains(marker) { position += 2; continue }
      let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
      let frames: ClosedRange<UInt8> = 0xC0...0xCF
      if frames.contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
        let height = Int(bytes[position + 5]) << 8 | Int(bytes[position + 6])
        let width = Int(bytes[position + 7]) << 8 | Int(bytes[position + 8])
        let components = Int(bytes[position + 9])
        guard [1, 3, 4].contains(components) else { return nil }
        return (width, height, components)
      }
      guard length >= 2 else { return nil }
      position += 2 + length
    }
    return nil
  }

  /// True when the JPEG has a start-of-scan marker and ends with end-of-image (trailing zero
  /// padding allowed).
  static func hasScanAndEnd(_ bytes: [UInt8]) -> Bool {
    var end = bytes.count
    while end > 2, bytes[end - 1] == 0 { end -= 1 }
    guard end >= 4, bytes[end - 2] == 0xFF, bytes[end - 1] == 0xD9 else { return false }
    for index in 2..<(end - 1) where bytes[index] == 0xFF && bytes[index + 1] == 0xDA { return true }
    return false
  }

  /// Decodes a PNG with cairo into RGB and alpha samples.
  private static func decodePNG(_ bytes: [UInt8]) -> StampImage? {
    final class Reader {
      let bytes: [UInt8]
      var offset = 0
      init(_ bytes: [UInt8]) { self.bytes = bytes }
    }
    let reader = Reader(bytes)
    let context = Unmanaged.passRetained(reader)
    defer { context.release() }
    let read: cairo_read_func_t = { closure, data, length in
      guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
      let source = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
      let count = Int(length)
      guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
      source.bytes.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        data.update(from: base + source.offset, count: count)
      }
      source.offset += count
      return CAIRO_STATUS_SUCCESS
    }
    guard let surface = cairo_image_surface_create_from_png_stream(read, context.toOpaque()) else {
      return nil
    }
    defer { cairo_surface_destroy(surface) }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let pixels = cairo_image_surface_get_data(surface)
    else { return nil }
    let width = Int(cairo_image_surface_get_width(surface))
    let height = Int(cairo_image_surface_get_height(surface))
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard width > 0, height > 0, width <= maximumSide, height <= maximumSide else { return nil }
    let hasAlpha = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    var alpha = [UInt8](repeating: 255, count: width * height)
    var translucent = false
    for row in 0..<height {
      for column in 0..<width {
        let pixel = pixels + row * stride + column * 4
        let a = hasAlpha ? pixel[3] : 255
        func straight(_ value: UInt8) -> UInt8 {
          a == 0 ? 0 : UInt8(min(255, (Int(value) * 255 + Int(a) / 2) / Int(a)))
        }
        let target = (row * width + column) * 3
        rgb[target] = straight(pixel[2])
        rgb[target + 1] = straight(pixel[1])
        rgb[target + 2] = straight(pixel[0])
        alpha[row * width + column] = a
        if a != 255 { translucent = true }
      }
    }
    return StampImage(width: width, height: height, rgb: rgb, alpha: translucent ? alpha : nil)
  }
}

extension Document {
  /// The key under which a custom stamp keeps its image XObject, so the appearance can be
  /// rebuilt when the stamp changes.
  static let stampImageKey: StaticString = "/PDFToolsImage"

  /// Gives a Stamp annotation a custom image (PNG or JPEG bytes) instead of a standard name.
  public func setStampImage(_ id: Int64, bytes: [UInt8]) throws(PDFError) {
    guard let image = StampImage(bytes) else {
      throw PDFError(
        .invalidArgument, "the stamp image must be PNG or JPEG (baseline or progressive) of at most 10000 pixels a side")
    }
    try locked { () throws(PDFError) in
      try requirePermission(.annotate, "change annotations")
      let object = try annotationObject(id).object
      guard qpdf.entry(object, "/Subtype").flatMap({ qpdf.name($0) }) == "Stamp" else {
        throw PDFError(.invalidArgument, "annotation \(id) is not a Stamp")
      }
      let xobject = try makeImage(image)
      try writer.set("\(Document.stampImageKey)", xobject, in: object)
      try writer.remove("/Name", from: object)
      try touchModified(object)
      markAppearance(object)
      try commitChange("set a stamp image")
    }
  }

  /// An image XObject (with a soft mask for translucent PNGs).
  private func makeImage(_ image: StampImage) throws(PDFError) -> qpdf_oh {
    func imageEntries(_ space: String) -> [(String, qpdf_oh)] {
      [
        ("/Type", qpdf.makeName("XObject")), ("/Subtype", qpdf.makeName("Image")),
        ("/Width", qpdf.makeInteger(image.width)), ("/Height", qpdf.makeInteger(image.height)),
        ("/BitsPerComponent", qpdf.makeInteger(8)), ("/ColorSpace", qpdf.makeName(space)),
      ]
    }
    let space = image.components == 1 ? "DeviceGray" : image.components == 4 ? "DeviceCMYK" : "DeviceRGB"
    var entries = imageEntries(space)
    if let alpha = image.alpha {
      entries.append(("/SMask", try writer.makeStream(alpha, dictionary: imageEntries("DeviceGray"))))
    }
    return try writer.makeStream(image.data, filter: image.isJPEG ? "DCTDecode" : nil, dictionary: entries)
  }

  /// The appearance of a stamp with a custom image: the image fitted into the rect, centred,
  /// keeping its aspect ratio. Nil when the stamp has no image. Call under the lock.
  func imageStampAppearance(_ object: qpdf_oh, rect: Rect, opacity: Double) -> (content: String, image: qpdf_oh)? {
    guard let image = qpdf.entry(object, Document.stampImageKey),
      qpdf_oh_is_stream(qpdf.data, image) != QPDF_FALSE
    else { return nil }
    let dictionary = qpdf_oh_get_dict(qpdf.data, image)
    guard let width = qpdf.entry(dictionary, "/Width").flatMap({ qpdf.integer($0) }),
      let height = qpdf.entry(dictionary, "/Height").flatMap({ qpdf.integer($0) }), width > 0, height > 0
    else { return nil }
    let scale = min(rect.width / Double(width), rect.height / Double(height))
    let drawnWidth = Double(width) * scale
    let drawnHeight = Double(height) * scale
    let x = rect.x0 + (rect.width - drawnWidth) / 2
    let y = rect.y0 + (rect.height - drawnHeight) / 2
    func number(_ value: Double) -> String {
      let rounded = (value * 1000).rounded() / 1000
      return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
    let state = opacity < 1 ? "/GS0 gs " : ""
    return ("q \(state)\(number(drawnWidth)) 0 0 \(number(drawnHeight)) \(number(x)) \(number(y)) cm /Im0 Do Q", image)
  }
}
