// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler

/// One character of a page's text.
public struct TextChar: Sendable, Equatable {
  /// The Unicode scalar.
  public let scalar: Unicode.Scalar
  /// The glyph box in page space; empty for generated separators.
  public var box: Rect
  /// `TextChar.Flags` bits.
  public var flags: Flags
  /// Index of the word, -1 for white space.
  public var word: Int32
  /// Index of the line.
  public var line: Int32

  /// Character flags; the raw values match `pdftools_char_flags`.
  public struct Flags: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: UInt32
    /// Creates flags from bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// White space.
    public static let whitespace = Flags(rawValue: 1 << 0)
    /// Inserted by the text layout, with no glyph on the page.
    public static let generated = Flags(rawValue: 1 << 1)
    /// The last character of its line.
    public static let lineEnd = Flags(rawValue: 1 << 2)
  }
}

/// The text of one page in reading order: characters with boxes, words and lines.
///
/// Built from poppler's text layout, which orders text by blocks and flows (columns stay
/// together). Boxes are mapped from poppler's coordinates (crop box, rotated, y down) to page
/// space once, here.
public struct TextPage: Sendable {
  /// The plain text: words separated by ' ', lines by '\n'.
  public let text: String
  /// The characters, one per Unicode scalar of `text`.
  public let chars: [TextChar]
  /// Word ranges in reading order.
  public let words: [Range<Int>]
  /// Line ranges in reading order (each includes its closing '\n').
  public let lines: [Range<Int>]
  /// The direction each line's text runs in page space: 0, 90, 180 or 270 degrees
  /// counter-clockwise from +x.
  public let lineDirections: [Int]
  /// The box around each line's glyphs (nil for lines without glyphs), for fast hit testing.
  let lineBounds: [Rect?]
  /// Where each character was in poppler's reading (-1 for spaces put in here), to pair it
  /// with poppler's text attributes.
  let sources: [Int32]
  /// Whether poppler's reading was a selection from the page's top-right corner (see
  /// `init(page:rotation:)`).
  let readFromTopRight: Bool

  /// An empty page.
  static let empty = TextPage(
    text: "", chars: [], words: [], lines: [], lineDirections: [], sources: [], readFromTopRight: false)

  /// A page from its parts.
  init(
    text: String, chars: [TextChar], words: [Range<Int>], lines: [Range<Int>], lineDirections: [Int],
    sources: [Int32], readFromTopRight: Bool
  ) {
    self.sources = sources
    self.readFromTopRight = readFromTopRight
    self.text = text
    self.chars = chars
    self.words = words
    self.lines = lines
    self.lineDirections = lineDirections
    self.lineBounds = lines.map { line in
      var bounds: Rect? = nil
      for index in line where !chars[index].flags.contains(.generated) {
        let box = chars[index].box
        guard box.width > 0 || box.height > 0 else { continue }
        bounds = bounds.map { Rect(min($0.x0, box.x0), min($0.y0, box.y0), max($0.x1, box.x1), max($0.y1, box.y1)) } ?? box
      }
      return bounds
    }
  }

  /// Reads the text of a poppler page whose display orientation is `rotation`.
  ///
  /// poppler adds bidirectional embedding marks (U+202A...) around right-to-left runs; they
  /// have no boxes in its layout, so they are left out here to keep characters and boxes
  /// paired. poppler's text is a selection of the whole page from its top-left corner; on a
  /// page where right-to-left text is the majority that selection leaves out the first and
  /// last lines, so such pages are read again as a selection from the top-right corner (the
  /// start of a right-to-left page) and the reading that holds more characters is kept. Lines
  /// are then put in logical order (see `LogicalOrder`).
  init(page: OpaquePointer, rotation: Int) {
    guard var reading = TextPage.read(page, TextPage.readingArea(page, fromTopRight: false)) else {
      self = .empty
      return
    }
    var fromTopRight = false
    let ascii = TextPage.isASCII(reading.text)
    let rightToLeft = !ascii && reading.text.unicodeScalars.contains(where: Bidi.isRightToLeft)
    if rightToLeft, let flipped = TextPage.read(page, TextPage.readingArea(page, fromTopRight: true)),
      flipped.boxes.filter(\.valid).count > reading.boxes.filter(\.valid).count
    {
      reading = flipped
      fromTopRight = true
    }
    let boxes = TextPage.inPageSpace(reading.boxes, page: page, rotation: rotation)
    guard rightToLeft else {
      let count = ascii ? reading.text.utf8.count : reading.text.unicodeScalars.count
      self = TextPage.build(
        text: reading.text, boxes: boxes, sources: (0..<Int32(clamping: count)).map { $0 }, readFromTopRight: false)
      return
    }
    var items: [LogicalOrder.Item] = []
    items.reserveCapacity(boxes.count)
    for (index, scalar) in reading.text.unicodeScalars.enumerated() {
      let invalid = GlyphBox(rect: Rect(0, 0, 0, 0), valid: false)
      items.append(
        LogicalOrder.Item(
          scalar: scalar, box: index < boxes.count ? boxes[index] : invalid,
          display: index < reading.boxes.count ? reading.boxes[index] : invalid, source: Int32(clamping: index)))
    }
    let logical = LogicalOrder.reorder(items)
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: logical.map(\.scalar))
    self = TextPage.build(
      text: String(scalars), boxes: logical.map(\.box), sources: logical.map(\.source), readFromTopRight: fromTopRight)
  }

  /// Reads the page as ``init(page:rotation:)`` does at rotation 0, given poppler's plain
  /// text of it (see ``plainText(page:)``), read before: only its layout boxes are read.
  init(page: OpaquePointer, plainText text: String) {
    let area = TextPage.readingArea(page, fromTopRight: false)
    let boxes = TextPage.inPageSpace(TextPage.layoutBoxes(page, area), page: page, rotation: 0)
    let count = TextPage.isASCII(text) ? text.utf8.count : text.unicodeScalars.count
    self = TextPage.build(
      text: text, boxes: boxes, sources: (0..<Int32(clamping: count)).map { $0 }, readFromTopRight: false)
  }

  /// `boxes` (in the display space of a poppler page whose display orientation is `rotation`)
  /// in page space.
  private static func inPageSpace(_ boxes: [GlyphBox], page: OpaquePointer, rotation: Int) -> [GlyphBox] {
    var crop = PopplerRectangle()
    poppler_page_get_crop_box(page, &crop)
    let toPage = PageTransform(
      crop: Rect(crop.x1, crop.y1, crop.x2, crop.y2), rotation: rotation, userUnit: 1
    ).toPage
    return boxes.map { GlyphBox(rect: toPage.apply($0.rect), valid: $0.valid) }
  }

  /// poppler's text of a whole page when its scalars are the characters ``init(page:rotation:)``
  /// gives, in the same order: when it holds no right-to-left letter and no direction mark.
  /// nil otherwise, and when poppler gives no text. Costs no layout boxes.
  static func plainText(page: OpaquePointer) -> String? {
    var area = readingArea(page, fromTopRight: false)
    guard let raw = poppler_page_get_selected_text(page, POPPLER_SELECTION_GLYPH, &area) else { return nil }
    let text = String(cString: raw)
    g_free(raw)
    guard isASCII(text) || !text.unicodeScalars.contains(where: { isDirectionMark($0) || Bidi.isRightToLeft($0) })
    else { return nil }
    return text
  }

  /// The whole page in display space as poppler's selection: from the top-left corner, or
  /// from the top-right corner (where a right-to-left page starts).
  static func readingArea(_ page: OpaquePointer, fromTopRight: Bool) -> PopplerRectangle {
    var width = 0.0
    var height = 0.0
    poppler_page_get_size(page, &width, &height)
    return fromTopRight
      ? PopplerRectangle(x1: width, y1: 0, x2: 0, y2: height) : PopplerRectangle(x1: 0, y1: 0, x2: width, y2: height)
  }

  /// poppler's text of the selection `area` (display space) without direction marks, and a
  /// box in display space for each character.
  private static func read(_ page: OpaquePointer, _ area: PopplerRectangle) -> (text: String, boxes: [GlyphBox])? {
    var area = area
    guard let raw = poppler_page_get_selected_text(page, POPPLER_SELECTION_GLYPH, &area) else { return nil }
    var text = String(cString: raw)
    g_free(raw)
    var order: [Int]? = nil
    if !isASCII(text) && text.unicodeScalars.contains(where: TextPage.isDirectionMark) {
      order = TextPage.boxOrder(text.unicodeScalars)
      var scalars = String.UnicodeScalarView()
      scalars.append(contentsOf: text.unicodeScalars.filter { !TextPage.isDirectionMark($0) })
      text = String(scalars)
    }
    var boxes = layoutBoxes(page, area)
    if let order {
      // Boxes run left to right inside right-to-left runs; put each with its character.
      var paired = [GlyphBox](repeating: GlyphBox(rect: Rect(0, 0, 0, 0), valid: false), count: order.count)
      for (position, character) in order.enumerated() where position < boxes.count && character < paired.count {
        paired[character] = boxes[position]
      }
      boxes = paired
    }
    return (text, boxes)
  }

  /// The character (counted without direction marks) that each of poppler's layout boxes
  /// belongs to, in box order. poppler's text is in logical order with embedding marks around
  /// right-to-left runs, while its boxes follow the visual order, so each right-to-left run is
  /// reversed (runs nested in it keep their own order).
  static func boxOrder(_ scalars: String.UnicodeScalarView) -> [Int] {
    indirect enum Item {
      case character(Int)
      case run([Item], rightToLeft: Bool)
    }
    var stack: [(items: [Item], rightToLeft: Bool)] = [([], false)]
    var count = 0
    func close() {
      guard stack.count > 1, let top = stack.popLast() else { return }
      stack[stack.count - 1].items.append(.run(top.items, rightToLeft: top.rightToLeft))
    }
    for scalar in scalars {
      switch scalar.value {
      case 0x202B, 0x202E, 0x2067: stack.append(([], true))
      case 0x202A, 0x202D, 0x2066, 0x2068: stack.append(([], false))
      case 0x202C, 0x2069: close()
      case 0x200E, 0x200F: break
      default:
        stack[stack.count - 1].items.append(.character(count))
        count += 1
      }
    }
    while stack.count > 1 { close() }
    func flatten(_ items: [Item], _ rightToLeft: Bool, into result: inout [Int]) {
      for item in rightToLeft ? items.reversed() : items {
        switch item {
        case .character(let index): result.append(index)
        case .run(let inner, let direction): flatten(inner, direction, into: &result)
        }
      }
    }
    var result: [Int] = []
    result.reserveCapacity(count)
    flatten(stack[0].items, false, into: &result)
    return result
  }

  /// A box in display space for each character of poppler's layout of the selection `area`.
  private static func layoutBoxes(_ page: OpaquePointer, _ area: PopplerRectangle) -> [GlyphBox] {
    var area = area
    var rectangles: UnsafeMutablePointer<PopplerRectangle>? = nil
    var count: guint = 0
    _ = poppler_page_get_text_layout_for_area(page, &area, &rectangles, &count)
    defer { g_free(rectangles) }
    var boxes: [GlyphBox] = []
    if let rectangles {
      boxes.reserveCapacity(Int(count))
      for index in 0..<Int(count) {
        let r = rectangles[index]
        boxes.append(GlyphBox(rect: Rect(r.x1, r.y1, r.x2, r.y2), valid: r.x2 > r.x1 && r.y2 > r.y1))
      }
    }
    return boxes
  }

  /// A box from poppler's layout in page space, and whether poppler gave a real (non-degenerate)
  /// one.
  struct GlyphBox {
    /// The box.
    var rect: Rect
    /// False for degenerate or inverted boxes.
    var valid: Bool
  }

  /// Bidirectional formatting characters (LRM, RLM, LRE...PDF, LRI...PDI).
  static func isDirectionMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// True when `text` is all ASCII (one scalar per byte), checked over its bytes.
  static func isASCII(_ text: String) -> Bool {
    text.utf8.withContiguousStorageIfAvailable { bytes in
      var any: UInt8 = 0
      for byte in bytes { any |= byte }
      return any < 0x80
    } ?? text.utf8.allSatisfy { $0 < 0x80 }
  }

  /// White space, with a fast path for ASCII.
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 { return value == 0x20 || (value >= 0x09 && value <= 0x0D) }
    return scalar.properties.isWhitespace
  }

  /// Builds the page from its text and poppler's boxes (in page space), paired by position.
  /// ASCII text is read byte by byte, which costs less than decoding its scalars.
  static func build(text: String, boxes: [GlyphBox], sources: [Int32], readFromTopRight: Bool) -> TextPage {
    if isASCII(text),
      let page = text.utf8.withContiguousStorageIfAvailable({ bytes in
        build(
          text: text, scalars: bytes.lazy.map { Unicode.Scalar($0) }, count: bytes.count, boxes: boxes,
          sources: sources, readFromTopRight: readFromTopRight)
      })
    {
      return page
    }
    return build(
      text: text, scalars: text.unicodeScalars, count: text.unicodeScalars.count, boxes: boxes, sources: sources,
      readFromTopRight: readFromTopRight)
  }

  /// ``build(text:boxes:sources:readFromTopRight:)`` over `scalars`, the `count` scalars of
  /// `text`.
  static func build<Scalars: Sequence<Unicode.Scalar>>(
    text: String, scalars: Scalars, count: Int, boxes: [GlyphBox], sources: [Int32], readFromTopRight: Bool
  ) -> TextPage {
    var chars: [TextChar] = []
    chars.reserveCapacity(count)
    var lines: [Range<Int>] = []
    var words: [Range<Int>] = []
    var lineStart = 0
    var wordStart: Int? = nil
    var index = -1
    for scalar in scalars {
      index += 1
      let isSpace = TextPage.isSpace(scalar)
      let found: GlyphBox? = index < boxes.count ? boxes[index] : nil
      var flags: TextChar.Flags = []
      // poppler rebuilds spaces and line breaks from glyph positions: they are all generated.
      if isSpace { flags.formUnion([.whitespace, .generated]) }
      if isSpace, let start = wordStart {
        words.append(start..<index)
        wordStart = nil
      } else if !isSpace && wordStart == nil {
        wordStart = index
      }
      let line = Int32(clamping: lines.count)
      let word: Int32 = isSpace ? -1 : Int32(clamping: words.count)
      // A space keeps the box of the gap it stands for when poppler gives one.
      let rect = found.map { $0.valid || !isSpace ? $0.rect : Rect(0, 0, 0, 0) } ?? Rect(0, 0, 0, 0)
      chars.append(TextChar(scalar: scalar, box: rect, flags: flags, word: word, line: line))
      if scalar == "\n" {
        chars[index].flags.insert(.lineEnd)
        lines.append(lineStart..<(index + 1))
        lineStart = index + 1
      }
    }
    if let start = wordStart { words.append(start..<chars.count) }
    if lineStart < chars.count {
      lines.append(lineStart..<chars.count)
      chars[chars.count - 1].flags.insert(.lineEnd)
    }
    let directions = lines.map { direction(of: $0, in: chars) }
    placeGeneratedBoxes(&chars, lines: lines, directions: directions)
    return TextPage(
      text: text, chars: chars, words: words, lines: lines, lineDirections: directions, sources: sources,
      readFromTopRight: readFromTopRight)
  }

  /// The direction of a line's text from its first and last glyph centers.
  private static func direction(of line: Range<Int>, in chars: [TextChar]) -> Int {
    var first: Rect? = nil
    var last: Rect? = nil
    var glyphs = 0
    for index in line where !chars[index].flags.contains(.generated) && !chars[index].box.isEmpty {
      if first == nil { first = chars[index].box }
      last = chars[index].box
      glyphs += 1
    }
    guard let a = first, let b = last, glyphs > 1 else { return 0 }
    let dx = (b.x0 + b.x1 - a.x0 - a.x1) / 2
    let dy = (b.y0 + b.y1 - a.y0 - a.y1) / 2
    if abs(dx) >= abs(dy) { return dx >= 0 ? 0 : 180 }
    return dy >= 0 ? 90 : 270
  }

  /// Gives each generated separator an empty box at the end of the glyph before it.
  private static func placeGeneratedBoxes(
    _ chars: inout [TextChar], lines: [Range<Int>], directions: [Int]
  ) {
    for (lineIndex, line) in lines.enumerated() {
      var previous: Rect? = nil
      for index in line {
        if chars[index].flags.contains(.generated) {
          guard chars[index].box.isEmpty, let glyph = previous else { continue }
          switch directions[lineIndex] {
          case 90: chars[index].box = Rect(glyph.x0, glyph.y1, glyph.x1, glyph.y1)
          case 180: chars[index].box = Rect(glyph.x0, glyph.y0, glyph.x0, glyph.y1)
          case 270: chars[index].box = Rect(glyph.x0, glyph.y0, glyph.x1, glyph.y0)
          default: chars[index].box = Rect(glyph.x1, glyph.y0, glyph.x1, glyph.y1)
          }
        } else if !chars[index].box.isEmpty {
          previous = chars[index].box
        }
      }
    }
  }
}

/// Font name and size of each character, read only when asked for.
struct TextFonts: Sendable {
  /// The distinct font names.
  let names: [String]
  /// Per character: index into `names` (-1 when unknown) and size.
  let perChar: [(font: Int32, size: Double)]

  /// Reads the text attributes of a poppler page for the characters of `text` (read from the
  /// same selection, paired through `TextPage.sources`).
  init(page: OpaquePointer, text: TextPage) {
    let count = Int(text.sources.max() ?? -1) + 1
    var names: [String] = []
    var indexOf: [String: Int32] = [:]
    var bySource = Array(repeating: (font: Int32(-1), size: 0.0), count: count)
    var area = TextPage.readingArea(page, fromTopRight: text.readFromTopRight)
    let list = poppler_page_get_text_attributes_for_area(page, &area)
    var node = list
    while let current = node {
      if let attributes = current.pointee.data?.assumingMemoryBound(to: PopplerTextAttributes.self) {
        let name = attributes.pointee.font_name.map { String(cString: $0) } ?? ""
        let fontIndex: Int32
        if let known = indexOf[name] {
          fontIndex = known
        } else {
          fontIndex = Int32(clamping: names.count)
          indexOf[name] = fontIndex
          names.append(name)
        }
        let start = max(0, Int(attributes.pointee.start_index))
        let end = min(count - 1, Int(attributes.pointee.end_index))
        if start <= end {
          for index in start...end { bySource[index] = (fontIndex, attributes.pointee.font_size) }
        }
      }
      node = current.pointee.next
    }
    poppler_page_free_text_attributes(list)
    self.names = names
    self.perChar = text.sources.map { source in
      source >= 0 && Int(source) < bySource.count ? bySource[Int(source)] : (font: -1, size: 0)
    }
  }
}
