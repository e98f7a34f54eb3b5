// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// Appearance streams of every subtype, read back and checked structurally: operators,
/// coordinates, bounding boxes, resources, and robustness against unusable input.
@Suite struct AppearanceTests {
  /// An input for `subtype` over `rect`, adjusted by `configure`.
  static func input(
    _ subtype: String, _ rect: Rect = Rect(100, 100, 200, 150),
    _ configure: (inout AppearanceInput) -> Void = { _ in }
  ) -> AppearanceInput {
    var input = AppearanceInput(subtype: subtype, rect: rect)
    input.color = RGBColor(1, 0, 0)
    configure(&input)
    return input
  }

  /// Builds and validates; records an issue and returns nil when there is no stream.
  static func build(
    _ input: AppearanceInput, sourceLocation: SourceLocation = #_sourceLocation
  ) -> (AppearanceStream, [ContentOperation])? {
    guard let stream = AppearanceBuilder.build(input) else {
      Issue.record("no stream for \(input.subtype)", sourceLocation: sourceLocation)
      return nil
    }
    let operations = StreamCheck.validate(stream, input.subtype, sourceLocation: sourceLocation)
    return (stream, operations)
  }

  /// The operator names of `operations`.
  static func ops(_ operations: [ContentOperation]) -> [String] { operations.map(\.op) }

  // MARK: Square, Circle, Link

  @Test func squareIsInsetByHalfTheBorder() throws {
    let (stream, operations) = try #require(Self.build(Self.input("Square") { $0.borderWidth = 2 }))
    #expect(stream.bbox == Rect(100, 100, 200, 150))
    let rect = try #require(operations.first { $0.op == "re" })
    #expect(rect.numbers == [101, 101, 98, 48])
    #expect(Self.ops(operations).contains("S") && !Self.ops(operations).contains("f"))
    #expect(stream.content.contains("1 0 0 RG") && stream.content.contains("2 w"))
  }

  @Test func interiorColourFillsSquareAndCircle() throws {
    for subtype in ["Square", "Circle"] {
      let (_, operations) = try #require(
        Self.build(Self.input(subtype) { $0.interiorColor = RGBColor(0, 0, 1) }))
      #expect(Self.ops(operations).contains("B"), "\(subtype) fills and strokes")
      #expect(operations.contains { $0.op == "rg" && $0.numbers == [0, 0, 1] })
      let (_, fillOnly) = try #require(
        Self.build(
          Self.input(subtype) {
            $0.color = nil
            $0.interiorColor = RGBColor(0, 1, 0)
          }))
      #expect(Self.ops(fillOnly).contains("f") && !Self.ops(fillOnly).contains("S"))
    }
  }

  @Test func dashedBorderWritesTheDashPattern() throws {
    let (stream, _) = try #require(
      Self.build(
        Self.input("Square") {
          $0.borderStyle = .dashed
          $0.dashes = [4, 2]
        }))
    #expect(stream.content.contains("[4 2] 0 d"))
    let (unusable, _) = try #require(
      Self.build(
        Self.input("Circle") {
          $0.borderStyle = .dashed
          $0.dashes = [.nan, 0]
        }))
    #expect(unusable.content.contains("[3] 0 d"), "unusable dashes fall back to [3]")
    let (solid, _) = try #require(Self.build(Self.input("Square")))
    #expect(!solid.content.contains(" d\n"))
  }

  @Test func circleIsFourBeziersInscribedInTheRect() throws {
    let (stream, operations) = try #require(Self.build(Self.input("Circle") { $0.borderWidth = 4 }))
    #expect(stream.bbox == Rect(100, 100, 200, 150))
    #expect(operations.filter { $0.op == "c" }.count == 4)
    let start = try #require(operations.first { $0.op == "m" })
    #expect(start.numbers == [198, 125], "rightmost point, half a border inside")
    let points = ContentReader.pathPoints(operations)
    #expect(points.map(\.y).max() == 148 && points.map(\.x).min() == 102)
  }

  @Test func cloudyBordersStayInsideTheRectAndReachItsEdges() throws {
    for subtype in ["Square", "Circle"] {
      let rect = Rect(100, 100, 300, 220)
      let (stream, operations) = try #require(
        Self.build(
          Self.input(subtype, rect) {
            $0.cloudyIntensity = 1
            $0.borderWidth = 1
          }))
      #expect(stream.bbox == rect, "\(subtype): the cloud is inset into the rect")
      #expect(!Self.ops(operations).contains("re"))
      let curves = operations.filter { $0.op == "c" }.count
      #expect(curves >= 20, "\(subtype): many scallops, got \(curves)")
      let points = ContentReader.pathPoints(operations)
      let reach = try #require(points.map(\.x).min())
      #expect(reach < 100 + 2, "\(subtype): the arcs come out to the rect (\(reach))")
    }
  }

  @Test func opacityUsesAGraphicsState() throws {
    let (stream, _) = try #require(Self.build(Self.input("Square") { $0.opacity = 0.5 }))
    #expect(stream.content.contains("/GS0 gs"))
    #expect(stream.graphicsStates["GS0"] == .init(opacity: 0.5, blendMode: "Normal"))
    let (opaque, _) = try #require(Self.build(Self.input("Square") { $0.opacity = .nan }))
    #expect(opaque.graphicsStates.isEmpty, "NaN opacity is opaque")
  }

  @Test func linkBorderOnlyWhenItHasOne() throws {
    let (stream, operations) = try #require(Self.build(Self.input("Link")))
    #expect(stream.bbox == Rect(100, 100, 200, 150) && Self.ops(operations).contains("re"))
    #expect(AppearanceBuilder.build(Self.input("Link") { $0.color = nil }) == nil)
    #expect(AppearanceBuilder.build(Self.input("Link") { $0.borderWidth = 0 }) == nil)
  }

  @Test func subtypesWithoutAppearance() {
    for subtype in ["Popup", "Widget", "Sound", "Movie", "Unknown", ""] {
      #expect(AppearanceBuilder.build(Self.input(subtype)) == nil, "\(subtype)")
    }
  }

  // MARK: Line, PolyLine, Polygon

  /// A horizontal line from (100, 100) to (200, 100), width 1, with endings.
  static func line(_ start: LineEnding, _ end: LineEnding) -> AppearanceInput {
    input("Line") {
      $0.line = (Point(100, 100), Point(200, 100))
      $0.lineEndings = (start, end)
    }
  }

  @Test func everyLineEndingDrawsAtItsEnd() throws {
    for ending in LineEnding.allCases {
      let (stream, operations) = try #require(Self.build(Self.line(.none, ending)))
      let offLine = ContentReader.pathPoints(operations).filter { abs($0.y - 100) > 0.01 }
      let box = stream.bbox
      #expect(box.x0 >= 100 - 0.5 - 0.01, "\(ending): nothing at the start")
      if ending == .none {
        #expect(offLine.isEmpty)
        #expect(box == Rect(99.5, 99.5, 200.5, 100.5))
        continue
      }
      #expect(!offLine.isEmpty, "\(ending) draws off the line")
      for point in offLine {
        #expect(point.x > 185 && point.x < 215, "\(ending): \(point) near the end")
      }
      #expect(box.x1 <= 200 + 9 + 0.5 + 0.01 && box.height <= 2 * 9 + 1, "\(ending) box \(box)")
    }
  }

  @Test func lineEndingCoordinates() throws {
    let size = 3.0  // max(3, 3 * 1)
    let cos30 = 0.8660254037844386
    let (_, arrow) = try #require(Self.build(Self.line(.none, .closedArrow)))
    let paths = ContentReader.subpaths(arrow)
    let back = 200 - 3 * size * cos30
    #expect(
      paths.contains { $0.count == 2 && StreamCheck.near($0[1], Point(back, 100)) },
      "the line stops at the arrow's base")
    #expect(
      paths.contains { path in
        path.count == 3 && StreamCheck.near(path[0], Point(back, 104.5))
          && StreamCheck.near(path[1], Point(200, 100))
          && StreamCheck.near(path[2], Point(back, 95.5))
      }, "closed arrow: tip at the end point, legs 9 long at 30 degrees")
    let (_, reversed) = try #require(Self.build(Self.line(.reversedOpenArrow, .none)))
    let legX = 100 - 3 * size * cos30
    #expect(
      ContentReader.subpaths(reversed).contains { path in
        path.count == 3 && StreamCheck.near(path[1], Point(100, 100))
          && [path[0], path[2]].contains { StreamCheck.near($0, Point(legX, 104.5)) }
          && [path[0], path[2]].contains { StreamCheck.near($0, Point(legX, 95.5)) }
      }, "reversed arrow at the start: tip at the end point, legs outside the line")
    let (_, square) = try #require(Self.build(Self.line(.none, .square)))
    #expect(
      ContentReader.subpaths(square).contains { path in
        path.count == 4
          && Set(path.map { "\($0.x),\($0.y)" }) == [
            "203.0,103.0", "197.0,103.0", "197.0,97.0", "203.0,97.0",
          ]
      })
    let (_, butt) = try #require(Self.build(Self.line(.butt, .none)))
    #expect(
      ContentReader.subpaths(butt).contains { path in
        path.count == 2 && StreamCheck.near(path[0], Point(100, 97))
          && StreamCheck.near(path[1], Point(100, 103))
      })
    let (_, circle) = try #require(Self.build(Self.line(.none, .circle)))
    #expect(circle.filter { $0.op == "c" }.count == 4)
    #expect(circle.contains { $0.op == "m" && $0.numbers == [203, 100] })
  }

  @Test func interiorColourFillsClosedEndingsOnly() throws {
    var filled = Self.line(.openArrow, .closedArrow)
    filled.interiorColor = RGBColor(0, 1, 0)
    let (_, operations) = try #require(Self.build(filled))
    #expect(Self.ops(operations).filter { $0 == "B" }.count == 1, "only the closed arrow is filled")
    #expect(!Self.ops(operations).contains("f"))
  }

  @Test func endingsScaleWithTheLineWidth() throws {
    var thick = Self.line(.none, .openArrow)
    thick.borderWidth = 4
    let (stream, operations) = try #require(Self.build(thick))
    let size = 12.0
    let legX = 200 - 3 * size * 0.8660254037844386
    #expect(
      ContentReader.pathPoints(operations).contains { StreamCheck.near($0, Point(legX, 118)) })
    #expect(stream.bbox.y1 >= 118 + 2 - 0.01 && stream.bbox.y1 <= 118 + 2 + 0.01)
  }

  @Test func leaderLinesOffsetTheLine() throws {
    for (length, side) in [(20.0, 1.0), (-20, -1)] {
      let (stream, operations) = try #require(
        Self.build(
          Self.input("Line") {
            $0.line = (Point(100, 100), Point(200, 100))
            $0.leaderLength = length
            $0.leaderExtension = 5
          }))
      let paths = ContentReader.subpaths(operations)
      #expect(
        paths.contains { $0 == [Point(100, 100), Point(100, 100 + 25 * side)] }, "leader at start")
      #expect(
        paths.contains { $0 == [Point(200, 100), Point(200, 100 + 25 * side)] }, "leader at end")
      #expect(paths.contains { $0 == [Point(100, 100 + 20 * side), Point(200, 100 + 20 * side)] })
      let expected = side > 0 ? Rect(99.5, 99.5, 200.5, 125.5) : Rect(99.5, 74.5, 200.5, 100.5)
      #expect(stream.bbox == expected)
    }
  }

  @Test func diagonalLineEndingsFollowTheLine() throws {
    var input = Self.line(.none, .openArrow)
    input.line = (Point(0, 0), Point(100, 100))
    let (_, operations) = try #require(Self.build(input))
    let arrow = try #require(ContentReader.subpaths(operations).first { $0.count == 3 })
    // The two legs are mirror images across the line y = x.
    #expect(StreamCheck.near(arrow[1], Point(100, 100)))
    #expect(StreamCheck.near(Point(arrow[0].y, arrow[0].x), arrow[2]))
  }

  @Test func lineNeedsTwoDistinctUsablePoints() {
    #expect(AppearanceBuilder.build(Self.input("Line")) == nil)
    #expect(
      AppearanceBuilder.build(Self.input("Line") { $0.line = (Point(1, 1), Point(1, 1)) }) == nil)
    #expect(
      AppearanceBuilder.build(Self.input("Line") { $0.line = (Point(.nan, 1), Point(5, 1)) }) == nil
    )
    #expect(
      AppearanceBuilder.build(Self.input("Line") { $0.line = (Point(.infinity, 1), Point(5, 1)) })
        == nil)
  }

  @Test func polyLineIsOpenWithEndingsOnItsEndSegments() throws {
    let (stream, operations) = try #require(
      Self.build(
        Self.input("PolyLine") {
          $0.vertices = [Point(0, 0), Point(50, 50), Point(100, 0)]
          $0.lineEndings = (.openArrow, .closedArrow)
          $0.interiorColor = RGBColor(0, 0, 1)
        }))
    #expect(Self.ops(operations).filter { $0 == "h" }.count == 1, "only the closed arrow closes")
    let paths = ContentReader.subpaths(operations)
    #expect(
      paths.contains { $0.count == 3 && StreamCheck.near($0[1], Point(0, 0)) }, "arrow at the start"
    )
    #expect(
      paths.contains { $0.count == 3 && StreamCheck.near($0[1], Point(100, 0)) }, "arrow at the end"
    )
    #expect(StreamCheck.contains(stream.bbox, Rect(0, 0, 100, 50)))
    #expect(stream.bbox.width < 100 + 20 && stream.bbox.height < 50 + 20)
  }

  @Test func polygonIsClosedAndFilled() throws {
    let (stream, operations) = try #require(
      Self.build(
        Self.input("Polygon") {
          $0.vertices = [Point(0, 0), Point(100, 0), Point(50, 80), Point(0, 0)]
          $0.interiorColor = RGBColor(1, 1, 0)
        }))
    #expect(Self.ops(operations).contains("h") && Self.ops(operations).contains("B"))
    #expect(
      ContentReader.subpaths(operations).first?.count == 3, "the repeated first vertex is merged")
    #expect(stream.bbox == Rect(-0.5, -0.5, 100.5, 80.5))
  }

  @Test func cloudyPolygonBulgesOutwards() throws {
    for vertices in [
      [Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)],
      [Point(0, 100), Point(100, 100), Point(100, 0), Point(0, 0)],
    ] {
      let (stream, operations) = try #require(
        Self.build(
          Self.input("Polygon") {
            $0.vertices = vertices
            $0.cloudyIntensity = 2
          }))
      #expect(operations.filter { $0.op == "c" }.count >= 16)
      let radius = 4 * 2 + 1.0
      #expect(
        stream.bbox.x0 < -1 && stream.bbox.x0 >= -radius - 0.5 - 0.01, "outwards either winding")
      #expect(stream.bbox.y1 > 101 && stream.bbox.y1 <= 100 + radius + 0.5 + 0.01)
    }
  }

  @Test func polygonVerticesAreFiltered() throws {
    #expect(AppearanceBuilder.build(Self.input("Polygon") { $0.vertices = [Point(1, 1)] }) == nil)
    #expect(AppearanceBuilder.build(Self.input("PolyLine") { $0.vertices = [] }) == nil)
    #expect(
      AppearanceBuilder.build(
        Self.input("PolyLine") {
          $0.vertices = [Point(1, 1), Point(.nan, 3), Point(1, 1)]
        }) == nil)
    let (_, operations) = try #require(
      Self.build(
        Self.input("PolyLine") {
          $0.vertices = [Point(0, 0), Point(.nan, 5), Point(1e300, 0), Point(10, 10)]
        }))
    #expect(ContentReader.subpaths(operations) == [[Point(0, 0), Point(10, 10)]])
  }

  // MARK: Ink

  @Test func inkStrokesAreSmoothRoundPaths() throws {
    let stroke = [Point(10, 10), Point(20, 30), Point(40, 20), Point(60, 40)]
    let (stream, operations) = try #require(
      Self.build(
        Self.input("Ink") {
          $0.inkStrokes = [stroke, [Point(80, 80)]]
          $0.borderWidth = 3
        }))
    #expect(stream.content.contains("1 J") && stream.content.contains("1 j"))
    #expect(operations.filter { $0.op == "c" }.count == 3, "a curve between each pair of points")
    let ends = operations.filter { $0.op == "c" }.map { Point($0.numbers[4], $0.numbers[5]) }
    #expect(ends == Array(stroke.dropFirst()), "the curve passes through the points")
    let paths = ContentReader.subpaths(operations)
    #expect(paths.contains { $0 == [Point(80, 80), Point(80, 80)] }, "a one-point stroke is a dot")
    #expect(StreamCheck.contains(stream.bbox, Rect(8.5, 8.5, 81.5, 81.5)))
    #expect(stream.bbox.width < 73 + 10 && stream.bbox.height < 73 + 10)
  }

  @Test func inkWithoutUsablePointsHasNoAppearance() {
    #expect(AppearanceBuilder.build(Self.input("Ink")) == nil)
    #expect(AppearanceBuilder.build(Self.input("Ink") { $0.inkStrokes = [[], []] }) == nil)
    #expect(
      AppearanceBuilder.build(
        Self.input("Ink") {
          $0.inkStrokes = [[Point(.nan, 1), Point(1, .infinity)]]
        }) == nil)
  }

  // MARK: Text markup

  /// A quad of a rect turned by `degrees` (multiples of 90 use Quad's own constructor).
  static func quad(_ rect: Rect, turnedBy degrees: Int) -> Quad { Quad(rect, direction: degrees) }

  /// A quad with baseline from `origin` along (cos, sin), `length` long and `height` tall.
  static func quad(origin: Point, cos c: Double, sin s: Double, length: Double, height: Double)
    -> Quad
  {
    let along = Point(c, s)
    let up = Point(-s, c)
    let p3 = origin
    let p4 = origin + along * length
    return Quad(p3 + up * height, p4 + up * height, p3, p4)
  }

  @Test func highlightMultipliesFilledQuads() throws {
    let quads = [
      Quad(Rect(100, 700, 300, 714), direction: 0), Quad(Rect(100, 686, 250, 700), direction: 0),
    ]
    let (stream, operations) = try #require(
      Self.build(
        Self.input("Highlight") {
          $0.quads = quads
          $0.color = RGBColor(1, 1, 0)
          $0.opacity = 0.8
        }))
    #expect(stream.content.contains("/GS0 gs"))
    #expect(stream.graphicsStates["GS0"] == .init(opacity: 0.8, blendMode: "Multiply"))
    #expect(Self.ops(operations).filter { $0 == "f" }.count == 2)
    #expect(stream.bbox == Rect(100, 686, 300, 714))
  }

  @Test func underlineAndStrikeOutFollowRotatedQuads() throws {
    let cos30 = 0.8660254037844386
    let quads = [
      Self.quad(origin: Point(100, 100), cos: cos30, sin: 0.5, length: 120, height: 14),
      Self.quad(origin: Point(300, 300), cos: -0.6, sin: 0.8, length: 50, height: 28),
      Self.quad(Rect(50, 50, 64, 200), turnedBy: 90),
      Self.quad(Rect(50, 50, 200, 64), turnedBy: 180),
    ]
    for subtype in ["Underline", "StrikeOut"] {
      let (stream, operations) = try #require(Self.build(Self.input(subtype) { $0.quads = quads }))
      let segments = ContentReader.subpaths(operations)
      #expect(segments.count == quads.count, "\(subtype): one line per quad")
      var quadBox = Extent()
      for quad in quads { for corner in quad.corners { quadBox.include(corner) } }
      #expect(StreamCheck.contains(stream.bbox, try #require(quadBox.rect)))
      let widths = operations.filter { $0.op == "w" }.compactMap(\.numbers.first)
      for (index, (quad, segment)) in zip(quads, segments).enumerated() {
        guard segment.count == 2 else {
          Issue.record("\(subtype): not a segment")
          continue
        }
        let baseline = quad.p4 - quad.p3
        let drawn = segment[1] - segment[0]
        let cross = baseline.x * drawn.y - baseline.y * drawn.x
        #expect(abs(cross) < 0.05 * baseline.length, "\(subtype) \(index): parallel to p3->p4")
        #expect(drawn.dot(baseline) > 0, "\(subtype) \(index): same direction")
        let height = (quad.p1 - quad.p3).length
        let up = try #require(baseline.unit).leftNormal
        let offset = (segment[0] - quad.p3).dot(up)
        let expected = subtype == "Underline" ? max(0.5, height / 14) : height / 2
        #expect(abs(offset - expected) < 0.01, "\(subtype) \(index): offset \(offset)")
        #expect(abs((widths[safe: index] ?? 0) - max(0.5, height / 14)) < 0.01)
      }
    }
  }

  @Test func squigglyZigZagsAlongTheBaseline() throws {
    let cos30 = 0.8660254037844386
    let quad = Self.quad(origin: Point(100, 100), cos: cos30, sin: 0.5, length: 120, height: 12)
    let (stream, operations) = try #require(
      Self.build(Self.input("Squiggly") { $0.quads = [quad] }))
    let path = try #require(ContentReader.subpaths(operations).first)
    #expect(path.count > 40, "many zigs: \(path.count)")
    let along = Point(cos30, 0.5)
    let up = along.leftNormal
    let heights = path.map { ($0 - quad.p3).dot(up) }
    #expect(heights.allSatisfy { $0 >= 0 && $0 < 12 / 4 }, "in the bottom quarter")
    #expect(Set(heights.map { ($0 * 100).rounded() }).count == 2, "two levels")
    let progress = path.map { ($0 - quad.p3).dot(along) }
    #expect(
      progress.first.map { abs($0) < 0.01 } == true
        && progress.last.map { abs($0 - 120) < 0.01 } == true)
    #expect(stream.content.contains("1 j"))
  }

  @Test func markupSkipsUnusableQuads() throws {
    for subtype in ["Highlight", "Underline", "StrikeOut", "Squiggly"] {
      #expect(AppearanceBuilder.build(Self.input(subtype)) == nil, "\(subtype) without quads")
      let broken = Quad(Point(.nan, 0), Point(1, 0), Point(0, 1), Point(1, 1))
      let flat = Quad(Point(0, 0), Point(10, 0), Point(0, 0), Point(10, 0))
      #expect(AppearanceBuilder.build(Self.input(subtype) { $0.quads = [broken, flat] }) == nil)
      let good = Quad(Rect(10, 10, 60, 22), direction: 0)
      let (stream, _) = try #require(Self.build(Self.input(subtype) { $0.quads = [broken, good] }))
      #expect(StreamCheck.contains(stream.bbox, Rect(10, 10, 60, 22)))
      #expect(stream.bbox.width < 52 && stream.bbox.height < 14, "\(subtype) box \(stream.bbox)")
    }
  }

  // MARK: Robustness

  @Test func unusableNumbersNeverReachTheStream() throws {
    let everything = [
      "Square", "Circle", "Line", "Polygon", "PolyLine", "Ink", "Highlight",
      "Underline", "StrikeOut", "Squiggly", "Text", "FileAttachment", "Caret", "Stamp", "FreeText",
    ]
    for subtype in everything {
      var input = Self.input(subtype) {
        $0.borderWidth = .nan
        $0.opacity = .infinity
        $0.cloudyIntensity = .nan
        $0.dashes = [.infinity]
        $0.borderStyle = .dashed
        $0.fontSize = .nan
        $0.leaderLength = .infinity
        $0.leaderExtension = .nan
        $0.contents = "Some text"
        $0.line = (Point(0, 0), Point(10, 10))
        $0.vertices = [Point(0, 0), Point(.nan, 1), Point(10, 0), Point(5, 8)]
        $0.inkStrokes = [[Point(0, 0), Point(-.infinity, 2), Point(5, 5)]]
        $0.quads = [Quad(Rect(0, 0, 40, 10), direction: 0)]
        $0.callout = [Point(.nan, 0), Point(1, 1)]
      }
      if let stream = AppearanceBuilder.build(input) { StreamCheck.validate(stream, subtype) }
      input.rect = Rect(.nan, 0, 10, 10)
      if let stream = AppearanceBuilder.build(input) { StreamCheck.validate(stream, subtype) }
      input.rect = Rect(0, 0, 1e300, 10)
      if let stream = AppearanceBuilder.build(input) { StreamCheck.validate(stream, subtype) }
    }
    let rectBased = ["Square", "Circle", "Text", "FileAttachment", "Caret", "Stamp", "FreeText"]
    for subtype in rectBased {
      #expect(AppearanceBuilder.build(Self.input(subtype, Rect(0, 0, .infinity, 1))) == nil)
    }
  }

  @Test func tinyAndDegenerateRectanglesStillGiveAUsableBox() throws {
    for subtype in ["Square", "Circle", "Caret", "Stamp", "FreeText"] {
      let (stream, _) = try #require(
        Self.build(
          Self.input(subtype, Rect(10, 10, 10, 10)) {
            $0.contents = "x"
            $0.borderWidth = 5
            $0.cloudyIntensity = 1
          }))
      #expect(stream.bbox.width >= 1 && stream.bbox.height >= 1)
    }
  }

  @Test func hugeGeometryStaysBounded() throws {
    let huge = Rect(-5e7, -5e7, 5e7, 5e7)
    let inputs = [
      Self.input("Square", huge) { $0.cloudyIntensity = 0.001 },
      Self.input("Circle", huge) { $0.cloudyIntensity = 0.001 },
      Self.input("Polygon") {
        $0.vertices = [Point(-5e7, -5e7), Point(5e7, -5e7), Point(0, 5e7)]
        $0.cloudyIntensity = 1
      },
      Self.input("Squiggly") { $0.quads = [Quad(Rect(-5e7, 0, 5e7, 10), direction: 0)] },
    ]
    for input in inputs {
      let (stream, _) = try #require(Self.build(input))
      #expect(stream.content.utf8.count < 1_000_000, "\(input.subtype): bounded output")
    }
    #expect(AppearanceLimits.count(.nan, lower: 1, upper: 9) == 1)
    #expect(AppearanceLimits.count(.infinity, lower: 1, upper: 9) == 9)
    #expect(AppearanceLimits.count(1e300, lower: 1, upper: 9) == 9)
    #expect(AppearanceLimits.count(2.1, lower: 1, upper: 9) == 3)
  }

  @Test func numbersAreCompact() {
    let cases: [(Double, String)] = [
      (0, "0"), (-0.0, "0"), (1, "1"), (0.5, "0.5"), (-2.25, "-2.25"), (1234.5678, "1234.568"),
      (1e-7, "0"), (-0.0004, "0"), (0.0005, "0.001"), (100, "100"), (1e20, "1000000000"),
      (.nan, "0"), (.infinity, "0"), (-.infinity, "0"),
    ]
    for (value, text) in cases { #expect(PDFNumberFormat.format(value) == text, "\(value)") }
    // Against the plain spelling: rounded to thousandths, trailing zeros dropped.
    var generator = SystemRandomNumberGenerator()
    var magnitude = 1e-4
    for _ in 0...14 {
      magnitude *= 10
      for _ in 0..<200 {
        let value = Double.random(in: -1...1, using: &generator) * magnitude
        let scaled = Int64((min(max(value, -1e9), 1e9) * 1000).rounded())
        var expected = scaled == 0 ? "0" : (scaled < 0 ? "-" : "") + String(scaled.magnitude / 1000)
        if scaled.magnitude % 1000 != 0 {
          var digits = String(scaled.magnitude % 1000 + 1000).dropFirst()
          while digits.hasSuffix("0") { digits = digits.dropLast() }
          expected += "." + digits
        }
        #expect(PDFNumberFormat.format(value) == expected, "\(value)")
      }
    }
  }
}

extension Array {
  /// The element at `index`, or nil outside the array.
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
