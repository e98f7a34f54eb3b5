// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

@testable import PDFToolsCore

/// Custom image stamps from PNG and JPEG bytes.
@Suite struct StampImageTests {
  /// A 4x3 red PNG whose top-left pixel is half-transparent blue.
  static let png = Array(
    Data(
      base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAYAAAC09K7GAAAAHklEQVR4nGNgYPjf8J+B4T8MM/5nYPjPgASYGNAAAHikCXsQ/cOdAAAAAElFTkSuQmCC"
    ) ?? Data())
  /// An 8x6 green baseline JPEG.
  static let jpeg = Array(
    Data(
      base64Encoded:
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wAARCAAGAAgDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDiqKKK+aPjz//Z"
    ) ?? Data())

  @Test func decodesPNGAndInspectsJPEG() throws {
    let png = try #require(StampImage(StampImageTests.png))
    #expect(png.width == 4 && png.height == 3 && !png.isJPEG)
    #expect(Array(png.data[3..<6]) == [255, 0, 0], "second pixel red")
    #expect(png.alpha?[0] == 128 && png.alpha?[1] == 255)
    let jpeg = try #require(StampImage(StampImageTests.jpeg))
    #expect(jpeg.width == 8 && jpeg.height == 6 && jpeg.isJPEG && jpeg.components == 3)
    #expect(StampImage(Array("not an image".utf8)) == nil)
    #expect(StampImage(Array(StampImageTests.png.prefix(20))) == nil, "truncated PNG")
  }

  @Test func imageStampsRenderAndSurviveSaving() throws {
    let document = try Document.makeNew()
    try document.insertBlankPage(at: 0, width: 200, height: 200)
    let stamp = try document.createAnnotation(page: 0, subtype: "Stamp", rect: Rect(20, 20, 180, 140))
    try document.setStampImage(stamp, bytes: StampImageTests.jpeg)
    try document.updateAnnotation(stamp, [.text(key: "Contents", value: "approved by image")])
    var pixels = [UInt8](repeating: 0, count: 200 * 200 * 4)
    try pixels.withUnsafeMutableBytes { raw in
      guard let base = raw.baseAddress else { return }
      try document.render(page: 0, options: RenderOptions(), into: base, width: 200, height: 200, stride: 800)
    }
    let center = (100 * 200 + 100) * 4
    #expect(pixels[center + 1] > 100 && pixels[center] < 60 && pixels[center + 2] < 60, "green in the middle (BGRA)")
    #expect(Array(pixels[0..<4]) == [255, 255, 255, 255], "white outside")
    let saved = try Document.open(bytes: try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) })
    let id = try #require(try saved.annotations(onPage: 0).first)
    #expect(try saved.annotationRawValue(id, key: "AP") != nil)
    let other = try document.createAnnotation(page: 0, subtype: "Square", rect: Rect(1, 1, 10, 10))
    expectError(.invalidArgument) { () throws(PDFError) in try document.setStampImage(other, bytes: StampImageTests.png) }
    expectError(.invalidArgument) { () throws(PDFError) in try document.setStampImage(stamp, bytes: [1, 2, 3]) }
  }
}
