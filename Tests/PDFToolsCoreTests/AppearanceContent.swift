// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// A content-stream operand, as the appearance tests read it back.
enum ContentOperand: Equatable {
  /// A number.
  case number(Double)
  /// A name, without the slash.
  case name(String)
  /// A literal string's bytes, escapes resolved.
  case string([UInt8])
  /// An array.
  case array([ContentOperand])
  /// A dictionary, as its PDF text.
  case dictionary(String)

  /// The number, if this is one.
  var number: Double? {
    if case .number(let value) = self { return value }
    return nil
  }
}

/// One operator with its operands.
struct ContentOperation {
  /// The operator, e.g. "re".
  var op: String
  /// Its operands in order.
  var operands: [ContentOperand]

  /// The operands as numbers (non-numbers are left out).
  var numbers: [Double] { operands.compactMap(\.number) }
}

/// A small reader of the content streams the builders write, for checking them structurally.
enum ContentReader {
  /// PDF delimiter bytes.
  static let delimiters = Set("()<>[]{}/%".utf8)
  /// PDF white-space bytes.
  static let spaces: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00]

  /// The operations of `content`. Unknown syntax ends the reading (and fails the test).
  static func operations(_ content: String) -> [ContentOperation] {
    let bytes = Array(content.utf8)
    var index = 0
    var stack: [[ContentOperand]] = [[]]
    var result: [ContentOperation] = []
    func isDelimiter(_ byte: UInt8) -> Bool { delimiters.contains(byte) }
    func isSpace(_ byte: UInt8) -> Bool { spaces.contains(byte) }
    while index < bytes.count {
      let byte = bytes[index]
      if isSpace(byte) {
        index += 1
      } else if byte == UInt8(ascii: "/") {
        var end = index + 1
        while end < bytes.count, !isSpace(bytes[end]), !isDelimiter(bytes[end]) { end += 1 }
        stack[stack.count - 1].append(
          .name(String(decoding: bytes[(index + 1)..<end], as: UTF8.self)))
        index = end
      } else if byte == UInt8(ascii: "(") {
        var depth = 1
        var value: [UInt8] = []
        index += 1
        while index < bytes.count, depth > 0 {
          let current = bytes[index]
          if current == UInt8(ascii: "\\"), index + 1 < bytes.count {
            let next = bytes[index + 1]
            if next >= UInt8(ascii: "0"), next <= UInt8(ascii: "7") {
              var code = 0
              var length = 0
              while length < 3, index + 1 + length < bytes.count,
                bytes[index + 1 + length] >= UInt8(ascii: "0"),
                bytes[index + 1 + length] <= UInt8(ascii: "7")
              {
                code = code * 8 + Int(bytes[index + 1 + length] - UInt8(ascii: "0"))
                length += 1
              }
              value.append(UInt8(code & 0xFF))
              index += 1 + length
            } else {
              switch next {
              case UInt8(ascii: "n"): value.append(0x0A)
              case UInt8(ascii: "r"): value.append(0x0D)
              default: value.append(next)
              }
              index += 2
            }
            continue
          }
          if current == UInt8(ascii: "(") { depth += 1 }
          if current == UInt8(ascii: ")") {
            depth -= 1
            if depth == 0 {
              index += 1
              break
            }
          }
          value.append(current)
          index += 1
        }
        stack[stack.count - 1].append(.string(value))
      } else if byte == UInt8(ascii: "<"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<") {
        // A dictionary operand (marked-content properties): kept whole as its text.
        var depth = 0
        var end = index
        while end + 1 < bytes.count {
          if bytes[end] == UInt8(ascii: "<"), bytes[end + 1] == UInt8(ascii: "<") {
            depth += 1
            end += 2
          } else if bytes[end] == UInt8(ascii: ">"), bytes[end + 1] == UInt8(ascii: ">") {
            depth -= 1
            end += 2
            if depth == 0 { break }
          } else if bytes[end] == UInt8(ascii: "<") {
            // A hexadecimal string inside the dictionary.
            while end < bytes.count, bytes[end] != UInt8(ascii: ">") { end += 1 }
            end += 1
          } else {
            end += 1
          }
        }
        stack[stack.count - 1].append(.dictionary(String(decoding: bytes[index..<end], as: UTF8.self)))
        index = end
      } else if byte == UInt8(ascii: "<") {
        // A hexadecimal string.
        var end = index + 1
        var digits: [UInt8] = []
        while end < bytes.count, bytes[end] != UInt8(ascii: ">") {
          if let digit = UInt8(String(UnicodeScalar(bytes[end])), radix: 16) { digits.append(digit) }
          end += 1
        }
        if digits.count % 2 == 1 { digits.append(0) }
        let value = stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
        stack[stack.count - 1].append(.string(value))
        index = min(end + 1, bytes.count)
      } else if byte == UInt8(ascii: "[") {
        stack.append([])
        index += 1
      } else if byte == UInt8(ascii: "]") {
        let items = stack.removeLast()
        stack[stack.count - 1].append(.array(items))
        index += 1
      } else {
        var end = index
        while end < bytes.count, !isSpace(bytes[end]), !isDelimiter(bytes[end]) { end += 1 }
        if end == index {
          Issue.record("unexpected byte \(byte) in content")
          return result
        }
        let token = String(decoding: bytes[index..<end], as: UTF8.self)
        if let value = Double(token), token.first.map({ "+-.0123456789".contains($0) }) == true {
          stack[stack.count - 1].append(.number(value))
        } else {
          result.append(ContentOperation(op: token, operands: stack[stack.count - 1]))
          stack[stack.count - 1] = []
        }
        index = end
      }
    }
    return result
  }

  /// Every point a path operator names (m, l and c points, re corners).
  static func pathPoints(_ operations: [ContentOperation]) -> [Point] {
    var points: [Point] = []
    for operation in operations {
      let n = operation.numbers
      switch operation.op {
      case "m", "l", "c":
        for pair in stride(from: 0, to: n.count - 1, by: 2) {
          points.append(Point(n[pair], n[pair + 1]))
        }
      case "re" where n.count == 4:
        points.append(Point(n[0], n[1]))
        points.append(Point(n[0] + n[2], n[1] + n[3]))
      default:
        break
      }
    }
    return points
  }

  /// The subpaths: runs of points from an `m` to the next `m` or painting operator.
  static func subpaths(_ operations: [ContentOperation]) -> [[Point]] {
    var paths: [[Point]] = []
    var current: [Point] = []
    for operation in operations {
      let n = operation.numbers
      switch operation.op {
      case "m" where n.count == 2:
        if !current.isEmpty { paths.append(current) }
        current = [Point(n[0], n[1])]
      case "l" where n.count == 2:
        current.append(Point(n[0], n[1]))
      case "c" where n.count == 6:
        current.append(Point(n[4], n[5]))
      case "re" where n.count == 4:
        if !current.isEmpty { paths.append(current) }
        current = []
        paths.append([
          Point(n[0], n[1]), Point(n[0] + n[2], n[1]), Point(n[0] + n[2], n[1] + n[3]),
          Point(n[0], n[1] + n[3]),
        ])
      case "h":
        break
      default:
        if !current.isEmpty { paths.append(current) }
        current = []
      }
    }
    if !current.isEmpty { paths.append(current) }
    return paths
  }

  /// The shown text lines: the origin set by the last `Tm` and the bytes of each `Tj`.
  static func textLines(_ operations: [ContentOperation]) -> [(origin: Point, codes: [UInt8])] {
    var origin = Point(0, 0)
    var lines: [(origin: Point, codes: [UInt8])] = []
    for operation in operations {
      switch operation.op {
      case "Tm":
        let n = operation.numbers
        if n.count == 6 { origin = Point(n[4], n[5]) }
      case "Tj":
        if case .string(let codes) = operation.operands.first { lines.append((origin, codes)) }
      default:
        break
      }
    }
    return lines
  }
}

/// Structural checks every built stream must pass.
enum StreamCheck {
  /// The operand counts of the operators the builders write.
  static let arity: [String: Int] = [
    "m": 2, "l": 2, "c": 6, "re": 4, "RG": 3, "rg": 3, "w": 1, "J": 1, "j": 1, "Tm": 6,
    "gs": 1, "Tf": 2, "d": 2, "Tj": 1, "q": 0, "Q": 0, "h": 0, "S": 0, "f": 0, "B": 0,
    "W": 0, "n": 0, "BT": 0, "ET": 0, "TJ": 1, "BDC": 2, "EMC": 0,
  ]

  /// Reads `stream` back and records an issue for every broken rule: only known operators
  /// with their operand counts, finite numbers (no "nan"/"inf" anywhere), balanced q/Q and
  /// BT/ET (not nested), resources that exist, and every path point inside the bounding box.
  @discardableResult
  static func validate(
    _ stream: AppearanceStream, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> [ContentOperation] {
    let box = stream.bbox
    #expect(
      [box.x0, box.y0, box.x1, box.y1].allSatisfy(\.isFinite) && !box.isEmpty,
      "\(label): bbox \(box)", sourceLocation: sourceLocation)
    let operations = ContentReader.operations(stream.content)
    var saveDepth = 0
    var inText = false
    for operation in operations {
      #expect(
        arity[operation.op] == operation.operands.count,
        "\(label): \(operation.op) with \(operation.operands.count) operands",
        sourceLocation: sourceLocation)
      for operand in operation.operands {
        if case .number(let value) = operand {
          #expect(value.isFinite, "\(label): non-finite number", sourceLocation: sourceLocation)
        }
      }
      switch operation.op {
      case "q": saveDepth += 1
      case "Q":
        saveDepth -= 1
        #expect(saveDepth >= 0, "\(label): Q without q", sourceLocation: sourceLocation)
      case "BT":
        #expect(!inText, "\(label): nested BT", sourceLocation: sourceLocation)
        inText = true
      case "ET":
        #expect(inText, "\(label): ET without BT", sourceLocation: sourceLocation)
        inText = false
      case "gs":
        if case .name(let name) = operation.operands.first {
          #expect(stream.graphicsStates[name] != nil, "\(label): /\(name) missing")
        }
      case "Tf":
        if case .name(let name) = operation.operands.first {
          #expect(
            stream.fonts[name] != nil || stream.embeddedFonts[name] != nil, "\(label): font /\(name) missing")
        }
      default: break
      }
    }
    #expect(saveDepth == 0, "\(label): unbalanced q/Q", sourceLocation: sourceLocation)
    #expect(!inText, "\(label): BT without ET", sourceLocation: sourceLocation)
    // Outside strings (whose text may say anything), no token may read nan or inf.
    let tokens = operations.map { $0.op.lowercased() }
    #expect(
      !tokens.contains(where: { $0.contains("nan") || $0.contains("inf") }),
      "\(label): nan/inf in content", sourceLocation: sourceLocation)
    for point in ContentReader.pathPoints(operations) {
      #expect(
        point.x >= box.x0 - 0.01 && point.x <= box.x1 + 0.01 && point.y >= box.y0 - 0.01
          && point.y <= box.y1 + 0.01,
        "\(label): (\(point.x), \(point.y)) outside \(box)", sourceLocation: sourceLocation)
    }
    return operations
  }

  /// True when `outer` holds `inner` (within 0.01).
  static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
    outer.x0 <= inner.x0 + 0.01 && outer.y0 <= inner.y0 + 0.01 && outer.x1 >= inner.x1 - 0.01
      && outer.y1 >= inner.y1 - 0.01
  }

  /// True when `a` and `b` are within `tolerance` of each other.
  static func near(_ a: Point, _ b: Point, _ tolerance: Double = 0.01) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
  }
}
