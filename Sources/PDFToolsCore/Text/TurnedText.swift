// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Glyphs a page draws along a baseline poppler's layout does not follow: turned by an angle
/// that is not a multiple of 90 degrees, or mirrored. poppler lays text out in four
/// orientations and in the order of the glyphs' positions, so such text comes out as short
/// fragments, or backwards; these glyphs, read from the content stream, put it back together
/// (see `TextPage.regrouped(by:)`).
struct TurnedGlyph: Sendable {
  /// The middle of the glyph: the centre of its advance, 0.35 em above the baseline (towards
  /// the glyph's top), in page space.
  let center: Point
  /// The reading direction along the baseline (a unit vector).
  let direction: Point
  /// The distance along the baseline from the page's origin: glyphs of one line in reading
  /// order have increasing positions.
  let position: Double
  /// The middle's distance from the page's origin across the baseline (along the direction
  /// turned a quarter counter-clockwise): glyphs of one line have about the same.
  let across: Double
  /// The font size in page units.
  let size: Double
  /// A word ends before this glyph (a space or a gap of at least 0.2 em before it).
  let breakBefore: Bool
  /// The glyph is a space (code 32 of a one-byte font).
  let isSpace: Bool
}

/// Reads the glyph positions of a page's content for `TurnedGlyph`s: the graphics state
/// (q, Q, cm), the text state (BT, Tm, Td, TD, T*, TL, Tf, Tc, Tw, Tz, Ts), text shown with
/// Tj, TJ, ' and ", and form XObjects (Do), nested at most 8 deep. Advances come from the
/// fonts' /Widths, /W and /DW (500 thousandths when missing).
struct TurnedTextScanner {
  /// What the scanner needs of the document: resources, streams and fonts.
  let qpdf: QPDF
  /// The glyphs found so far.
  private(set) var glyphs: [TurnedGlyph] = []
  /// Operators read so far (the reading stops at `operatorLimit`).
  private var operators = 0
  /// Operators read at most for one page.
  static let operatorLimit = 2_000_000
  /// Glyphs kept at most for one page.
  static let glyphLimit = 200_000

  /// A scanner over `qpdf`'s objects.
  init(qpdf: QPDF) { self.qpdf = qpdf }

  /// The graphics and text state.
  private struct State {
    var ctm = AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)
    var font: FontAdvances? = nil
    var fontSize = 0.0
    var charSpacing = 0.0
    var wordSpacing = 0.0
    var horizontalScale = 1.0
    var leading = 0.0
    var rise = 0.0
  }

  /// Whether `content` (with `resources`) may draw text along a turned or mirrored baseline:
  /// a cheap look at the matrices of cm and Tm, and of the form XObjects it draws (their
  /// /Matrix and content), without following the text.
  func mayHaveTurnedText(_ content: [UInt8], resources: qpdf_oh?, depth: Int = 0) -> Bool {
    var forms: [qpdf_oh] = []
    let turned = MatrixScan.scan(content) { found in
      switch found {
      case .matrix(let matrix): return Self.isTurned(matrix)
      case .draw(let name):
        if depth < 8, forms.count < 64, let form = formXObject(name, in: resources) { forms.append(form) }
        return false
      }
    }
    if turned { return true }
    for form in forms {
      let dictionary = qpdf_oh_get_dict(qpdf.data, form)
      let numbers = qpdf.entry(dictionary, "/Matrix").flatMap { qpdf.items($0) }?.compactMap { qpdf.number($0) }
      if let numbers, numbers.count == 6, Self.isTurned(Self.matrix(numbers)) { return true }
      let inner = qpdf.entry(dictionary, "/Resources") ?? resources
      if mayHaveTurnedText(streamData(form), resources: inner, depth: depth + 1) { return true }
    }
    return false
  }

  /// The form XObject `name` of `resources`, or nil (images and missing names included).
  private func formXObject(_ name: String, in resources: qpdf_oh?) -> qpdf_oh? {
    guard let resources, let objects = qpdf.entry(resources, "/XObject"), let form = qpdf.value(objects, name),
      qpdf_oh_is_stream(qpdf.data, form) != QPDF_FALSE
    else { return nil }
    let dictionary = qpdf_oh_get_dict(qpdf.data, form)
    return qpdf.entry(dictionary, "/Subtype").flatMap { qpdf.name($0) } == "Form" ? form : nil
  }

  /// Whether `content` may draw turned text, judged without its resources: true when it sets a
  /// turned matrix or draws an XObject (whose content only its resources tell).
  static func mayHaveTurnedText(_ content: [UInt8]) -> Bool {
    MatrixScan.scan(content) { found in
      switch found {
      case .matrix(let matrix): return isTurned(matrix)
      case .draw: return true
      }
    }
  }

  /// Whether a matrix mirrors, or turns by an angle more than 1 degree from a multiple of 90.
  static func isTurned(_ matrix: AffineTransform) -> Bool {
    let determinant = matrix.a * matrix.d - matrix.b * matrix.c
    guard determinant.isFinite, determinant != 0 else { return false }
    if determinant < 0 { return true }
    let angle = atan2(matrix.b, matrix.a) * 180 / Double.pi
    let remainder = abs(angle - 90 * (angle / 90).rounded())
    return remainder > 1
  }

  /// Reads `content` with `resources` under `ctm`, `depth` forms deep.
  mutating func scan(_ content: [UInt8], resources: qpdf_oh?, ctm: AffineTransform, depth: Int = 0) {
    var state = State()
    state.ctm = ctm
    var saved: [State] = []
    var textMatrix = AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)
    var lineMatrix = textMatrix
    var fonts: [String: FontAdvances?] = [:]
    var tokenizer = ContentTokenizer(content)
    while operators < Self.operatorLimit, glyphs.count < Self.glyphLimit, let (op, operands) = tokenizer.next() {
      operators += 1
      let numbers = operands.compactMap { operand -> Double? in
        if case .number(let value) = operand { return value.isFinite ? value : nil }
        return nil
      }
      switch op {
      case "q": if saved.count < 64 { saved.append(state) }
      case "Q": if let last = saved.popLast() { state = last }
      case "cm" where numbers.count == 6:
        state.ctm = Self.concatenate(Self.matrix(numbers), state.ctm)
      case "BT":
        textMatrix = AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)
        lineMatrix = textMatrix
      case "Tm" where numbers.count == 6:
        textMatrix = Self.matrix(numbers)
        lineMatrix = textMatrix
      case "Td" where numbers.count == 2, "TD" where numbers.count == 2:
        if op == "TD" { state.leading = -numbers[1] }
        lineMatrix = Self.concatenate(Self.translation(numbers[0], numbers[1]), lineMatrix)
        textMatrix = lineMatrix
      case "T*":
        lineMatrix = Self.concatenate(Self.translation(0, -state.leading), lineMatrix)
        textMatrix = lineMatrix
      case "TL" where numbers.count == 1: state.leading = numbers[0]
      case "Tc" where numbers.count == 1: state.charSpacing = numbers[0]
      case "Tw" where numbers.count == 1: state.wordSpacing = numbers[0]
      case "Tz" where numbers.count == 1: state.horizontalScale = numbers[0] / 100
      case "Ts" where numbers.count == 1: state.rise = numbers[0]
      case "Tf":
        guard case .name(let name) = operands.first, numbers.count == 1 else { break }
        if fonts[name] == nil { fonts[name] = .some(font(named: name, in: resources)) }
        state.font = fonts[name] ?? nil
        state.fontSize = numbers[0]
      case "Tj", "'", "\"":
        if op != "Tj" {
          if op == "\"", numbers.count == 2 {
            state.wordSpacing = numbers[0]
            state.charSpacing = numbers[1]
          }
          lineMatrix = Self.concatenate(Self.translation(0, -state.leading), lineMatrix)
          textMatrix = lineMatrix
        }
        guard case .string(let bytes) = operands.last else { break }
        show(bytes, state: state, textMatrix: &textMatrix, gapBefore: false)
      case "TJ":
        guard case .array(let items) = operands.last else { break }
        var gap = false
        for item in items {
          switch item {
          case .string(let bytes):
            show(bytes, state: state, textMatrix: &textMatrix, gapBefore: gap)
            gap = false
          case .number(let adjustment) where adjustment.isFinite:
            let shift = -adjustment / 1000 * state.fontSize * state.horizontalScale
            textMatrix = Self.concatenate(Self.translation(shift, 0), textMatrix)
            if adjustment <= -200 { gap = true }
          default: break
          }
        }
      case "Do" where depth < 8:
        guard case .name(let name) = operands.first, let form = formXObject(name, in: resources) else { break }
        let dictionary = qpdf_oh_get_dict(qpdf.data, form)
        let formMatrix = qpdf.entry(dictionary, "/Matrix").flatMap { qpdf.items($0) }?.compactMap { qpdf.number($0) }
        let matrix = formMatrix?.count == 6 ? Self.matrix(formMatrix ?? []) : Self.identity
        let inner = qpdf.entry(dictionary, "/Resources") ?? resources
        scan(streamData(form), resources: inner, ctm: Self.concatenate(matrix, state.ctm), depth: depth + 1)
      default: break
      }
    }
  }

  /// Records the glyphs of one string and moves the text matrix past them.
  private mutating func show(
    _ bytes: [UInt8], state: State, textMatrix: inout AffineTransform, gapBefore: Bool
  ) {
    let advances = state.font ?? FontAdvances.fallback
    let size = state.fontSize
    let scale = state.horizontalScale
    var index = 0
    var first = true
    while index < bytes.count {
      let width = advances.bytesPerCode
      var code: UInt32 = 0
      for offset in 0..<width where index + offset < bytes.count { code = code << 8 | UInt32(bytes[index + offset]) }
      index += width
      let isSpace = width == 1 && code == 32
      let advance = advances.advance(of: code) * size
      let rendering = Self.concatenate(
        AffineTransform(a: size * scale, b: 0, c: 0, d: size, e: 0, f: state.rise),
        Self.concatenate(textMatrix, state.ctm))
      if Self.isTurned(rendering), glyphs.count < Self.glyphLimit {
        let length = (rendering.a * rendering.a + rendering.b * rendering.b).squareRoot()
        let height = (rendering.c * rendering.c + rendering.d * rendering.d).squareRoot()
        if length > 0, height > 0 {
          let direction = Point(rendering.a / length, rendering.b / length)
          let across = Point(-direction.y, direction.x)
          let widthEm = size != 0 ? advance / size : 0.5
          let center = rendering.apply(Point(widthEm / 2, 0.35))
          glyphs.append(
            TurnedGlyph(
              center: center, direction: direction, position: center.x * direction.x + center.y * direction.y,
              across: center.x * across.x + center.y * across.y, size: height,
              breakBefore: first && gapBefore, isSpace: isSpace))
        }
      }
      first = false
      let shift = (advance + state.charSpacing + (isSpace ? state.wordSpacing : 0)) * scale
      textMatrix = Self.concatenate(Self.translation(shift, 0), textMatrix)
    }
  }

  /// The advances of the font resource `name`.
  private func font(named name: String, in resources: qpdf_oh?) -> FontAdvances? {
    guard let resources, let fonts = qpdf.entry(resources, "/Font"), let font = qpdf.value(fonts, name) else { return nil }
    return FontAdvances(font, qpdf: qpdf)
  }

  /// A stream's decoded data (empty when it cannot be read).
  func streamData(_ stream: qpdf_oh) -> [UInt8] {
    var filtered: QPDF_BOOL = QPDF_FALSE
    var buffer: UnsafeMutablePointer<UInt8>? = nil
    var length = 0
    _ = qpdf_oh_get_stream_data(qpdf.data, stream, qpdf_dl_generalized, &filtered, &buffer, &length)
    defer { free(buffer) }
    try? qpdf.check()
    guard let buffer, length > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: buffer, count: length))
  }

  /// The identity matrix.
  static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

  /// A matrix from six numbers.
  static func matrix(_ numbers: [Double]) -> AffineTransform {
    guard numbers.count == 6 else { return identity }
    return AffineTransform(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], e: numbers[4], f: numbers[5])
  }

  /// A translation.
  static func translation(_ x: Double, _ y: Double) -> AffineTransform {
    AffineTransform(a: 1, b: 0, c: 0, d: 1, e: x, f: y)
  }

  /// `first` followed by `then` (PDF's `first × then`).
  static func concatenate(_ first: AffineTransform, _ then: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: first.a * then.a + first.b * then.c, b: first.a * then.b + first.b * then.d,
      c: first.c * then.a + first.d * then.c, d: first.c * then.b + first.d * then.d,
      e: first.e * then.a + first.f * then.c + then.e, f: first.e * then.b + first.f * then.d + then.f)
  }
}

/// The advance widths of a font, in ems, by code.
struct FontAdvances {
  /// Bytes per code: 2 for Type0 fonts, 1 for the others.
  let bytesPerCode: Int
  /// Advances by code, in ems.
  private let widths: [UInt32: Double]
  /// The advance of codes without a width.
  private let missing: Double

  /// A font whose codes are one byte wide, each half an em.
  static let fallback = FontAdvances(bytesPerCode: 1, widths: [:], missing: 0.5)

  /// Creates advances.
  private init(bytesPerCode: Int, widths: [UInt32: Double], missing: Double) {
    self.bytesPerCode = bytesPerCode
    self.widths = widths
    self.missing = missing
  }

  /// The advance of `code`, in ems.
  func advance(of code: UInt32) -> Double { widths[code] ?? missing }

  /// The advances of the font dictionary `font`: /W and /DW of a Type0 font's descendant,
  /// /FirstChar and /Widths of a simple font (scaled by a Type 3 font's /FontMatrix), the
  /// standard 14 metrics for Helvetica, Times and Courier without /Widths.
  init?(_ font: qpdf_oh, qpdf: QPDF) {
    guard qpdf.isDictionary(font) else { return nil }
    let subtype = qpdf.entry(font, "/Subtype").flatMap { qpdf.name($0) }
    var widths: [UInt32: Double] = [:]
    if subtype == "Type0" {
      let descendant = qpdf.entry(font, "/DescendantFonts").flatMap { qpdf.items($0) }?.first
      let defaultWidth = descendant.flatMap { qpdf.entry($0, "/DW") }.flatMap { qpdf.number($0) } ?? 1000
      if let descendant, let array = qpdf.entry(descendant, "/W").flatMap({ qpdf.items($0) }) {
        var index = 0
        while index + 1 < array.count, widths.count < 70_000 {
          guard let first = qpdf.number(array[index]) else { break }
          if let list = qpdf.items(array[index + 1]) {
            for (offset, item) in list.prefix(70_000).enumerated() {
              if let width = qpdf.number(item) { widths[UInt32(clamping: Int(first) + offset)] = width / 1000 }
            }
            index += 2
          } else if index + 2 < array.count, let last = qpdf.number(array[index + 1]),
            let width = qpdf.number(array[index + 2])
          {
            let lower = Int(max(0, min(first, 65_535)))
            let upper = Int(max(0, min(last, 65_535)))
            if lower <= upper {
              for code in lower...upper where widths.count < 70_000 { widths[UInt32(code)] = width / 1000 }
            }
            index += 3
          } else {
            break
          }
        }
      }
      self.init(bytesPerCode: 2, widths: widths, missing: defaultWidth / 1000)
      return
    }
    var scale = 0.001
    if subtype == "Type3",
      let matrix = qpdf.entry(font, "/FontMatrix").flatMap({ qpdf.items($0) })?.compactMap({ qpdf.number($0) }),
      matrix.count == 6
    {
      scale = matrix[0]
    }
    if let list = qpdf.entry(font, "/Widths").flatMap({ qpdf.items($0) }) {
      let first = qpdf.entry(font, "/FirstChar").flatMap { qpdf.integer($0) } ?? 0
      for (offset, item) in list.prefix(256).enumerated() {
        if let width = qpdf.number(item), first + offset >= 0 { widths[UInt32(first + offset)] = width * scale }
      }
      let missing = qpdf.entry(font, "/FontDescriptor").flatMap { qpdf.entry($0, "/MissingWidth") }
        .flatMap { qpdf.number($0) }.map { $0 * scale } ?? 0
      self.init(bytesPerCode: 1, widths: widths, missing: missing)
      return
    }
    let base = qpdf.entry(font, "/BaseFont").flatMap { qpdf.name($0) } ?? ""
    guard StandardFont.isStandard(base) else {
      self.init(bytesPerCode: 1, widths: [:], missing: 0.5)
      return
    }
    let standard = StandardFont.named(base)
    for code in 32...255 { widths[UInt32(code)] = standard.width(of: UInt8(code)) / 1000 }
    self.init(bytesPerCode: 1, widths: widths, missing: 0.5)
  }
}
