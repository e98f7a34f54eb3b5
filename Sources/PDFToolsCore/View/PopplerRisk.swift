// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// Which annotations poppler (22.12) must not be asked to draw.
///
/// poppler draws an annotation from its appearance stream when it has a usable one; otherwise
/// (and for a Highlight whose appearance has no graphics state, and for form widgets when the
/// form asks for new appearances) it builds one itself, and some of its builders loop on absurd
/// input: a Squiggly steps two units at a time across its quadrilaterals (a billion-unit quad
/// eats memory until it runs out; one from -1e17 never ends), FreeText and line captions never
/// end on UTF-16 text of odd length and copy the text once per line, and huge coordinates
/// overflow cairo. Such annotations are left out of the view poppler renders; the document keeps
/// them as they are.
enum PopplerRisk {
  /// Subtypes poppler builds an appearance for when the annotation has no usable one.
  private static let generated: Set<String> = [
    "Highlight", "Underline", "Squiggly", "StrikeOut", "Line", "Polygon", "PolyLine", "Ink", "Square",
    "Circle", "FreeText", "Text", "FileAttachment", "Sound", "Stamp", "Widget",
  ]
  /// The most steps a generated Squiggly may take (two units each).
  static let maximumSquiggleSteps = 100_000.0
  /// The longest text poppler lays out itself, in bytes.
  static let maximumGeneratedText = 65_536
  /// The most annotations of one page given to poppler.
  static let maximumAnnotationsPerPage = 10_000

  /// Why poppler must not draw `annotation`, or nil when it may. `formNeedsAppearances` is the
  /// form's /NeedAppearances.
  static func reason(_ qpdf: QPDF, _ annotation: qpdf_oh, formNeedsAppearances: Bool) -> String? {
    guard qpdf.isDictionary(annotation) else { return nil }
    let flags = qpdf.entry(annotation, "/F").flatMap { qpdf.integer($0) } ?? 0
    if flags & 2 != 0 { return nil }  // Hidden: never drawn.
    let subtype = qpdf.entry(annotation, "/Subtype").flatMap { qpdf.name($0) } ?? ""
    guard generated.contains(subtype) else { return nil }
    let builds: Bool
    switch subtype {
    case "Highlight": builds = !hasGraphicsState(qpdf, annotation)
    case "Widget": builds = formNeedsAppearances || usableAppearance(qpdf, annotation) == nil
    default: builds = usableAppearance(qpdf, annotation) == nil
    }
    guard builds else { return nil }
    for key: StaticString in ["/Rect", "/QuadPoints", "/Vertices", "/L", "/CL", "/RD"] {
      if let values = qpdf.entry(annotation, key).flatMap({ numbers(qpdf, $0, limit: 2_000_000) }) {
        guard values.count < 2_000_000 else { return "its \(key) has too many numbers" }
        if !values.allSatisfy(Limits.isCoordinate) { return "its \(key) holds numbers beyond \(Int(Limits.maximumCoordinate))" }
      }
    }
    if let ink = qpdf.entry(annotation, "/InkList").flatMap({ qpdf.items($0) }) {
      var total = 0
      for stroke in ink {
        guard let values = numbers(qpdf, stroke, limit: 2_000_000) else { continue }
        total += values.count
        if total > 2 * Limits.maximumPoints { return "its /InkList has too many points" }
        if !values.allSatisfy(Limits.isCoordinate) { return "its /InkList holds numbers beyond \(Int(Limits.maximumCoordinate))" }
      }
    }
    if subtype == "Squiggly", let quads = qpdf.entry(annotation, "/QuadPoints").flatMap({ numbers(qpdf, $0, limit: 2_000_000) }) {
      var steps = 0.0
      var index = 0
      while index + 3 < quads.count {
        steps += max(0, quads[index + 2] - quads[index]) / 2
        index += 8
      }
      if steps > maximumSquiggleSteps { return "its squiggle would take \(Int(steps)) steps" }
    }
    let textKeys: [StaticString]
    switch subtype {
    case "FreeText": textKeys = ["/Contents"]
    case "Line": textKeys = qpdf.entry(annotation, "/Cap").map { qpdf_oh_get_bool_value(qpdf.data, $0) != QPDF_FALSE } == true ? ["/Contents"] : []
    case "Widget": textKeys = ["/V", "/TU"]
    default: textKeys = []
    }
    for key in textKeys {
      guard let value = qpdf.entry(annotation, key), qpdf_oh_is_string(qpdf.data, value) != QPDF_FALSE else { continue }
      var length = 0
      guard let bytes = qpdf_oh_get_binary_string_value(qpdf.data, value, &length) else { continue }
      let raw = UnsafeRawBufferPointer(start: bytes, count: length)
      if length > maximumGeneratedText { return "its \(key) text is \(length) bytes long" }
      if length >= 2, raw[0] == 0xFE, raw[1] == 0xFF, length % 2 == 1 { return "its \(key) is UTF-16 text of odd length" }
    }
    return nil
  }

  /// The normal appearance poppler would draw: /AP /N as a stream, or the state /AS names in
  /// /AP /N (the only one, or "Off", when there is no /AS); nil when there is none.
  private static func usableAppearance(_ qpdf: QPDF, _ annotation: qpdf_oh) -> qpdf_oh? {
    guard let appearance = qpdf.entry(annotation, "/AP"), qpdf.isDictionary(appearance),
      let normal = qpdf.entry(appearance, "/N")
    else { return nil }
    if qpdf_oh_is_stream(qpdf.data, normal) != QPDF_FALSE { return normal }
    guard qpdf.isDictionary(normal) else { return nil }
    let states = qpdf.keys(normal)
    let state = qpdf.entry(annotation, "/AS").flatMap { qpdf.name($0) } ?? (states.count == 1 ? states[0] : "Off")
    guard let stream = qpdf.value(normal, state), qpdf_oh_is_stream(qpdf.data, stream) != QPDF_FALSE else { return nil }
    return stream
  }

  /// True when the Highlight's appearance has an /ExtGState in its resources (poppler draws
  /// such a Highlight as it is, and rebuilds every other one).
  private static func hasGraphicsState(_ qpdf: QPDF, _ annotation: qpdf_oh) -> Bool {
    guard let stream = usableAppearance(qpdf, annotation),
      let resources = qpdf.entry(qpdf_oh_get_dict(qpdf.data, stream), "/Resources"),
      let states = qpdf.entry(resources, "/ExtGState")
    else { return false }
    return qpdf.isDictionary(states)
  }

  /// The numbers of an array (other items skipped: poppler ignores them), or nil when it is not
  /// an array; an array longer than `limit` gives `limit` zeros without being read.
  private static func numbers(_ qpdf: QPDF, _ array: qpdf_oh, limit: Int) -> [Double]? {
    guard qpdf_oh_is_array(qpdf.data, array) != QPDF_FALSE else { return nil }
    let count = Int(qpdf_oh_get_array_n_items(qpdf.data, array))
    if count > limit { return Array(repeating: 0, count: limit) }
    return (0..<count).compactMap { index in
      let item = qpdf_oh_get_array_item(qpdf.data, array, Int32(index))
      guard qpdf_oh_is_number(qpdf.data, item) != QPDF_FALSE else { return nil }
      return qpdf_oh_get_numeric_value(qpdf.data, item)
    }
  }
}
