// SPDX-License-Identifier: GPL-3.0-or-later
/// The stream filters the readers of a file's own bytes undo: Flate with PNG predictors, as
/// cross-reference and object streams use them.
enum StreamFilters {
  /// The data of a stream with dictionary `dictionary`, its filter (none or Flate) and PNG
  /// predictor undone; nil for other filters and parameters, or data that does not inflate
  /// within 64 MiB.
  static func decode(_ raw: [UInt8], _ dictionary: [String: PDFValue]) -> [UInt8]? {
    var filters: [PDFValue] = []
    switch dictionary["Filter"] {
    case nil: break
    case .array(let items)?: filters = items
    case let single?: filters = [single]
    }
    var data = raw
    var parameters: [String: PDFValue] = [:]
    switch dictionary["DecodeParms"] {
    case .dictionary(let values)?: parameters = values
    case .array(let items)?:
      if case .dictionary(let values)? = items.first { parameters = values }
    default: break
    }
    guard filters.count <= 1 else { return nil }
    if let filter = filters.first {
      guard case .name("FlateDecode") = filter, let inflated = Flate.inflate(data, limit: 64 << 20) else { return nil }
      data = inflated
    }
    let predictor = parameters["Predictor"]?.integer ?? 1
    if predictor == 1 { return data }
    guard predictor >= 10, (parameters["Colors"]?.integer ?? 1) == 1,
      (parameters["BitsPerComponent"]?.integer ?? 8) == 8
    else { return nil }
    return unpredicted(data, columns: parameters["Columns"]?.integer ?? 1)
  }

  /// PNG-predicted rows (a filter byte, then `columns` bytes) back to their bytes.
  private static func unpredicted(_ data: [UInt8], columns: Int) -> [UInt8]? {
    guard columns > 0, columns <= 64 else { return nil }
    let rowWidth = columns + 1
    var out: [UInt8] = []
    out.reserveCapacity(data.count / rowWidth * columns)
    var previous = [UInt8](repeating: 0, count: columns)
    var row = [UInt8](repeating: 0, count: columns)
    var start = 0
    while start + rowWidth <= data.count {
      let kind = data[start]
      for column in 0..<columns {
        let raw = data[start + 1 + column]
        let left = column > 0 ? row[column - 1] : 0
        let up = previous[column]
        let upLeft = column > 0 ? previous[column - 1] : 0
        switch kind {
        case 0: row[column] = raw
        case 1: row[column] = raw &+ left
        case 2: row[column] = raw &+ up
        case 3: row[column] = raw &+ UInt8((Int(left) + Int(up)) / 2)
        case 4: row[column] = raw &+ paeth(left, up, upLeft)
        default: return nil
        }
      }
      out += row
      previous = row
      start += rowWidth
    }
    return out
  }

  private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
    let p = Int(a) + Int(b) - Int(c)
    let pa = abs(p - Int(a))
    let pb = abs(p - Int(b))
    let pc = abs(p - Int(c))
    if pa <= pb && pa <= pc { return a }
    return pb <= pc ? b : c
  }
}
