// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// Holds the host's log callback and hands it the messages of each call.
enum LogDelivery {
  /// The callback and its user data.
  private struct Target: @unchecked Sendable {
    let callback: pdftools_log_callback
    let userData: UnsafeMutableRawPointer?
  }

  private final class Slot: @unchecked Sendable {
    let lock = Lock()
    var target: Target? = nil
  }

  private static let slot = Slot()

  /// Sets or (with nil) removes the callback; messages below `minimum` are not collected.
  static func set(_ callback: pdftools_log_callback?, minimum: LogLevel, userData: UnsafeMutableRawPointer?) {
    slot.lock.withLock {
      slot.target = callback.map { Target(callback: $0, userData: userData) }
    }
    Log.minimumLevel = callback == nil ? nil : minimum
  }

  /// Delivers the calling thread's pending messages to the callback, if one is set.
  static func deliverPending() {
    let records = Log.takePending()
    guard !records.isEmpty, let target = slot.lock.withLock({ slot.target }) else { return }
    for record in records {
      let level = pdftools_log_level(rawValue: UInt32(record.level.rawValue))
      record.source.withCString { source in
        record.message.withCString { message in
          target.callback(level, source, message, target.userData)
        }
      }
    }
  }
}
