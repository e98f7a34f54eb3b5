// SPDX-License-Identifier: GPL-3.0-or-later
/// Turns a host's pointer, key and text events into annotations, like the annotation toolbar
/// of a PDF viewer. One per document; see `pdftools_tool_manager` in the C header for the
/// behaviour in full.
///
/// Every public method runs under the manager's lock and tells the observer what happened
/// after the lock is released, on the calling thread.
public final class ToolManager: @unchecked Sendable {
  /// The document the tools work on.
  public let document: Document
  /// Serializes calls.
  let lock = Lock()
  /// The current mode.
  var currentMode: ToolMode
  /// The current tool.
  var currentTool: ToolKind = .pan
  /// Whether creation tools stay after creating.
  var isSticky = false
  /// True when the current tool was reached by a hand-off (it hands back to Pan).
  var handedOff = false
  /// Default styles and presets.
  var styles = ToolStyleBook()
  /// Selected annotations, in selection order.
  var selectedIDs: [Int64] = []
  /// The text selected by the text tools.
  var textSelection: TextSelection? = nil
  /// The pointer gesture in progress.
  var gesture: Gesture? = nil
  /// Vertices clicked so far by a polyline-like tool.
  var vertexSession: VertexSession? = nil
  /// The ink annotation of the current freehand session.
  var inkSession: InkSession? = nil
  /// A placement waiting for the host's text, payload or link target.
  var pending: PendingPlacement? = nil
  /// Payloads the host gave ahead of time.
  var payloads = Payloads()
  /// Overlays last copied to the host, per page.
  var delivered: [Int: [OverlayItem]] = [:]
  /// Notifications collected during the current call.
  var outbox: [ToolNotification] = []
  /// Receives notifications.
  var observer: (@Sendable (ToolNotification) -> Void)? = nil
  /// The up of the last down/up pair that counted as a tap, so a host's tap for it is not
  /// handled twice.
  var lastUpTap: (page: Int, point: Point)? = nil
  /// The pages the state lies on, by id.
  var pages = ToolPages()
  /// The page a gesture begun by a canvas press started on (see ``canvasEvent(_:_:through:)``).
  var canvasGesturePage: Int? = nil
  /// Counts sessions, so coalescing keys of different sessions differ.
  var sessionCounter: Int64 = 0
  /// Set while arrow keys nudge the same selection.
  var nudgeSession: Int64? = nil
  /// The form field being filled (tap or Tab), nil when none.
  var fieldFocus: FieldFocus? = nil

  /// Makes a manager for `document`: annotate mode when the document allows annotation
  /// changes, else viewer mode; the Pan tool.
  public init(document: Document) {
    self.document = document
    currentMode = document.permissions.contains(.annotate) ? .annotate : .viewer
    document.setUndoListener(ObjectIdentifier(self)) { [weak self] in self?.undoStateChanged() }
  }

  deinit {
    document.setUndoListener(ObjectIdentifier(self), nil)
  }

  /// The document's undo state changed outside this manager (an undo or redo by the host, or
  /// another manager): selected annotations that are gone leave the selection, and the host
  /// hears of both.
  private func undoStateChanged() {
    _ = try? run { () throws(PDFError) in
      followPages()
      pruneSelection()
      notify(.undoState)
    }
  }

  /// Runs one public call: under the lock, then tells the observer what happened (also when
  /// the call failed part way, e.g. after a hand-off changed the tool).
  func run<T>(_ body: () throws(PDFError) -> T) throws(PDFError) -> T {
    // The document's notifications wait until the lock is released (see NotificationDeferral).
    NotificationDeferral.begin()
    let (result, notes, observer) = lock.withLock {
      () -> (Result<T, PDFError>, [ToolNotification], (@Sendable (ToolNotification) -> Void)?) in
      outbox.removeAll()
      let result: Result<T, PDFError>
      do throws(PDFError) {
        result = .success(try body())
      } catch {
        result = .failure(error)
      }
      let notes = outbox
      outbox.removeAll()
      return (result, notes, self.observer)
    }
    let held = NotificationDeferral.end()
    if let observer { for note in notes { observer(note) } }
    // This manager already reported its own steps.
    let me = ObjectIdentifier(self)
    for entry in held where entry.owner != me { entry.call() }
    return try result.get()
  }

  /// Queues a notification for the end of the call.
  func notify(_ kind: ToolNotification.Kind, page: Int = -1, ids: [Int64] = [], text: String? = nil, tool: ToolKind? = nil) {
    outbox.append(ToolNotification(kind: kind, tool: tool ?? currentTool, page: page, ids: ids, text: text))
  }

  // MARK: Mode and tool

  /// The current mode.
  public var mode: ToolMode { lock.withLock { currentMode } }

  /// Sets the mode (annotate needs the document's annotate permission).
  public func setMode(_ mode: ToolMode) throws(PDFError) {
    try run { () throws(PDFError) in
      if mode == .annotate, !document.permissions.contains(.annotate) {
        throw PDFError(.notPermitted, "the document's permissions do not allow changing annotations")
      }
      if mode == .form { try requireFormDesign() }
      guard mode != currentMode else { return }
      try endFieldFocus()
      currentMode = mode
      notify(.modeChanged)
      if mode != .annotate {
        dropTransientState()
        setSelection([])
        if !(currentTool.isViewerTool || (mode == .form && currentTool.isFormTool)) { switchTool(.pan, handedOff: false) }
      } else if currentTool.fieldType != nil {
        dropTransientState()
        switchTool(.pan, handedOff: false)
      }
    }
  }

  /// The current tool and whether it is sticky.
  public var tool: (kind: ToolKind, sticky: Bool) { lock.withLock { (currentTool, isSticky) } }

  /// Makes `tool` current; `sticky` keeps a creation tool after each annotation.
  public func setTool(_ tool: ToolKind, sticky: Bool = false) throws(PDFError) {
    try run { () throws(PDFError) in
      if !tool.isViewerTool {
        if tool.fieldType != nil {
          guard currentMode == .form else { throw PDFError(.notPermitted, "the \(tool.name) tool needs form mode") }
          try requireFormDesign()
        } else if currentMode == .form {
          guard tool.isFormTool else { throw PDFError(.notPermitted, "the \(tool.name) tool needs annotate mode") }
          try requireFormDesign()
        } else {
          guard currentMode == .annotate else {
            throw PDFError(.notPermitted, "the \(tool.name) tool needs annotate mode")
          }
          guard document.permissions.contains(.annotate) else {
            throw PDFError(.notPermitted, "the document's permissions do not allow changing annotations")
          }
        }
      }
      try finishSessions()
      isSticky = sticky
      if tool.isCreationTool || tool == .eraser {
        clearTextSelection()
        setSelection([])
      }
      if tool != currentTool { switchTool(tool, handedOff: false) }
      handedOff = false
    }
  }

  /// Changes the current tool and reports it; call under the lock.
  func switchTool(_ tool: ToolKind, handedOff: Bool) {
    guard tool != currentTool else { return }
    if tool != currentTool, currentTool.isVertexTool { vertexSession = nil }
    if pending != nil, pending?.tool != tool { pending = nil }
    currentTool = tool
    self.handedOff = handedOff
    notify(.toolChanged, tool: tool)
  }

  /// Drops the gesture, the clicked vertices and the pending placement; call under the lock.
  func dropTransientState() {
    gesture = nil
    vertexSession = nil
    pending = nil
    inkSession = nil
  }

  /// Writes what open sessions hold (an ink session is already written; a vertex session with
  /// enough vertices is written) and closes them; call under the lock.
  func finishSessions() throws(PDFError) {
    gesture = nil
    pending = nil
    if vertexSession != nil { try finishVertices(switching: false) }
    inkSession = nil
  }

  // MARK: Selection

  /// Replaces the selection and reports a change; call under the lock.
  func setSelection(_ ids: [Int64]) {
    guard ids != selectedIDs else { return }
    selectedIDs = ids
    nudgeSession = nil
    notify(.selectionChanged, ids: ids, text: "")
  }

  /// Adds `id` to the selection, or takes it out when it is in (Ctrl/Meta taps); call under the
  /// lock.
  func toggleSelection(_ id: Int64) {
    if selectedIDs.contains(id) {
      setSelection(selectedIDs.filter { $0 != id })
    } else {
      setSelection(selectedIDs + [id])
    }
  }

  /// Drops selected ids that no longer exist (undo, other code); call under the lock.
  func pruneSelection() {
    let alive = selectedIDs.filter { (try? document.annotationPage($0)) != nil }
    if alive != selectedIDs { setSelection(alive) }
  }

  /// The selected annotations (ids deleted since are dropped first).
  public var selection: [Int64] {
    (try? run { () throws(PDFError) -> [Int64] in
      pruneSelection()
      return selectedIDs
    }) ?? []
  }

  /// Selects `ids` as taps would (empty clears) and switches to the edit tool of the first.
  public func select(_ ids: [Int64]) throws(PDFError) {
    try run { () throws(PDFError) in
      if ids.isEmpty {
        setSelection([])
        return
      }
      guard editsAnnotations else { throw PDFError(.notPermitted, "selecting annotations needs annotate or form mode") }
      var seen: Set<Int64> = []
      var unique: [Int64] = []
      for id in ids where seen.insert(id).inserted {
        let info = try annotationInfo(id)
        guard selectable(info) else {
          throw PDFError(.notPermitted, "annotation \(id) is hidden, read-only or a popup and cannot be selected")
        }
        unique.append(id)
      }
      try finishSessions()
      setSelection(unique)
      switchTool(ToolKind.editTool(for: try document.annotationSubtype(unique[0])), handedOff: true)
    }
  }

  /// The text selected by the text tools ("" when none).
  public func selectedText() throws(PDFError) -> String {
    try run { () throws(PDFError) -> String in
      guard let textSelection, !textSelection.isEmpty else { return "" }
      guard document.permissions.contains(.copy) else {
        throw PDFError(.notPermitted, "the document's permissions do not allow copying text")
      }
      return try document.selectionText(textSelection)
    }
  }

  /// Deletes the selected annotations as one step; Locked ones stay.
  public func deleteSelection() throws(PDFError) {
    try run { () throws(PDFError) in try deleteSelected() }
  }

  // MARK: Observer

  /// Sets the closure told about tool changes, selections, annotations and requests.
  public func setObserver(_ observer: (@Sendable (ToolNotification) -> Void)?) {
    lock.withLock { self.observer = observer }
  }

  /// Drops every unfinished gesture (nothing is written).
  public func discard() {
    lock.withLock {
      dropTransientState()
      outbox.removeAll()
    }
  }
}

