// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Holds back the document's undo notifications on a thread while a tool manager call runs
/// there, so hosts and other managers hear of them after that call released its lock (a
/// callback may then call back into the library).
enum NotificationDeferral {
  /// One held-back notification and the listener it belongs to (nil: the host's callback).
  struct Entry {
    /// Who is told.
    let owner: ObjectIdentifier?
    /// What to call.
    let call: @Sendable () -> Void
  }

  private final class Table: @unchecked Sendable {
    let lock = Lock()
    var depth: [pthread_t: Int] = [:]
    var held: [pthread_t: [Entry]] = [:]
  }

  private static let table = Table()

  /// Starts holding back notifications on this thread (calls nest).
  static func begin() {
    let thread = pthread_self()
    table.lock.withLock { table.depth[thread, default: 0] += 1 }
  }

  /// Stops holding back; the outermost end returns what was held.
  static func end() -> [Entry] {
    let thread = pthread_self()
    return table.lock.withLock {
      let depth = (table.depth[thread] ?? 1) - 1
      guard depth <= 0 else {
        table.depth[thread] = depth
        return []
      }
      table.depth.removeValue(forKey: thread)
      return table.held.removeValue(forKey: thread) ?? []
    }
  }

  /// Calls `entry` now, or holds it back when this thread is inside a tool manager call.
  static func deliver(_ entry: Entry) {
    let thread = pthread_self()
    let holding = table.lock.withLock { () -> Bool in
      guard table.depth[thread] != nil else { return false }
      table.held[thread, default: []].append(entry)
      return true
    }
    if !holding { entry.call() }
  }
}
