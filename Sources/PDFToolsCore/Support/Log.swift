// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Severity of a log message; the raw values match `pdftools_log_level`.
public enum LogLevel: Int32, Sendable, Comparable {
  /// Detail useful when debugging.
  case debug = 0
  /// Normal events worth noting.
  case info = 1
  /// Something was wrong but handled.
  case warning = 2
  /// An operation failed.
  case error = 3

  /// Orders levels by severity.
  public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One log message: its level, where it came from ("pdftools", "qpdf", ...) and its text.
public struct LogRecord: Sendable, Equatable {
  /// Severity.
  public let level: LogLevel
  /// The component that produced the message.
  public let source: String
  /// One line of text.
  public let message: String
}

/// Collects log messages per thread so they can be delivered after the call that made them.
///
/// The core never prints. Code that has something to say calls ``Log/emit(_:_:_:)``; the C layer
/// calls ``Log/takePending()`` at the end of each call, outside every document lock, and hands the
/// records to the host's callback. While no consumer is enabled, messages are dropped at once.
public enum Log {
  private final class Store: @unchecked Sendable {
    let lock = Lock()
    var minimumLevel: LogLevel? = nil
    var pending: [pthread_t: [LogRecord]] = [:]
  }

  private static let store = Store()

  /// The lowest level kept, or nil to drop everything (the default).
  public static var minimumLevel: LogLevel? {
    get { store.lock.withLock { store.minimumLevel } }
    set {
      store.lock.withLock {
        store.minimumLevel = newValue
        if newValue == nil { store.pending.removeAll() }
      }
    }
  }

  /// Records a message for the calling thread, if its level is kept.
  public static func emit(_ level: LogLevel, _ source: String, _ message: String) {
    store.lock.withLock {
      guard let minimum = store.minimumLevel, level >= minimum else { return }
      store.pending[pthread_self(), default: []].append(
        LogRecord(level: level, source: source, message: message))
    }
  }

  /// Removes and returns the calling thread's pending messages, oldest first.
  public static func takePending() -> [LogRecord] {
    store.lock.withLock { store.pending.removeValue(forKey: pthread_self()) ?? [] }
  }
}
