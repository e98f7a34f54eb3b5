import CQPDF

extension Document {
  /// Keeps the state of `identity` from before the change about to happen; call under the lock.
  func journalWillChange(_ identity: ObjectIdentity) {
    guard !journal.restoring else { return }
    var state: ObjectSnapshot? = nil
    // A step being written keeps its own first states, to take itself back on failure (also
    // with the journal off, or inside a group of the host's).
    if journal.savepointDepth > 0, journal.savepoint[identity] == nil {
      let snapshot = qpdf.snapshot(identity)
      journal.savepoint[identity] = snapshot
      state = snapshot
    }
    guard journal.enabled else { return }
    if journal.open == nil {
      journal.openStartNumber = qpdf.nextObjectNumber()
      journal.open = Journal.Step(label: "", id: 0, previousID: journal.state)
    }
    if journal.open?.before[identity] == nil {
      journal.open?.before[identity] = state ?? qpdf.snapshot(identity)
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
    // Appearances waiting to be built belong to this step.
    if !pendingAppearances.isEmpty { flushAppearances() }
    if journal.groupDepth > 0 {
      journal.groupKeys.append(key)
      return
    }
    finishStep(label: label, key: key)
  }

  /// Closes the open step: records new objects and every touched object's state after it, then
  /// merges it into the previous step (same kind of change on the same targets) or pushes it.
  private func finishStep(label: String, key: Journal.CoalescingKey?) {
    guard var step = journal.open else { return }
    journal.open = nil
    let end = qpdf.nextObjectNumber()
    var number = journal.openStartNumber
    while number < end - 1 {
      let identity = ObjectIdentity(number: number, generation: 0)
      if step.before[identity] == nil, qpdf_oh_is_null(qpdf.data, qpdf.object(identity)) == QPDF_FALSE {
        step.before[identity] = .absent
      }
      number += 1
    }
    for identity in step.before.keys { step.after[identity] = qpdf.snapshot(identity) }
    guard step.before.contains(where: { step.after[$0.key] != $0.value }) else { return }
    step.label = label
    step.key = key
    journal.dropRedo()
    journal.changed = true
    if let key, var top = journal.undoSteps.last, top.key == key, top.id == journal.state,
      top.id != journal.savedState
    {
      journal.storedBytes -= top.size
      for (identity, state) in step.before where top.before[identity] == nil { top.before[identity] = state }
      for (identity, state) in step.after { top.after[identity] = state }
      journal.storedBytes += top.size
      journal.undoSteps[journal.undoSteps.count - 1] = top
      return
    }
    let finished = Journal.Step(
      label: label, before: step.before, after: step.after, key: key, id: journal.nextID,
      previousID: journal.state)
    journal.nextID += 1
    journal.state = finished.id
    journal.undoSteps.append(finished)
    journal.storedBytes += finished.size
    journal.trim()
  }

  /// Undoes the last step; false when there is none.
  @discardableResult
  public func undo() throws(PDFError) -> Bool {
    try locked { () throws(PDFError) -> Bool in
      guard journal.groupDepth == 0 else {
        throw PDFError(.notPermitted, "cannot undo while a group of changes is open")
      }
      guard let step = journal.undoSteps.popLast() else { return false }
      restore(step.before)
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
      restore(step.after)
      journal.undoSteps.append(step)
      journal.state = step.id
      journal.changed = true
      return true
    }
  }

  /// Puts objects back into recorded states and drops every cache they may affect; call under
  /// the lock.
  private func restore(_ states: [ObjectIdentity: ObjectSnapshot]) {
    journal.restoring = true
    defer { journal.restoring = false }
    for (identity, state) in states.sorted(by: { $0.key.number < $1.key.number }) {
      qpdf.restore(identity, state)
      if identity != ObjectSnapshot.trailer { changedObjects.insert(identity) }
    }
    qpdf_update_all_pages_cache(qpdf.data)
    let count = Int(max(0, qpdf_get_num_pages(qpdf.data)))
    qpdf.discardError()
    geometryCache = Array(repeating: nil, count: count)
    pageIndexCache = nil
    inheritedCache.removeAll()
    labelRanges = nil
    textCache.removeAll()
    fontCache.removeAll()
    foldedCache.removeAll()
    pendingAppearances.removeAll()
    changeCount &+= 1
    popplerView = nil
    textView = nil
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
      if journal.savepointDepth == 0 {
        journal.savepoint = [:]
        journal.savepointStartNumber = qpdf.nextObjectNumber()
      }
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
    var states = journal.savepoint
    journal.savepoint = [:]
    let end = qpdf.nextObjectNumber()
    var number = journal.savepointStartNumber
    while number < end - 1 {
      let identity = ObjectIdentity(number: number, generation: 0)
      if states[identity] == nil { states[identity] = .absent }
      number += 1
    }
    restore(states)
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

  /// Empties the history; call under the lock.
  private func clearJournal() {
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
  func withoutJournal<T>(_ body: () -> T) -> T {
    let was = journal.restoring
    journal.restoring = true
    defer { journal.restoring = was }
    return body()
  }
}
