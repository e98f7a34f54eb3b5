// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// The viewer layout: every mode's geometry against values worked out by hand, the mappings in
/// both directions, and large random layouts against a brute-force search.
@Suite struct LayoutTests {
  private func options(
    _ mode: LayoutMode, gap: Double = 10, margin: Double = 5, scale: Double = 1, cover: Bool = false,
    rightToLeft: Bool = false
  ) -> LayoutOptions {
    var result = LayoutOptions()
    result.mode = mode
    result.pageGap = gap
    result.margin = margin
    result.scale = scale
    result.coverPage = cover
    result.rightToLeft = rightToLeft
    return result
  }

  private func square(_ count: Int, _ side: Double = 100) -> [LayoutPage] {
    Array(repeating: LayoutPage(width: side, height: side), count: count)
  }

  @Test func singlePageContinuousWithRotatedAndMixedPages() throws {
    var settings = options(.singlePageContinuous, scale: 2)
    settings.viewportWidth = 610
    settings.viewportHeight = 500
    let layout = try PageLayout(
      pages: [
        LayoutPage(width: 100, height: 200), LayoutPage(width: 200, height: 100, rotation: 90),
        LayoutPage(width: 300, height: 150),
      ], options: settings)
    #expect(layout.canvasSize == (610, 1130))
    #expect(try layout.pageRect(0) == Rect(205, 5, 405, 405))
    #expect(try layout.pageRect(1) == Rect(205, 415, 405, 815), "90 degrees turn 200 x 100 into 100 x 200")
    #expect(try layout.pageRect(2) == Rect(5, 825, 605, 1125))
    let hit = try #require(layout.page(at: 300, 420))
    #expect(hit.page == 1 && hit.x == 47.5 && hit.y == 2.5)
    #expect(layout.page(at: 300, 410) == nil, "the gap between pages")
    #expect(layout.page(at: 100, 100) == nil, "beside a narrow page")
    #expect(layout.page(at: 3, 900) == nil, "the margin")
    let visible = layout.visiblePages(Rect(0, 400, 610, 830))
    #expect(visible.map(\.page) == [0, 1, 2])
    #expect(visible.map(\.visibleRect) == [Rect(0, 197.5, 100, 200), Rect(0, 0, 100, 200), Rect(0, 0, 300, 2.5)])
    #expect(try layout.scrollPosition(page: 1, 0, 0)! == (0, 415))
    #expect(try layout.scrollPosition(page: 2, 0, 0)! == (0, 630), "kept within the canvas")
    #expect(try layout.canvasPoint(page: 2, 10, 20)! == (25, 865))
    #expect(try layout.pagePoint(page: 0, 0, 0)! == (-102.5, -2.5), "points beyond the page map too")
  }

  @Test func twoUpWithCoverInBothDirections() throws {
    let forward = try PageLayout(pages: square(4), options: options(.twoUpContinuous, margin: 0, cover: true))
    #expect(forward.canvasSize == (210, 320))
    #expect(try (0..<4).map { try forward.pageRect($0) } == [
      Rect(110, 0, 210, 100), Rect(0, 110, 100, 210), Rect(110, 110, 210, 210), Rect(0, 220, 100, 320),
    ])
    let backward = try PageLayout(
      pages: square(4), options: options(.twoUpContinuous, margin: 0, cover: true, rightToLeft: true))
    #expect(try (0..<4).map { try backward.pageRect($0) } == [
      Rect(0, 0, 100, 100), Rect(110, 110, 210, 210), Rect(0, 110, 100, 210), Rect(110, 220, 210, 320),
    ])
    #expect(backward.page(at: 50, 150)?.page == 2)
    #expect(backward.page(at: 105, 150) == nil, "the gap between the two sides")
  }

  @Test func twoUpWithPagesOfDifferentSizes() throws {
    let pages = [LayoutPage(width: 100, height: 200), LayoutPage(width: 150, height: 100)]
    let forward = try PageLayout(pages: pages, options: options(.twoUpContinuous, margin: 0))
    #expect(forward.canvasSize == (260, 200))
    #expect(try forward.pageRect(0) == Rect(0, 0, 100, 200))
    #expect(try forward.pageRect(1) == Rect(110, 50, 260, 150))
    let backward = try PageLayout(pages: pages, options: options(.twoUpContinuous, margin: 0, rightToLeft: true))
    #expect(try backward.pageRect(1) == Rect(0, 50, 150, 150))
    #expect(try backward.pageRect(0) == Rect(160, 0, 260, 200))
  }

  @Test func horizontalRowInBothDirections() throws {
    let pages = [LayoutPage(width: 100, height: 100), LayoutPage(width: 200, height: 50)]
    let forward = try PageLayout(pages: pages, options: options(.horizontalContinuous))
    #expect(forward.canvasSize == (320, 110))
    #expect(try forward.pageRect(0) == Rect(5, 5, 105, 105))
    #expect(try forward.pageRect(1) == Rect(115, 30, 315, 80))
    let backward = try PageLayout(pages: pages, options: options(.horizontalContinuous, rightToLeft: true))
    #expect(try backward.pageRect(0) == Rect(215, 5, 315, 105))
    #expect(try backward.pageRect(1) == Rect(5, 30, 205, 80))
    let hit = try #require(backward.page(at: 10, 50))
    #expect(hit.page == 1 && hit.x == 5 && hit.y == 20)
    let visible = backward.visiblePages(Rect(0, 0, 100, 110))
    #expect(visible == [VisiblePage(page: 1, canvasRect: Rect(5, 30, 205, 80), visibleRect: Rect(0, 0, 95, 50))])
    #expect(backward.visiblePages(Rect(200, 0, 320, 110)).map(\.page) == [0, 1])
  }

  @Test func pagedModesShowTheCurrentSpreadOnly() throws {
    var single = try PageLayout(pages: square(3), options: options(.singlePage, margin: 10))
    #expect(single.canvasSize == (120, 120))
    #expect(try single.pageRect(0) == Rect(10, 10, 110, 110))
    #expect(try single.pageRect(1) == nil)
    try single.setCurrentPage(2)
    #expect(try single.pageRect(2) == Rect(10, 10, 110, 110))
    #expect(try single.pageRect(0) == nil)
    #expect(single.page(at: 50, 50)?.page == 2)
    #expect(single.visiblePages(Rect(0, 0, 1000, 1000)).map(\.page) == [2])
    var twoUp = try PageLayout(pages: square(4), options: options(.twoUp, margin: 0))
    try twoUp.setCurrentPage(3)
    #expect(twoUp.canvasSize == (210, 100))
    #expect(try twoUp.pageRect(2) == Rect(0, 0, 100, 100))
    #expect(try twoUp.pageRect(3) == Rect(110, 0, 210, 100))
    #expect(try twoUp.pageRect(1) == nil)
    try twoUp.setOptions(options(.singlePageContinuous, margin: 0))
    #expect(twoUp.currentPage == 3, "a new mode keeps the current page")
  }

  @Test func zoomModesFitTheLargestSpread() throws {
    let pages = [LayoutPage(width: 100, height: 200), LayoutPage(width: 200, height: 100)]
    var settings = options(.singlePageContinuous, gap: 0, margin: 10)
    settings.viewportWidth = 420
    settings.viewportHeight = 220
    let expected: [(ZoomMode, Double)] = [(.fitWidth, 2), (.fitHeight, 1), (.fitPage, 1), (.fixed, 1)]
    for (zoom, scale) in expected {
      settings.zoom = zoom
      #expect(try PageLayout(pages: pages, options: settings).scale == scale, "\(zoom)")
    }
    var twoUp = options(.twoUpContinuous, gap: 10, margin: 10)
    twoUp.zoom = .fitWidth
    twoUp.viewportWidth = 230
    #expect(try PageLayout(pages: square(2), options: twoUp).scale == 1, "the gap between the sides counts")
    var row = options(.horizontalContinuous, margin: 10)
    row.zoom = .fitHeight
    row.viewportHeight = 320
    #expect(try PageLayout(pages: pages, options: row).scale == 1.5)
  }

  @Test func pageSubsetsShowTheirPagesInTheirOrder() throws {
    var layout = try PageLayout(pages: square(4), options: options(.singlePageContinuous, margin: 0))
    try layout.setSubset([3, 1])
    #expect(try layout.pageRect(3) == Rect(0, 0, 100, 100))
    #expect(try layout.pageRect(1) == Rect(0, 110, 100, 210))
    #expect(try layout.pageRect(0) == nil)
    #expect(layout.canvasSize == (100, 210))
    #expect(layout.currentPage == 3, "page 0 left the subset, so the first shown page is current")
    #expect(throws: PDFError.self) { try layout.setSubset([1, 1]) }
    #expect(throws: PDFError.self) { try layout.setSubset([4]) }
    #expect(throws: PDFError.self) { try layout.setCurrentPage(0) }
    #expect(try layout.pageRect(1) == Rect(0, 110, 100, 210), "a refused subset changes nothing")
    try layout.setSubset(nil)
    #expect(try layout.pageRect(0) == Rect(0, 0, 100, 100))
  }

  @Test func badInputIsRefused() throws {
    #expect(throws: PDFError.self) { try PageLayout(pages: [LayoutPage(width: 0, height: 1)], options: LayoutOptions()) }
    #expect(throws: PDFError.self) {
      try PageLayout(pages: [LayoutPage(width: .nan, height: 1)], options: LayoutOptions())
    }
    #expect(throws: PDFError.self) {
      try PageLayout(pages: [LayoutPage(width: 1, height: 1, rotation: 45)], options: LayoutOptions())
    }
    var settings = LayoutOptions()
    settings.zoom = .fitWidth
    #expect(throws: PDFError.self, "fitting needs a viewport") { try PageLayout(pages: square(1), options: settings) }
    settings = LayoutOptions()
    settings.pageGap = -1
    #expect(throws: PDFError.self) { try PageLayout(pages: square(1), options: settings) }
    settings = LayoutOptions()
    settings.scale = .infinity
    #expect(throws: PDFError.self) { try PageLayout(pages: square(1), options: settings) }
    let turned = try PageLayout(pages: [LayoutPage(width: 100, height: 200, rotation: -90)], options: options(.singlePageContinuous, margin: 0))
    #expect(turned.pages[0].rotation == 270)
    #expect(try turned.pageRect(0) == Rect(0, 0, 200, 100))
    #expect(throws: PDFError.self) { try turned.pageRect(1) }
    #expect(turned.page(at: .nan, 1) == nil)
    let empty = try PageLayout(pages: [], options: LayoutOptions())
    #expect(empty.canvasSize == (16, 16))
    var nothingShown = try PageLayout(pages: square(2), options: options(.twoUpContinuous))
    try nothingShown.setSubset([])
    #expect(nothingShown.canvasSize == (10, 10), "an empty two-up canvas is just the margins")
    #expect(nothingShown.currentPage == nil)
    #expect(empty.page(at: 8, 8) == nil)
    #expect(empty.visiblePages(Rect(0, 0, 100, 100)).isEmpty)
  }

  @Test func aNewPageSizeGivesTheLayoutOfTheNewSizes() throws {
    for mode in LayoutMode.allCases {
      var pages = square(7)
      var layout = try PageLayout(pages: pages, options: options(mode, cover: true))
      pages[3] = LayoutPage(width: 300, height: 40, rotation: 90)
      try layout.setPage(3, pages[3])
      try layout.setCurrentPage(3)
      var fresh = try PageLayout(pages: pages, options: options(mode, cover: true))
      try fresh.setCurrentPage(3)
      #expect(layout.canvasSize == fresh.canvasSize, "\(mode)")
      for index in 0..<7 { #expect(try layout.pageRect(index) == fresh.pageRect(index), "\(mode) page \(index)") }
    }
  }

  @Test func documentPagesCarryTheirRotation() throws {
    let document = try Document.open(path: Fixtures.corpusFile("qpdf-rotated.pdf"))
    let pages = try document.layoutPages()
    #expect(pages.count == document.pageCount)
    #expect(pages[2] == LayoutPage(width: 612, height: 792, rotation: 270))
    let layout = try PageLayout(pages: pages, options: options(.singlePageContinuous, margin: 0, scale: 0.5))
    let rect = try #require(try layout.pageRect(2))
    #expect(rect.width == 396 && rect.height == 306, "display size, halved")
  }

  /// Random layouts of every mode against a search over every page rect.
  @Test func queriesAgreeWithABruteForceSearch() throws {
    var generator = SplitMix(seed: 17)
    for mode in LayoutMode.allCases {
      for rightToLeft in [false, true] {
        let pages = (0..<300).map { _ in
          LayoutPage(
            width: 50 + Double(generator.next() % 500), height: 50 + Double(generator.next() % 500),
            rotation: Int(generator.next() % 4) * 90)
        }
        var layout = try PageLayout(
          pages: pages, options: options(mode, gap: 6, margin: 3, scale: 0.75, cover: true, rightToLeft: rightToLeft))
        try layout.setSubset(Array((0..<300).filter { $0 % 7 != 3 }.reversed()))
        try layout.setCurrentPage(100)
        let rects = try (0..<300).map { try layout.pageRect($0) }
        let size = layout.canvasSize
        for _ in 0..<400 {
          let x = Double(generator.next() % UInt64(size.width + 40)) - 20
          let y = Double(generator.next() % UInt64(size.height + 40)) - 20
          let expected = rects.indices.first { index in
            guard let r = rects[index] else { return false }
            return x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1
          }
          #expect(layout.page(at: x, y)?.page == expected, "\(mode) rtl \(rightToLeft) at \(x), \(y)")
          let viewport = Rect(x, y, x + 700, y + 500)
          let seen = Set(rects.indices.filter { rects[$0]?.intersection(viewport) != nil })
          #expect(Set(layout.visiblePages(viewport).map(\.page)) == seen, "\(mode) rtl \(rightToLeft)")
        }
        for (index, rect) in rects.enumerated() {
          guard let rect else { continue }
          #expect(rect.x0 >= 0 && rect.y0 >= 0 && rect.x1 <= size.width + 1e-9 && rect.y1 <= size.height + 1e-9)
          let point = try #require(try layout.canvasPoint(page: index, 12, 34))
          let back = try #require(layout.page(at: point.x, point.y))
          #expect(back.page == index && abs(back.x - 12) < 1e-9 && abs(back.y - 34) < 1e-9)
        }
      }
    }
  }
}

/// A small deterministic generator for the random layouts.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
