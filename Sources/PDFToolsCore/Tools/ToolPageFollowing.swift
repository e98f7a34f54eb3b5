// SPDX-License-Identifier: GPL-3.0-or-later

/// The pages a tool manager's state lies on, known by page id so that the state follows its
/// pages when pages are inserted, deleted or moved (by the host, another manager, undo or redo).
struct ToolPages {
  /// The ids of the pages events were seen on, by the index they had then.
  var ids: [Int: Int64] = [:]
  /// The document's page structure generation the indices belong to.
  var generation = 0
}

extension ToolManager {
  /// Remembers the id of page `index`, which an event names; call under the lock.
  func notePage(_ index: Int) {
    if pages.generation != document.pageStructureGeneration { followPages() }
    guard pages.ids[index] == nil, let id = try? document.pageID(index) else { return }
    pages.ids[index] = id
  }

  /// Moves every page index of the manager's state to where its page is now, after the pages
  /// changed; state on a page that is gone (deleted) is dropped. Call under the lock.
  func followPages() {
    let generation = document.pageStructureGeneration
    guard pages.generation != generation else { return }
    pages.generation = generation
    var now: [Int: Int] = [:]
    var ids: [Int: Int64] = [:]
    for (index, id) in pages.ids {
      guard let found = try? document.pageIndex(forID: id) else { continue }
      now[index] = found
      ids[found] = id
    }
    pages.ids = ids
    if let page = gesture?.page { if let moved = now[page] { gesture?.page = moved } else { gesture = nil } }
    // The pages a gesture's text selection lies on follow too, or the gesture ends.
    switch gesture?.kind {
    case .textRange(let anchorPage, let anchor, let selection)?:
      switch (now[anchorPage], selection) {
      case (let page?, nil): gesture?.kind = .textRange(anchorPage: page, anchor: anchor, selection: nil)
      case (let page?, let live?):
        if let moved = followed(live, now) {
          gesture?.kind = .textRange(anchorPage: page, anchor: anchor, selection: moved)
        } else {
          gesture = nil
        }
      default: gesture = nil
      }
    case .markupEnd(let id, let fixed, let selection?)?:
      if let moved = followed(selection, now) {
        gesture?.kind = .markupEnd(id: id, fixed: fixed, selection: moved)
      } else {
        gesture = nil
      }
    default: break
    }
    if let page = vertexSession?.page {
      if let moved = now[page] { vertexSession?.page = moved } else { vertexSession = nil }
    }
    if let page = inkSession?.page { if let moved = now[page] { inkSession?.page = moved } else { inkSession = nil } }
    if let page = pending?.page { if let moved = now[page] { pending?.page = moved } else { pending = nil } }
    if let page = canvasGesturePage { canvasGesturePage = now[page] }
    if let last = lastUpTap { lastUpTap = now[last.page].map { ($0, last.point) } }
    if let selection = textSelection {
      if let moved = followed(selection, now) {
        textSelection = moved
      } else {
        textSelection = nil
        notify(.selectionChanged, ids: selectedIDs, text: "")
      }
    }
    // Overlays are delivered again in full, on the pages as they are now.
    delivered.removeAll()
  }

  /// `selection` on the pages as they are now (`now`: new index by old), or nil when one of
  /// its pages is gone or its ends no longer come in order.
  private func followed(_ selection: TextSelection, _ now: [Int: Int]) -> TextSelection? {
    guard let start = now[selection.startPage], let end = now[selection.endPage], start <= end else { return nil }
    return TextSelection(startPage: start, startChar: selection.startChar, endPage: end, endChar: selection.endChar)
  }
}
