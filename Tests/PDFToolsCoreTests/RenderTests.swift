// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// Rendering pages and tiles into caller buffers.
@Suite struct RenderTests {
  /// A page with a black square at page space [100 600 150 650], rotated as asked, with a
  /// crop box at [50 60 500 700], and a red Square annotation at [300 300 350 350].
  static func document(rotation: Int) -> [UInt8] {
    let content = "0 0 0 rg 100 600 50 50 re f"
    return Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /CropBox [50 60 500 700] /Rotate \(rotation) /Contents 4 0 R /Annots [5 0 R] >>",
      "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
      "<< /Type /Annot /Subtype /Square /Rect [300 300 350 350] /C [1 0 0] /AP << /N 6 0 R >> >>",
      "<< /Type /XObject /Subtype /Form /BBox [300 300 350 350] /Length 29 >>\nstream\n1 0 0 rg 300 300 50 50 re f  \nendstream",
    ])
  }

  /// Renders a whole page at `scale` and returns the pixels (BGRA) with the width.
  private func render(_ document: Document, scale: Double = 1, options: RenderOptions = RenderOptions())
    throws -> (pixels: [UInt8], width: Int, height: Int)
  {
    let size = try document.renderSize(ofPage: 0, scale: scale)
    var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
    var chosen = options
    chosen.scale = scale
    try pixels.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      try document.render(page: 0, options: chosen, into: base, width: size.width, height: size.height, stride: size.width * 4)
    }
    return (pixels, size.width, size.height)
  }

  private func pixel(_ image: (pixels: [UInt8], width: Int, height: Int), _ x: Int, _ y: Int) -> [UInt8] {
    let offset = (y * image.width + x) * 4
    return Array(image.pixels[offset..<(offset + 4)])
  }

  @Test(arguments: [0, 90, 180, 270])
  func contentLandsWhereDisplaySpaceSaysOnEveryRotation(rotation: Int) throws {
    let document = try Document.open(bytes: RenderTests.document(rotation: rotation))
    let image = try render(document, scale: 2)
    let size = try document.pageSize(0)
    #expect(image.width == Int(size.width * 2) && image.height == Int(size.height * 2))
    let maps = try document.transform(ofPage: 0)
    let inside = maps.toDisplay.apply(Point(125, 625))
    let outside = maps.toDisplay.apply(Point(200, 500))
    let square = maps.toDisplay.apply(Point(325, 325))
    #expect(pixel(image, Int(inside.x * 2), Int(inside.y * 2)) == [0, 0, 0, 255], "black square")
    #expect(pixel(image, Int(outside.x * 2), Int(outside.y * 2)) == [255, 255, 255, 255], "white page")
    #expect(pixel(image, Int(square.x * 2), Int(square.y * 2)) == [0, 0, 255, 255], "red annotation (BGRA)")
  }

  @Test func tilesMatchTheWholePage() throws {
    let document = try Document.open(bytes: RenderTests.document(rotation: 90))
    let whole = try render(document)
    var options = RenderOptions()
    options.tileX = 100
    options.tileY = 40
    var tile = [UInt8](repeating: 0, count: 64 * 48 * 4)
    try tile.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      try document.render(page: 0, options: options, into: base, width: 64, height: 48, stride: 256)
    }
    var differing = 0
    for y in 0..<48 {
      for x in 0..<64 where Array(tile[(y * 64 + x) * 4..<(y * 64 + x) * 4 + 4]) != pixel(whole, x + 100, y + 40) {
        differing += 1
      }
    }
    #expect(differing == 0)
  }

  @Test func annotationsCanBeLeftOutAndRGBAIsStraight() throws {
    let document = try Document.open(bytes: RenderTests.document(rotation: 0))
    var options = RenderOptions()
    options.drawAnnotations = false
    options.format = .rgba
    let plain = try render(document, options: options)
    let square = try document.transform(ofPage: 0).toDisplay.apply(Point(325, 325))
    #expect(pixel(plain, Int(square.x), Int(square.y)) == [255, 255, 255, 255])
    options.drawAnnotations = true
    options.background = 0
    let drawn = try render(document, options: options)
    #expect(pixel(drawn, Int(square.x), Int(square.y)) == [255, 0, 0, 255], "RGBA order")
    #expect(pixel(drawn, 5, 5)[3] == 0, "transparent background")
  }

  @Test func badArguments() throws {
    let document = try Document.open(bytes: RenderTests.document(rotation: 0))
    var pixels = [UInt8](repeating: 0, count: 16)
    for (width, height, stride, scale) in [(0, 1, 4, 1.0), (2, 2, 4, 1.0), (1, 1, 4, Double.nan), (1, 1, 6, 1.0), (1, 1, 4, 0.0)] {
      var options = RenderOptions()
      options.scale = scale
      pixels.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress else { return }
        expectError(.invalidArgument) { () throws(PDFError) in
          try document.render(page: 0, options: options, into: base, width: width, height: height, stride: stride)
        }
      }
    }
    expectError(.invalidArgument) { () throws(PDFError) in try document.renderSize(ofPage: 0, scale: -1) }
    expectError(.outOfRange) { () throws(PDFError) in try document.renderSize(ofPage: 3, scale: 1) }
  }
}
