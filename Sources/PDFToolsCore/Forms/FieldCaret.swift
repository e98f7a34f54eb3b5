// SPDX-License-Identifier: GPL-3.0-or-later

/// Where a caret and a selection sit in a text field's widget, laid out as the widget's
/// appearance lays out its text (``WidgetAppearance``).
///
/// One line (and combs) are placed exactly as drawn. In a multiline field the caret goes on
/// the paragraph (newline-separated) it is in, at the advance of that paragraph's text before
/// it: soft line breaks are not followed.
struct FieldCaret: Sendable, Equatable {
  /// The caret's bottom and top, page space.
  var caret: (Point, Point)
  /// The selected text's boxes, page space (empty without a selection).
  var selection: [Quad]

  /// Equal carets and selections.
  static func == (lhs: FieldCaret, rhs: FieldCaret) -> Bool {
    lhs.caret.0 == rhs.caret.0 && lhs.caret.1 == rhs.caret.1 && lhs.selection == rhs.selection
  }
}

extension Document {
  /// The caret at character offset `caret` (and the selection from `anchor`) of `text` typed
  /// into widget `widget` (an annotation id) of text field `field`.
  func fieldCaret(field: Int64, widget: Int64, text: String, caret: Int, anchor: Int) throws(PDFError) -> FieldCaret {
    try locked { () throws(PDFError) -> FieldCaret in
      let node = try fieldNode(field)
      let object = try annotationObject(widget).object
      let (look, rotation) = widgetLook(object, of: node)
      let rect = qpdf.entry(object, "/Rect").flatMap { qpdf.rect($0) } ?? Rect(0, 0, 0, 0)
      let characters = Array(text)
      let flags = node.attributes.flags
      let shown = flags.contains(.password) ? Array(String(repeating: "*", count: characters.count)) : characters
      func position(_ offset: Int) -> (x: Double, bottom: Double, top: Double) {
        let at = min(max(offset, 0), shown.count)
        if flags.contains(.comb), !flags.contains(.multiline), let cells = node.attributes.maxLength, cells > 0 {
          let size = look.fontSize > 0 ? look.fontSize : max(min(WidgetAppearance.textArea(look).height / 1.35, look.width / Double(cells) * 0.9), 1)
          let middle = look.height / 2
          return (look.width / Double(cells) * Double(at), middle - size * 0.6, middle + size * 0.6)
        }
        if flags.contains(.multiline) {
          let (size, first) = WidgetAppearance.multiline(String(shown), look: look)
          let before = shown[..<at]
          let line = before.filter { $0.isNewline }.count
          let paragraphStart = before.lastIndex(where: { $0.isNewline }).map { $0 + 1 } ?? 0
          let paragraph = String(shown[paragraphStart...].prefix { !$0.isNewline })
          let area = WidgetAppearance.textArea(look)
          let whole = MeasuredText(paragraph, fontName: look.fontName).width(size: size)
          let start = WidgetAppearance.lineStart(look.alignment, width: min(whole, area.width), in: area)
          let width = MeasuredText(String(shown[paragraphStart..<at]), fontName: look.fontName).width(size: size)
          let baseline = first - Double(line) * size * WidgetAppearance.lineSpacing
          return (min(start + width, area.x1), baseline - size * 0.25, baseline + size * 0.85)
        }
        let line = String(shown.filter { !$0.isNewline })
        let measure = MeasuredText(line, fontName: look.fontName)
        let (size, origin) = WidgetAppearance.singleLine(measure, look: look)
        let (ascent, descent) = measure.extent(size: size)
        let width = MeasuredText(String(shown[..<at].filter { !$0.isNewline }), fontName: look.fontName).width(size: size)
        // Text wider than the box is clipped there, and so is the caret.
        let inner = look.inner
        return (min(max(origin.x + width, inner.x0), inner.x1), origin.y + descent, origin.y + ascent)
      }
      func toPage(_ x: Double, _ y: Double) -> Point {
        switch rotation {
        case 90: return Point(rect.x0 + look.height - y, rect.y0 + x)
        case 180: return Point(rect.x1 - x, rect.y1 - y)
        case 270: return Point(rect.x0 + y, rect.y1 - x)
        default: return Point(rect.x0 + x, rect.y0 + y)
        }
      }
      let caret = min(max(caret, 0), shown.count), anchor = min(max(anchor, 0), shown.count)
      let here = position(caret)
      var result = FieldCaret(caret: (toPage(here.x, here.bottom), toPage(here.x, here.top)), selection: [])
      if anchor != caret {
        let low = min(anchor, caret), high = max(anchor, caret)
        // One box per line the selection touches (single lines and combs: one).
        var start = low
        while start < high {
          var end = high
          if flags.contains(.multiline), let newline = shown[start..<high].firstIndex(where: { $0.isNewline }) { end = newline }
          let a = position(start), b = position(end)
          result.selection.append(
            Quad(toPage(a.x, a.top), toPage(b.x, b.top), toPage(a.x, a.bottom), toPage(b.x, b.bottom)))
          start = end + 1
        }
      }
      return result
    }
  }
}
