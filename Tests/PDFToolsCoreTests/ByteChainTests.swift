// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// A document's bytes as a chain of buffers read as one run of bytes.
@Suite struct ByteChainTests {
  /// Every window of a chain of three parts (one empty) is the same window of the bytes joined,
  /// clamped at both ends, whatever the offset and length.
  @Test func windowsReadAcrossPartsAsTheJoinedBytes() throws {
    let pieces: [[UInt8]] = [Array(0..<7), [], Array(100..<113), Array(200..<205)]
    var chain: ByteChain? = nil
    for piece in pieces {
      let owned = try #require(piece.withUnsafeBytes { OwnedBytes(copying: $0) })
      chain = chain.map { $0.appending(owned) } ?? ByteChain(owned)
    }
    let bytes = try #require(chain)
    let joined = pieces.flatMap { $0 }
    #expect(bytes.count == joined.count)
    var mismatches: [String] = []
    for offset in -3...(joined.count + 3) {
      for length in [-1, 0, 1, 2, 6, 7, 8, 13, 20, joined.count, Int.max] {
        let first = min(max(offset, 0), joined.count)
        let end = first + min(max(length, 0), joined.count - first)
        if bytes.bytes(from: offset, length: length) != Array(joined[first..<end]) {
          mismatches.append("\(offset)+\(length)")
        }
      }
    }
    #expect(mismatches.isEmpty, "windows that differ: \(mismatches)")
    #expect(bytes.bytes(from: Int.max, length: Int.max).isEmpty)
  }
}
