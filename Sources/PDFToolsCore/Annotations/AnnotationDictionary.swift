// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension RGBColor {
  /// The colour of a colour array's numbers: gray, RGB or CMYK converted to RGB; nil for any
  /// other count (none: transparent).
  init?(components values: [Double]) {
    switch values.count {
    case 1: self.init(values[0], values[0], values[0])
    case 3: self.init(values[0], values[1], values[2])
    case 4:
      let k = values[3]
      self.init((1 - values[0]) * (1 - k), (1 - values[1]) * (1 - k), (1 - values[2]) * (1 - k))
    default: return nil
    }
  }
}

/// Reading and writing the typed entries of annotation dictionaries.
extension QPDF {
  /// A colour array (/C, /IC): gray, RGB or CMYK converted to RGB; nil for an empty array
  /// (transparent) or a missing or malformed one.
  func color(_ object: qpdf_oh?) -> RGBColor? {
    guard let object, let values = numbers(object) else { return nil }
    return RGBColor(components: values)
  }

  /// A new colour array ([] for nil, meaning transparent).
  func colorArray(_ color: RGBColor?) -> qpdf_oh {
    guard let color else { return makeArray() }
    return numberArray([color.r, color.g, color.b].map { ($0 * 10_000).rounded() / 10_000 })
  }

  /// Flat number arrays as points: [x1 y1 x2 y2 ...].
  func points(_ object: qpdf_oh?) -> [Point] {
    guard let object, let values = numbers(object) else { return [] }
    return stride(from: 0, to: values.count - 1, by: 2).map { Point(values[$0], values[$0 + 1]) }
  }

  /// A flat number array from points.
  func pointArray(_ points: [Point]) -> qpdf_oh {
    numberArray(points.flatMap { [$0.x, $0.y] }.map { ($0 * 1000).rounded() / 1000 })
  }
}

/// Dates in PDF syntax.
enum PDFDate {
  /// The current time as "D:YYYYMMDDHHmmSSZ".
  static func now() -> String {
    var seconds = time(nil)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "D:\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))"
      + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
  }
}
