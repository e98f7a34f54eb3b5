// SPDX-License-Identifier: GPL-3.0-or-later
import CSystem

/// Releases objects on a thread of its own, so that dropping the last reference to a large
/// document (its qpdf model, poppler views and caches) costs the caller O(1).
///
/// Before the process exits, the reaper's exit handler waits for the releases still queued.
/// qpdf (and poppler) make function-local statics the first time a document is torn down;
/// the C++ runtime destroys those at exit before handlers registered earlier run, so a small
/// document is torn down here once before the handler is registered.
public enum Reaper {
  /// Releases `object` (a reference the caller owns and hands over) on the reaper thread, or
  /// here when no thread can be started. Releases run in order; all have run before the
  /// process exits. The caller keeps no strong reference of its own: one that outlived the
  /// reaper's would free the object on the caller's thread.
  public static func release(_ object: Unmanaged<AnyObject>) {
    _ = prepared
    pdft_reap(object.toOpaque()) { pointer in
      guard let pointer else { return }
      Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
  }

  /// Waits until every object handed to ``release(_:)`` has been released.
  public static func wait() { pdft_reap_wait() }

  /// One small document opened, read and torn down on this thread, once.
  private static let prepared: Void = {
    guard let document = try? Document.makeNew() else { return }
    if (try? document.insertBlankPage(at: 0, width: 100, height: 100)) != nil {
      _ = try? document.text(ofPage: 0)
    }
  }()
}
