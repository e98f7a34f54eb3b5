// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// What a running call changed, to take it back when the call fails part-way.
struct CallSavepoint {
  /// The states objects had before the call first changed them (absent: made by the call).
  var states: [ObjectIdentity: ObjectSnapshot] = [:]
  /// True when the journal already had a step open when the call began (a group of the host's).
  var stepWasOpen: Bool
  /// The objects the call added to that open step.
  var addedToStep = Set<ObjectIdentity>()
}

extension Document {
  /// Keeps the state of `identity` from before the change about to happen (which can alter
  /// what `reach` says in what pages show), for the journal, the step being written and the
  /// running call: `before` when the caller knows it, else read from qpdf. Call under the lock.
  func journalWillChange(_ identity: ObjectIdentity, reach: ChangeReach, before: ObjectSnapshot? = nil) {
    guard !journal.restoring else { return }
    var taken: ObjectSnapshot? = before
    keep(identity) { () -> ObjectSnapshot in
      if let taken { return taken }
      let state = qpdf.snapshot(identity)
      taken = state
      return state
    }
    if reach == .anything { journal.open?.reach = .anything }
  }

  /// Notes that `identity` did not exist before this change; call under the lock.
  func journalWasCreated(_ identity: ObjectIdentity) {
    guard !journal.restoring else { return }
    keep(identity) { .absent }
  }

  /// Stores the state `state()` gives for `identity` wherever no earlier state of it is kept.
  private func keep(_ identity: ObjectIdentity, _ state: () -> ObjectSnapshot) {
    if callSavepoint != nil, callSavepoint?.states[identity] == nil {
      callSavepoint?.states[identity] = state()
    }
    // A step being written keeps its own first states, to take itself back on failure (also
    // with the journal off, or inside a group of the host's).
    if journal.savepointDepth > 0, journal.savepoint[identity] == nil {
      journal.savepoint[identity] = state()
    }
    guard journal.enabled else { return }
    if journal.open == nil {
      journal.open = Journal.Step(label: "", id: 0, previousID: journal.state)
    }
    if journal.open?.before[identity] == nil {
      journal.open?.before[identity] = state()
      callSavepoint?.addedToStep.insert(identity)
    }
  }

  /// Takes back what the running call changed (it failed part-way), also in the journal's open
  /// step; call under the lock.
  func rollBackCall() {
    guard let savepoint = callSavepoint, !savepoint.states.isEmpty else { return }
    callSavepoint = nil
    restore(savepoint.states, touchesContent: true)
    offerForReuse(savepoint.states)
    if !savepoint.stepWasOpen {
      journal.open = nil
    } else {
      for identity in savepoint.addedToStep { journal.open?.before[identity] = nil }
    }
  }

  /// Ends one change: a step of its own, or part of the open group; call under the lock.
  func journalCommit(label: String, key: Journal.CoalescingKey?) {
    guard !journal.restoring else { return }
    guard journal.enabled else {
      journal.open = nil
      journal.state = journal.nextID
      journal.nextID += 1
      journal.changed = true
      return
    }
    if journal.groupDepth > 0 {
      // Inside a group the step stays open: appearances are built once, when the group ends
      // (or a call reads them), not after each change of the group.
      journal.groupKeys.append(key)
      return
    }
    // Appearances waiting to be built belong to this step.
    if !pendingAppearances.isEmpty { flushAppearances() }
    finishStep(label: label, key: key)
  }

  /// Closes the open step: records new objects and every touched object's state after it, then
  /// merges it into the previous step (same kind of change on the same targets) or pushes it.
  private func finishStep(label: String, key: Journal.CoalescingKey?) {
    guard var step = journal.open else { return }
    journal.open = nil
    // An object made by the step exists now (made, or emptied), so the step changed the
    // document; otherwise the after-states say whether it did.
    if !step.before.values.contains(.absent) {
      let after = afterStates(step)
      guard step.before.contains(where: { after[$0.key] != $0.value }) else { return }
      step.after = after
    }
    step.label = label
    step.key = key
    dropRedo()
    journal.changed = true
    if let key, var top = journal.undoSteps.last, top.key == key, top.id == journal.state,
      top.id != journal.savedState, top.id != journal.handedOutState
    {
      journal.storedBytes -= top.size
      for (identity, state) in step.before where top.before[identity] == nil { top.before[identity] = state }
      if let stepAfter = step.after, let topAfter = top.after {
        top.after = topAfter.merging(stepAfter) { $1 }
      } else {
        top.after = nil  // taken when the merged step is undone
      }
      top.touchesContent = top.touchesContent || step.touchesContent
      if step.reach == .anything { top.reach = .anything }
      journal.storedBytes += top.size
      journal.undoSteps[journal.undoSteps.count - 1] = top
      return
    }
    var finished = Journal.Step(
      label: label, before: step.before, after: step.after, key: key, id: journal.nextID,
      previousID: journal.state)
    finished.touchesContent = step.touchesContent
    finished.reach = step.reach
    journal.nextID += 1
    journal.state = finished.id
    journal.undoSteps.append(finished)
    journal.storedBytes += finished.size
    journal.trim()
  }

  /// The current states of the objects `step` changed; call under the lock.
  private func afterStates(_ step: Journal.Step) -> [ObjectIdentity: ObjectSnapshot] {
    var states: [ObjectIdentity: ObjectSnapshot] = [:]
    states.reserveCapacity(step.before.count)
    for identity in step.before.keys { states[identity] = qpdf.snapshot(identity) }
    return states
  }

  /// Undoes the last step; false when there is none.
  @discardableResult
  public func undo() throws(PDFError) -> Bool {
    try locked { () throws(PDFError) -> Bool in
      guard journal.groupDepth == 0 else {
        throw PDFError(.notPermitted, "cannot undo while a group of changes is open")
      }
      guard var step = journal.undoSteps.popLast() else { return false }
      if step.after == nil {
        // The document is in the step's after-states now (it is the last step).
        let size = step.size
        step.after = afterStates(step)
        journal.storedBytes += step.size - size
      }
      restore(step.before, touchesContent: step.touchesContent, reach: step.reach)
      journal.redoSteps.append(step)
      journal.state = step.previousID
      journal.changed = true
      return true
    }
  }

  /// Redoes the last undone step; false when there is none.
  @discardableResult
  public func redo() throws(PDFError) -> Bool {
    try locked { () throws(PDFError) -> Bool in
      guard journal.groupDepth == 0 else {
        throw PDFError(.notPermitted, "cannot redo while a group of changes is open")
      }
      guard let step = journal.redoSteps.popLast() else { return false }
      restore(step.after ?? [:], touchesContent: step.touchesContent, reach: step.reach)  // taken by the undo
      journal.undoSteps.append(step)
      journal.state = step.id
      journal.changed = true
      return true
    }
  }

  /// Puts objects back into recorded states and drops the caches they may affect (what was
  /// read of the pages too when `touchesContent`; views keep page content when `reach` is
  /// ``ChangeReach/annotations``); call under the lock.
  func restore(_ states: [ObjectIdentity: ObjectSnapshot], touchesContent: Bool, reach: ChangeReach = .anything) {
    let wasRestoring = journal.restoring
    journal.restoring = true
    defer { journal.restoring = wasRestoring }
    // Labels are read again on demand: a step may have changed /PageLabels.
    labelRanges = nil
    for (identity, state) in states.sorted(by: { $0.key.number < $1.key.number }) {
      qpdf.restore(identity, state)
      guard identity != ObjectSnapshot.trailer else { continue }
      viewsWillShow(identity, reach: reach)
      listingWillChange(identity)
      // An object made since the base and taken back has nothing to append.
      if state == .absent && createdObjects.contains(identity) {
        changedObjects.remove(identity)
      } else {
        changedObjects.insert(identity)
      }
    }
    // Objects put back keep the appearance they had; others of an open group still wait.
    for identity in states.keys { pendingAppearances[identity] = nil }
    guard touchesContent else { return }
    pageTreeDidChange()
    inheritedCache.removeAll()
    textSource = .none
    pageTexts.removeAll()
    lastSearch = nil
  }

  /// Opens a group: every change until the matching ``endGroup()`` is one step, labelled by
  /// the outermost group. Groups nest.
  public func beginGroup(_ label: String) throws(PDFError) {
    try locked { () throws(PDFError) in
      if journal.groupDepth == 0 {
        journal.groupLabel = label
        journal.groupKeys = []
      }
      journal.groupDepth += 1
    }
  }

  /// Closes the innermost group; the outermost one becomes one step.
  public func endGroup() throws(PDFError) {
    try locked { () throws(PDFError) in
      guard journal.groupDepth > 0 else { throw PDFError(.notPermitted, "no group is open") }
      journal.groupDepth -= 1
      guard journal.groupDepth == 0 else { return }
      // A group of changes of the same properties (a style change on several annotations)
      // coalesces like a single change on all of them.
      var key: Journal.CoalescingKey? = nil
      let keys = journal.groupKeys.compactMap { $0 }
      if !keys.isEmpty, keys.count == journal.groupKeys.count,
        keys.allSatisfy({ $0.properties == keys[0].properties })
      {
        key = Journal.CoalescingKey(
          properties: keys[0].properties, targets: keys.reduce(into: Set<Int64>()) { $0.formUnion($1.targets) })
      }
      finishStep(label: journal.groupLabel, key: key)
    }
  }

  /// Runs `body` as one undo step labelled `label`. When the step follows a step with the same
  /// `key`, the two merge (an ink session, a slider). When `body` throws, every change it made is
  /// taken back, so the document is as it was before, whether the journal is on or off and
  /// whether the host has a group of its own open.
  func performStep<T>(
    _ label: String, key: Journal.CoalescingKey? = nil, _ body: () throws(PDFError) -> T
  ) throws(PDFError) -> T {
    try locked { () throws(PDFError) in
      if journal.savepointDepth == 0 { journal.savepoint = [:] }
      journal.savepointDepth += 1
    }
    try beginGroup(label)
    let result: T
    do {
      result = try body()
    } catch {
      try locked { () throws(PDFError) in abandonStep() }
      throw error
    }
    try locked { () throws(PDFError) in
      journal.savepointDepth -= 1
      if journal.savepointDepth == 0 { journal.savepoint = [:] }
      guard journal.groupDepth > 0 else { throw PDFError(.internal, "the undo group was closed early") }
      journal.groupDepth -= 1
      guard journal.groupDepth == 0 else { return }
      finishStep(label: journal.groupLabel, key: key)
    }
    return result
  }

  /// Closes the group of a failed step; as the outermost step, restores every object it changed
  /// and removes the objects it made. Call under the lock.
  private func abandonStep() {
    if journal.groupDepth > 0 { journal.groupDepth -= 1 }
    if journal.groupDepth == 0 { journal.open = nil }
    guard journal.savepointDepth > 0 else { return }
    journal.savepointDepth -= 1
    guard journal.savepointDepth == 0 else { return }
    let states = journal.savepoint
    journal.savepoint = [:]
    restore(states, touchesContent: true)
    offerForReuse(states)
  }

  /// What the next undo and redo would do, for menus (nil when there is nothing).
  public var undoState: (canUndo: Bool, canRedo: Bool, undoLabel: String?, redoLabel: String?) {
    lock.withLock {
      (
        !journal.undoSteps.isEmpty, !journal.redoSteps.isEmpty, journal.undoSteps.last?.label,
        journal.redoSteps.last?.label
      )
    }
  }

  /// Sets the depth limit (steps kept) and the memory bound (bytes of object states kept).
  public func setUndoLimits(steps: Int, bytes: Int) throws(PDFError) {
    guard steps >= 0, bytes >= 0 else { throw PDFError(.invalidArgument, "undo limits must not be negative") }
    try locked { () throws(PDFError) in
      journal.depthLimit = steps
      journal.memoryLimit = bytes
      journal.trim()
      journal.changed = true
    }
  }

  /// Turns the journal on or off (off also clears it).
  public func setUndoEnabled(_ enabled: Bool) throws(PDFError) {
    try locked { () throws(PDFError) in
      journal.enabled = enabled
      if !enabled { clearJournal() }
    }
  }

  /// Forgets every undo and redo step (the document itself stays as it is).
  public func clearUndo() throws(PDFError) {
    try locked { () throws(PDFError) in clearJournal() }
  }

  /// Drops the redo steps (a new change was made): what they made is emptied now and can be
  /// made again. Call under the lock.
  private func dropRedo() {
    for step in journal.redoSteps { offerForReuse(step.before) }
    journal.dropRedo()
  }

  /// Empties the history; call under the lock.
  private func clearJournal() {
    for step in journal.redoSteps { offerForReuse(step.before) }
    journal.undoSteps.removeAll()
    journal.redoSteps.removeAll()
    journal.storedBytes = 0
    journal.changed = true
  }

  /// Sets the closure told (after the call, outside the lock) when the undo state changes.
  public func setUndoObserver(_ observer: (@Sendable () -> Void)?) {
    lock.withLock { onUndoChange = observer }
  }

  /// Adds (or, with nil, removes) a listener told after every call that changed the undo state.
  func setUndoListener(_ owner: ObjectIdentifier, _ listener: (@Sendable () -> Void)?) {
    lock.withLock { undoListeners[owner] = listener }
  }

  /// Bytes the journal holds (for its memory bound and the benchmarks).
  public var undoMemory: Int { lock.withLock { journal.storedBytes } }

  /// Runs `body` without journaling its changes (changes that only restate the document, such
  /// as giving a direct annotation dictionary an object of its own); call under the lock.
  func withoutJournal<T>(_ body: () throws(PDFError) -> T) throws(PDFError) -> T {
    let was = journal.restoring
    journal.restoring = true
    defer { journal.restoring = was }
    return try body()
  }
}
