// SPDX-License-Identifier: GPL-3.0-or-later
import CZlib

/// Flate (zlib) compression of the streams the library writes, as qpdf's full writer
/// compresses the others: incremental updates and undo snapshots stay small too.
enum Flate {
  /// Streams shorter than this stay as they are (the filter would cost more than it saves).
  static let threshold = 64

  /// `bytes` compressed, or nil when compressing fails or gains nothing.
  static func compress(_ bytes: [UInt8]) -> [UInt8]? {
    guard bytes.count >= threshold else { return nil }
    var length = compressBound(uLong(bytes.count))
    var out = [UInt8](repeating: 0, count: Int(length))
    let status = out.withUnsafeMutableBufferPointer { target in
      bytes.withUnsafeBufferPointer { source in
        compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), 6)
      }
    }
    guard status == Z_OK, Int(length) < bytes.count else { return nil }
    return Array(out.prefix(Int(length)))
  }
}
