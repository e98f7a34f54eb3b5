// SPDX-License-Identifier: GPL-3.0-or-later
/// The undo history of one document: steps of object-level changes, each with the objects'
/// states before and after.
///
/// A step holds complete object states, so undoing or redoing it never depends on other
/// steps, and dropping old steps (depth or memory limits) cannot corrupt newer ones.
struct Journal {
  /// One undoable step.
  struct Step {
    /// What the host shows in its menu ("Add Highlight").
    var label: String
    /// Object states before the step.
    var before: [ObjectIdentity: ObjectSnapshot] = [:]
    /// Object states after the step; nil until taken. A step that made an object changed the
    /// document for certain, so its after-states wait until it is undone (the document is then
    /// in them); a step that only changed existing objects takes them when it ends, to find
    /// out whether it changed anything. A redo step always has them.
    var after: [ObjectIdentity: ObjectSnapshot]? = nil
    /// Consecutive steps with equal keys (same property kinds on the same targets) merge.
    var key: CoalescingKey?
    /// True when the step changed page content (not only annotations): undoing or redoing it
    /// drops what was read of the pages.
    var touchesContent = false
    /// What the step's changes can alter in what pages show: undoing or redoing a step that
    /// changed only annotations leaves page content as the kept view shows it.
    var reach = ChangeReach.annotations
    /// The state id this step leads to.
    let id: Int
    /// The state id before the step.
    let previousID: Int

    /// Bytes held.
    var size: Int {
      before.values.reduce(0) { $0 + $1.size } + (after?.values.reduce(0) { $0 + $1.size } ?? 0)
    }
  }

  /// What makes two steps the same kind of change: the properties changed and the targets.
  struct CoalescingKey: Equatable {
    /// Names of the properties changed.
    var properties: Set<String>
    /// The annotations changed.
    var targets: Set<Int64>
  }

  /// Steps that can be undone, oldest first.
  var undoSteps: [Step] = []
  /// Steps that can be redone, most recently undone last.
  var redoSteps: [Step] = []
  /// The step being collected (between the first change and its commit, or within a group).
  var open: Step? = nil
  /// Nesting depth of open groups.
  var groupDepth = 0
  /// The label of the outermost open group.
  var groupLabel = ""
  /// Keys of the commits inside the open group.
  var groupKeys: [CoalescingKey?] = []
  /// The current state id: 0 at open; a new id with every step.
  var state = 0
  /// The next state id to hand out.
  var nextID = 1
  /// The state id at the last save (or open).
  var savedState = 0
  /// The last state id handed to the host (``Document/stateID``): like the saved state, a step
  /// with this id takes no more changes into it, so changes after it stay apart.
  var handedOutState = -1
  /// True while undo or redo restores objects (their changes are not journaled).
  var restoring = false
  /// False when the host turned the journal off.
  var enabled = true
  /// The most steps kept.
  var depthLimit = 500
  /// The most bytes of snapshots kept.
  var memoryLimit = 64 << 20
  /// Set when the undo state changed; the document tells its host after the call.
  var changed = false
  /// The bytes all undo and redo steps hold, kept up to date so limits cost O(1) per change.
  var storedBytes = 0
  /// Nesting depth of steps being written by ``Document/performStep(_:key:_:)``.
  var savepointDepth = 0
  /// The states objects had before the step being written changed them.
  var savepoint: [ObjectIdentity: ObjectSnapshot] = [:]

  /// Drops the oldest steps beyond the depth and memory limits.
  mutating func trim() {
    var dropped = 0
    while undoSteps.count - dropped > max(depthLimit, 0) || storedBytes > memoryLimit,
      dropped < undoSteps.count
    {
      storedBytes -= undoSteps[dropped].size
      dropped += 1
    }
    if dropped > 0 { undoSteps.removeFirst(dropped) }
  }

  /// Drops the redo steps (a new change was made).
  mutating func dropRedo() {
    guard !redoSteps.isEmpty else { return }
    storedBytes -= redoSteps.reduce(0) { $0 + $1.size }
    redoSteps.removeAll()
  }
}
