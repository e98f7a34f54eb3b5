// SPDX-License-Identifier: GPL-3.0-or-later
import CSystem

/// Releases objects on a thread of its own, so that dropping the last reference to a large
/// document (its qpdf model, poppler views and caches) costs the caller O(1).
///
/// Before the process exits, the reaper's exit handler waits for the releases still queued.
/// qpdf and poppler make function-local statics the first time a document is torn down; the
/// C++ runtime destroys those at exit before handlers registered earlier run. So a small qpdf
/// document is torn down here once before the first release registers the handler, and a
/// small poppler document before the first poppler document is made, which then registers
/// another handler. (Preparing poppler only when it is used keeps its setup, fontconfig's
/// among it, out of processes that never show a page.)
public enum Reaper {
  /// Releases `object` (a reference the caller owns and hands over) on the reaper thread, or
  /// here when no thread can be started. Releases run in order; all have run before the
  /// process exits. The caller keeps no strong reference of its own: one that outlived the
  /// reaper's would free the object on the caller's thread.
  public static func release(_ object: Unmanaged<AnyObject>) {
    _ = preparedModel
    pdft_reap(object.toOpaque()) { pointer in
      guard let pointer else { return }
      Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
  }

  /// Waits until every object handed to ``release(_:)`` has been released.
  public static func wait() { pdft_reap_wait() }

  /// Prepares poppler's teardown (see the type's description) before the first poppler
  /// document is made; cheap after the first call.
  static func preparePoppler() { _ = preparedViews }

  /// One small document made and torn down on this thread, once.
  private static let preparedModel: Void = {
    guard let document = try? Document.makeNew() else { return }
    _ = try? document.insertBlankPage(at: 0, width: 100, height: 100)
  }()

  /// One small poppler document opened, read and torn down on this thread, once; then a
  /// handler that waits for the releases at exit, before poppler's statics are destroyed.
  private static let preparedViews: Void = {
    defer { pdft_reap_drain_at_exit() }
    guard let document = try? Document.makeNew(), (try? document.insertBlankPage(at: 0, width: 100, height: 100)) != nil,
      let bytes = try? document.withSavedBytes(SaveOptions(), { (bytes) throws(PDFError) in Array(bytes) })
    else { return }
    bytes.withUnsafeBytes { buffer in
      guard let view = try? PopplerView(unprepared: [.copied(buffer)], password: []) else { return }
      _ = view.withPage(0, keep: false) { TextPage(page: $0, rotation: 0) }
    }
  }()
}
