// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// Page boxes, rotation, inheritance and display sizes, checked against poppler's pdfinfo.
@Suite struct GeometryTests {
  @Test func rotationsOfQPDFRotated() throws {
    let document = try Document.open(path: Fixtures.corpusFile("qpdf-rotated.pdf"))
    let rotations = try (0..<8).map { try document.pageRotation($0) }
    #expect(rotations == [0, 180, 270, 90, 180, 0, 0, 0])
    let size = try document.pageSize(2)
    #expect(size.width == 792 && size.height == 612, "90/270 swap width and height")
  }

  @Test func cropBoxWithNonZeroOrigin() throws {
    let document = try Document.open(path: Fixtures.corpusFile("qpdf-boxes.pdf"))
    for index in 0..<8 {
      #expect(try document.pageBox(index, .crop) == Rect(10, 20, 582, 752))
      let size = try document.pageSize(index)
      let rotated = try document.pageRotation(index) % 180 != 0
      #expect(size.width == (rotated ? 732 : 572) && size.height == (rotated ? 572 : 732))
    }
    #expect(try document.pageBox(4, .media) == Rect(-10, -20, 642, 832))
    #expect(try document.pageBox(0, .trim) == Rect(30, 60, 522, 672))
  }

  @Test func cropBoxesAreClippedToTheMediaBox() throws {
    let document = try Document.open(path: Fixtures.corpusFile("pdfium-cropped-text.pdf"))
    let sizes = try (0..<4).map { try document.pageSize($0) }
    #expect(sizes.map(\.width) == [100, 100, 90, 90])
    #expect(try document.pageBox(1, .media) == Rect(-50, -50, 200, 200))
    for index in 0..<4 {
      let media = try document.pageBox(index, .media)
      for kind in PageBox.allCases {
        let box = try document.pageBox(index, kind)
        #expect(box.intersection(media) == box, "\(kind) of page \(index) inside the media box")
      }
    }
  }

  @Test func inheritedAttributes() throws {
    let rotated = try Document.open(path: Fixtures.corpusFile("qpdf-inherited-rotate-override.pdf"))
    #expect(try rotated.pageRotation(0) == 90)
    let inherited = try Document.open(path: Fixtures.corpusFile("qpdf-page-inherit-mediabox.pdf"))
    for index in 0..<3 { #expect(try inherited.pageBox(index, .media) == Rect(0, 0, 612, 792)) }
    let negative = try Document.open(
      path: Fixtures.corpusFile("pdfjs-bug852992-negative-mediabox.pdf"))
    #expect(try negative.pageBox(0, .media) == Rect(-270, -95, 270, 95))
  }

  @Test func rotationNormalization() {
    let cases: [(Double, Int)] = [
      (0, 0), (90, 90), (-90, 270), (450, 90), (720, 0), (-270, 90), (100, 0), (45, 0),
      (90.5, 0), (.nan, 0), (.infinity, 0), (1e300, 0), (-360, 0),
    ]
    for (value, expected) in cases {
      #expect(PageGeometry.normalizedRotation(value) == expected, "rotation \(value)")
    }
  }

  @Test func malformedBoxesFallBack() throws {
    let bytes = Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /Rotate 44 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 (x) 5] /CropBox [300 300 900 900] /UserUnit -3 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [200 100 0 0] /CropBox [1000 1000 2000 2000] /Rotate -90 /UserUnit 2 >>",
    ])
    let document = try Document.open(bytes: bytes)
    #expect(try document.pageBox(0, .media) == Rect(0, 0, 612, 792), "bad media box: US Letter")
    #expect(try document.pageBox(0, .crop) == Rect(300, 300, 612, 792), "crop clipped to media")
    #expect(try document.pageRotation(0) == 0, "inherited 44 counts as 0")
    #expect(try document.pageUserUnit(0) == 1)
    #expect(try document.pageBox(1, .media) == Rect(0, 0, 200, 100), "corners normalized")
    #expect(try document.pageBox(1, .crop) == Rect(0, 0, 200, 100), "crop outside media: media")
    #expect(try document.pageRotation(1) == 270)
    let size = try document.pageSize(1)
    #expect(size.width == 200 && size.height == 400, "rotated and scaled by UserUnit 2")
  }

  @Test func pageIndexOutOfRange() throws {
    let document = try Document.open(path: Fixtures.corpusFile("pdf20-simple.pdf"))
    for index in [-1, 1, Int.max, Int.min] {
      expectError(.outOfRange) { () throws(PDFError) in try document.pageBox(index, .media) }
      expectError(.outOfRange) { () throws(PDFError) in try document.pageLabel(index) }
    }
  }

  @Test func rectIntersection() {
    #expect(Rect(0, 0, 10, 10).intersection(Rect(5, 5, 20, 20)) == Rect(5, 5, 10, 10))
    #expect(Rect(0, 0, 10, 10).intersection(Rect(10, 0, 20, 10)) == nil)
    #expect(Rect(10, 10, 0, 0) == Rect(0, 0, 10, 10))
  }
}
