// SPDX-License-Identifier: GPL-3.0-or-later
import PDFToolsCore

/// Handles given to the host: serial numbers that are never reused, each naming a live entry.
///
/// A closed, forged or stale handle is always detected, even after its memory would have been
/// reused. Lookups return the entry itself (a strong reference), so an object removed by one
/// thread stays alive until calls already running on it in other threads have finished.
final class HandleTable<Entry>: @unchecked Sendable {
  private let lock = Lock()
  private var entries: [UInt: Entry] = [:]
  private var next: UInt

  /// A table whose handles start above `base` (tables use different ranges).
  init(base: UInt) { next = base }

  /// Registers `entry` and returns its new handle.
  func add(_ entry: Entry) -> OpaquePointer? {
    lock.withLock {
      next &+= 16
      entries[next] = entry
      return OpaquePointer(bitPattern: next)
    }
  }

  /// The entry of `handle`, or nil.
  func entry(_ handle: OpaquePointer) -> Entry? {
    let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
    return lock.withLock { entries[key] }
  }

  /// Forgets `handle` and returns its entry (released by the caller, outside the lock).
  func remove(_ handle: OpaquePointer?) -> Entry? {
    guard let handle else { return nil }
    let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
    return lock.withLock { entries.removeValue(forKey: key) }
  }

  /// Forgets `handle` and returns the table's reference to its entry, to be released exactly
  /// once by the caller; no other reference is made on the way.
  func take(_ handle: OpaquePointer?) -> Unmanaged<AnyObject>? {
    guard let handle else { return nil }
    let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle)))
    return lock.withLock { () -> Unmanaged<AnyObject>? in
      guard let entry = entries.removeValue(forKey: key) else { return nil }
      return Unmanaged.passRetained(entry as AnyObject)
    }
  }
}
