// SPDX-License-Identifier: GPL-3.0-or-later
import CSystem

/// Told how far a long call (a whole-document search, a save, the text of many pages) has come:
/// `done` of `total` units. Returning false stops the call, which then fails with `.cancelled`
/// and changes nothing. It runs on the calling thread while the document is locked: calls on
/// the same document from it fail with `.notPermitted` (the throwing ones; the plain getters,
/// such as ``Document/pageCount``, must not be called from it).
public typealias ProgressHandler = (_ done: Int, _ total: Int) -> Bool

/// Calls a progress handler for one document and remembers whether it asked to stop.
struct ProgressReporter {
  /// The handler, if any.
  let handler: ProgressHandler?
  /// The document whose call is reported (calls on it from the handler are refused).
  let owner: UnsafeRawPointer

  /// Reports `done` of `total`; throws `.cancelled` when the handler says stop.
  func report(_ done: Int, of total: Int) throws(PDFError) {
    guard let handler else { return }
    let previous = pdft_progress_owner()
    pdft_set_progress_owner(owner)
    let goOn = handler(done, total)
    pdft_set_progress_owner(previous)
    guard goOn else { throw PDFError(.cancelled, "stopped by the progress handler after \(done) of \(total)") }
  }
}

extension Document {
  /// A reporter for `handler` on this document.
  func progressReporter(_ handler: ProgressHandler?) -> ProgressReporter {
    ProgressReporter(handler: handler, owner: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()))
  }

  /// Throws when the calling thread is running this document's progress handler (the document
  /// is locked by the call being reported: a call on it would wait forever).
  public func refuseCallsFromProgressHandler() throws(PDFError) {
    guard let owner = pdft_progress_owner(), owner == UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) else {
      return
    }
    throw PDFError(.notPermitted, "a progress handler cannot call functions of the document whose call it reports")
  }
}
