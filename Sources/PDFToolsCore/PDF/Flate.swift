// SPDX-License-Identifier: GPL-3.0-or-later
import CZlib

/// Flate (zlib) compression of the streams the library writes, as qpdf's full writer
/// compresses the others: incremental updates and undo snapshots stay small too.
enum Flate {
  /// Streams shorter than this stay as they are (the filter would cost more than it saves).
  static let threshold = 64

  /// `bytes` compressed, or nil when compressing fails or gains nothing.
  ///
  /// The window and hash table are sized to the input (zlib's defaults set up 256 KiB for
  /// every stream, which costs more than compressing a small appearance stream).
  static func compress(_ bytes: [UInt8]) -> [UInt8]? {
    guard bytes.count >= threshold, bytes.count <= Int(UInt32.max) else { return nil }
    // The smallest window (2^9 to 2^15 bytes) that holds the input and zlib's lookahead.
    let needed = bytes.count + 262
    let windowBits = Int32(min(15, max(9, Int.bitWidth - (needed - 1).leadingZeroBitCount)))
    let memoryLevel = Int32(min(8, max(1, Int(windowBits) - 7)))
    var stream = z_stream()
    let size = Int32(MemoryLayout<z_stream>.size)
    guard deflateInit2_(&stream, 6, Z_DEFLATED, windowBits, memoryLevel, Z_DEFAULT_STRATEGY, zlibVersion(), size) == Z_OK
    else { return nil }
    defer { deflateEnd(&stream) }
    let bound = Int(deflateBound(&stream, uLong(bytes.count)))
    var out = [UInt8](repeating: 0, count: bound)
    let status = out.withUnsafeMutableBufferPointer { target in
      bytes.withUnsafeBufferPointer { source in
        stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
        stream.avail_in = uInt(source.count)
        stream.next_out = target.baseAddress
        stream.avail_out = uInt(target.count)
        return deflate(&stream, Z_FINISH)
      }
    }
    let length = Int(stream.total_out)
    guard status == Z_STREAM_END, length < bytes.count else { return nil }
    return Array(out.prefix(length))
  }

  /// `bytes` decompressed (a zlib stream), or nil when they are not one or would grow past
  /// `limit` bytes.
  static func inflate(_ bytes: [UInt8], limit: Int) -> [UInt8]? {
    guard bytes.count <= Int(UInt32.max) else { return nil }
    var stream = z_stream()
    guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    return bytes.withUnsafeBufferPointer { source -> [UInt8]? in
      stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
      stream.avail_in = uInt(source.count)
      while true {
        let (status, produced) = chunk.withUnsafeMutableBufferPointer { target -> (Int32, Int) in
          stream.next_out = target.baseAddress
          stream.avail_out = uInt(target.count)
          let status = zlibInflate(&stream, Z_NO_FLUSH)
          return (status, target.count - Int(stream.avail_out))
        }
        out += chunk.prefix(produced)
        guard out.count <= limit else { return nil }
        if status == Z_STREAM_END { return out }
        guard status == Z_OK, produced > 0 || stream.avail_in > 0 else { return nil }
      }
    }
  }
}

/// zlib's inflate, under a name that does not clash with ``Flate/inflate(_:limit:)``.
private func zlibInflate(_ stream: UnsafeMutablePointer<z_stream>, _ flush: Int32) -> Int32 {
  CZlib.inflate(stream, flush)
}
