// SPDX-License-Identifier: GPL-3.0-or-later
/// The bytes of a document as a chain of buffers: the file as read, then each update appended
/// to it. Appending shares the earlier buffers instead of copying them, so an update costs what
/// it holds, not the document's size.
struct ByteChain: Sendable {
  /// The buffers, in order.
  let parts: [OwnedBytes]
  /// The total number of bytes.
  let count: Int

  /// A chain of one buffer.
  init(_ first: OwnedBytes) {
    parts = [first]
    count = first.count
  }

  private init(parts: [OwnedBytes]) {
    self.parts = parts
    count = parts.reduce(0) { $0 + $1.count }
  }

  /// This chain followed by `next`.
  func appending(_ next: OwnedBytes) -> ByteChain { ByteChain(parts: parts + [next]) }

  /// The byte at `offset` (0..<count); nil outside.
  func byte(at offset: Int) -> UInt8? {
    guard offset >= 0 else { return nil }
    var start = 0
    for part in parts {
      if offset < start + part.count { return part.buffer[offset - start] }
      start += part.count
    }
    return nil
  }

  /// The bytes from `offset` on, at most `length` of them.
  func bytes(from offset: Int, length: Int) -> [UInt8] {
    var result: [UInt8] = []
    // Clamped before adding: offsets read from a file may be near Int.max.
    var position = min(max(offset, 0), count)
    let end = position + min(max(length, 0), count - position)
    result.reserveCapacity(end - position)
    var start = 0
    for part in parts where position < end {
      let partEnd = start + part.count
      if position < partEnd {
        let upto = min(end, partEnd)
        result += part.buffer[(position - start)..<(upto - start)]
        position = upto
      }
      start = partEnd
    }
    return result
  }

  /// What `body` makes of the bytes from `offset` on, at most `length` of them: in place when
  /// they lie in one buffer, else copied.
  func withBytes<T>(from offset: Int, length: Int, _ body: (UnsafeRawBufferPointer) -> T) -> T {
    let position = min(max(offset, 0), count)
    let end = position + min(max(length, 0), count - position)
    var start = 0
    for part in parts {
      let partEnd = start + part.count
      if position >= start, end <= partEnd {
        return body(UnsafeRawBufferPointer(rebasing: part.buffer[(position - start)..<(end - start)]))
      }
      if position < partEnd { break }
      start = partEnd
    }
    return bytes(from: offset, length: length).withUnsafeBytes(body)
  }

  /// The last `length` bytes (fewer when the chain is shorter).
  func suffix(_ length: Int) -> [UInt8] { bytes(from: max(0, count - length), length: length) }

  /// All the bytes in one new array (for callers that need them contiguous).
  func joined() -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(count)
    for part in parts { result += part.buffer }
    return result
  }
}
