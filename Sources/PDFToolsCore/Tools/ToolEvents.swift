// SPDX-License-Identifier: GPL-3.0-or-later
/// What a tool did with an event.
enum ToolOutcome {
  /// Used it.
  case handled
  /// Did not use it (the host may scroll).
  case unhandled
  /// The named tool should handle it.
  case handOff(ToolKind)
}

extension ToolManager {
  /// A pointer press: starts a gesture. Returns true when a tool used it.
  public func pointerDown(_ event: PointerEvent) throws(PDFError) -> Bool {
    try run { () throws(PDFError) -> Bool in
      try check(event)
      lastUpTap = nil
      gesture = nil
      canvasGesturePage = nil
      pruneSelection()
      return try route { () throws(PDFError) -> ToolOutcome in try down(event) }
    }
  }

  /// A pointer move: updates the gesture and the overlay (nothing is written).
  public func pointerMove(_ event: PointerEvent) throws(PDFError) -> Bool {
    try run { () throws(PDFError) -> Bool in
      // Moves write nothing: the permission check waits for the up.
      try checkPoint(event)
      guard gesture != nil else {
        guard var session = vertexSession, session.page == event.page else { return false }
        session.hover = event.point
        vertexSession = session
        return true
      }
      try update(with: event)
      return true
    }
  }

  /// A pointer release: ends the gesture and writes its result (one undo step).
  public func pointerUp(_ event: PointerEvent) throws(PDFError) -> Bool {
    try run { () throws(PDFError) -> Bool in
      try check(event)
      canvasGesturePage = nil
      guard gesture != nil else { return false }
      try update(with: event)
      guard let finished = gesture else { return false }
      gesture = nil
      if !finished.moved { lastUpTap = (event.page, event.point) }
      return try finish(finished, event)
    }
  }

  /// Drops the gesture (it became a scroll, or the pointer was lost).
  public func cancel(becameScroll: Bool) throws(PDFError) {
    try run { () throws(PDFError) in
      gesture = nil
      lastUpTap = nil
      canvasGesturePage = nil
    }
  }

  /// A tap from the host's gesture recogniser.
  public func tap(_ event: PointerEvent) throws(PDFError) -> Bool {
    try run { () throws(PDFError) -> Bool in
      try check(event)
      if let last = lastUpTap, last.page == event.page, last.point.distanceSquared(to: event.point) <= 4 {
        // The down/up pair already counted as this tap.
        lastUpTap = nil
        return true
      }
      lastUpTap = nil
      gesture = nil
      pruneSelection()
      return try route { () throws(PDFError) -> ToolOutcome in try tapEvent(event) }
    }
  }

  /// A double tap: ends vertex tools, selects a word, edits a note's text.
  public func doubleTap(_ event: PointerEvent) throws(PDFError) -> Bool {
    try run { () throws(PDFError) -> Bool in
      try check(event)
      lastUpTap = nil
      gesture = nil
      pruneSelection()
      return try route { () throws(PDFError) -> ToolOutcome in try doubleTapEvent(event) }
    }
  }

  /// A long press: selects the annotation or the word under it.
  public func longPress(_ event: PointerEvent) throws(PDFError) -> Bool {
    try run { () throws(PDFError) -> Bool in
      try check(event)
      lastUpTap = nil
      gesture = nil
      pruneSelection()
      if currentTool == .pan || currentTool == .textSelect || currentTool.isEditTool {
        let context = try pageContext(event.page)
        guard ToolGeometry.isOnPage(event.point, context.size) else { return false }
        if editsAnnotations,
          let hit = try annotation(at: event.point, page: event.page, tolerance: event.kind.tolerance), selectable(hit)
        {
          return try route { () throws(PDFError) -> ToolOutcome in try tapEvent(event) }
        }
        return try selectWord(at: event)
      }
      return try route { () throws(PDFError) -> ToolOutcome in try tapEvent(event) }
    }
  }

  /// Checks an event's numbers and page; call under the lock.
  func checkPoint(_ event: PointerEvent) throws(PDFError) {
    guard event.point.isFinite, event.pressure.isFinite, event.timestamp.isFinite else {
      throw PDFError(.invalidArgument, "event coordinates, pressure and timestamp must be finite numbers")
    }
    try Limits.checkCoordinates([event.point], "event coordinates")
    let count = document.pageCount
    guard event.page >= 0, event.page < count else {
      throw PDFError(.outOfRange, "page index \(event.page) is out of range (the document has \(count) pages)")
    }
    notePage(event.page)
  }

  /// Checks an event before it is used, and that the tool is still allowed; call under the lock.
  func check(_ event: PointerEvent) throws(PDFError) {
    try checkPoint(event)
    if !currentTool.isViewerTool, !toolAllowed(currentTool) {
      // The permissions changed under the tool (the document was reopened or decrypted).
      dropTransientState()
      switchTool(.pan, handedOff: false)
      throw PDFError(.notPermitted, "the document's permissions no longer allow changing annotations")
    }
  }

  /// Runs the hand-off loop: the current tool handles the event or names the tool that should.
  func route(_ step: () throws(PDFError) -> ToolOutcome) throws(PDFError) -> Bool {
    for _ in 0..<4 {
      switch try step() {
      case .handled: return true
      case .unhandled: return false
      case .handOff(let next): switchTool(next, handedOff: next != .pan)
      }
    }
    return false
  }

  /// Starts a gesture of the current tool; call under the lock.
  func begin(_ event: PointerEvent, _ kind: Gesture.Kind, context: (transform: PageTransform, size: (width: Double, height: Double))) {
    gesture = Gesture(
      tool: currentTool, page: event.page, transform: context.transform, size: context.size, start: event.point,
      current: event.point, modifiers: event.modifiers, pointer: event.kind,
      style: styles.defaults[currentTool] ?? .builtIn(currentTool), kind: kind)
  }

  /// The current tool's answer to a press.
  private func down(_ event: PointerEvent) throws(PDFError) -> ToolOutcome {
    let context = try pageContext(event.page)
    guard ToolGeometry.isOnPage(event.point, context.size) else { return .unhandled }
    let tolerance = event.kind.tolerance
    let pagePoint = context.transform.toPage.apply(event.point)
    switch currentTool {
    case .pan:
      if currentMode != .form, let widget = try widget(at: event.point, page: event.page, tolerance: tolerance) {
        // A press on a form field fills it on release (a tap), whatever lies under it.
        begin(event, .widget(id: widget), context: context)
        return .handled
      }
      if let hit = try annotation(at: event.point, page: event.page, tolerance: tolerance) {
        if hit.subtype == "Link" {
          begin(event, .tapOnly(link: hit.id), context: context)
          return .handled
        }
        if editsAnnotations, selectable(hit) { return .handOff(ToolKind.editTool(for: hit.subtype)) }
      }
      if try isOnText(event.point, page: event.page, tolerance: 1) { return .handOff(.textSelect) }
      guard editsAnnotations else { return .unhandled }
      begin(event, .boxSelect, context: context)
      return .handled
    case .textSelect:
      if handedOff {
        let hit = try annotation(at: event.point, page: event.page, tolerance: tolerance)
        let onAnnotation = hit.map { $0.subtype == "Link" || (editsAnnotations && selectable($0)) } ?? false
        let onText = try isOnText(event.point, page: event.page, tolerance: 1)
        if onAnnotation || !onText {
          clearTextSelection()
          return .handOff(.pan)
        }
      }
      begin(event, .textRange(anchorPage: event.page, anchor: pagePoint, selection: nil), context: context)
      return .handled
    case .highlight, .underline, .squiggly, .strikeOut:
      begin(event, .textRange(anchorPage: event.page, anchor: pagePoint, selection: nil), context: context)
      return .handled
    case .link:
      if try isOnText(event.point, page: event.page, tolerance: 0) {
        begin(event, .textRange(anchorPage: event.page, anchor: pagePoint, selection: nil), context: context)
      } else {
        begin(event, .shape, context: context)
      }
      return .handled
    case .ink, .freeHighlight:
      // A stroke on another page starts a new annotation (the tool stays).
      if let session = inkSession, session.page != event.page || session.tool != currentTool { inkSession = nil }
      begin(event, .stroke(points: [event.point]), context: context)
      return .handled
    case .eraser:
      begin(event, .stroke(points: [event.point]), context: context)
      gesture?.erased = try erasable(page: event.page, transform: context.transform)
      if var started = gesture {
        markErased(&started, from: event.point, to: event.point)
        gesture = started
      }
      return .handled
    case .rectangle, .oval, .line, .arrow, .ruler, .freeText, .callout, .stamp, .image, .signature,
      .formText, .formCheckbox, .formRadio, .formComboBox, .formListBox, .formPushButton, .formSignature:
      begin(event, .shape, context: context)
      return .handled
    case .stickyNote, .fileAttachment, .polyline, .polygon, .cloud, .perimeter, .area:
      begin(event, .tapOnly(link: nil), context: context)
      return .handled
    case .annotationEdit, .lineEdit, .polyEdit, .textMarkupEdit:
      return try editDown(event, context: context)
    }
  }

  /// Updates the gesture with a move (or the final position); call under the lock.
  func update(with event: PointerEvent) throws(PDFError) {
    guard var current = gesture else { return }
    let previous = current.current
    var point = ToolGeometry.clamp(event.point, current.size)
    if case .textRange = current.kind, event.page != current.page { point = event.point }
    current.current = point
    current.modifiers = event.modifiers
    if !current.moved, point.distanceSquared(to: current.start) >= 4 { current.moved = true }
    switch current.kind {
    case .textRange(let anchorPage, let anchor, _):
      if current.moved {
        let transform = event.page == current.page ? current.transform : try document.transform(ofPage: event.page)
        let selection = try document.select(
          pageA: anchorPage, anchor, pageB: event.page, transform.toPage.apply(event.point), granularity: .char)
        current.kind = .textRange(anchorPage: anchorPage, anchor: anchor, selection: selection)
      }
    case .stroke(var points):
      if let last = points.last, last.distanceSquared(to: point) >= 1 {
        points.append(point)
        current.kind = .stroke(points: points)
        if current.tool == .eraser { markErased(&current, from: last, to: point) }
      }
    case .markupEnd(let id, let fixed, _):
      if current.moved {
        let selection = try document.select(
          pageA: current.page, fixed, pageB: current.page, current.toPage(point), granularity: .char)
        current.kind = .markupEnd(id: id, fixed: fixed, selection: selection)
      }
    default:
      _ = previous
    }
    gesture = current
  }

  /// The current tool's answer to a tap (from the host, or a press that never moved).
  func tapEvent(_ event: PointerEvent) throws(PDFError) -> ToolOutcome {
    let context = try pageContext(event.page)
    guard ToolGeometry.isOnPage(event.point, context.size) else { return .unhandled }
    let tolerance = event.kind.tolerance
    switch currentTool {
    case .pan:
      if currentMode != .form, let widget = try widget(at: event.point, page: event.page, tolerance: tolerance) {
        try activateWidget(widget)
        return .handled
      }
      if let hit = try annotation(at: event.point, page: event.page, tolerance: tolerance) {
        if hit.subtype == "Link" {
          try activateLink(hit.id, page: event.page)
          return .handled
        }
        if editsAnnotations, selectable(hit) { return .handOff(ToolKind.editTool(for: hit.subtype)) }
      }
      clearTextSelection()
      setSelection([])
      return .handled
    case .textSelect:
      clearTextSelection()
      if handedOff { return .handOff(.pan) }
      return .handled
    case .annotationEdit, .lineEdit, .polyEdit, .textMarkupEdit:
      let hit = try annotation(at: event.point, page: event.page, tolerance: tolerance)
      guard let hit, selectable(hit) else {
        setSelection([])
        return .handOff(.pan)
      }
      if event.modifiers.contains(.control) || event.modifiers.contains(.meta) {
        toggleSelection(hit.id)
        return .handled
      }
      if selectedIDs != [hit.id] { setSelection([hit.id]) }
      let wanted = ToolKind.editTool(for: hit.subtype)
      if wanted != currentTool { switchTool(wanted, handedOff: true) }
      return .handled
    default:
      begin(event, .tapOnly(link: nil), context: context)
      guard let pressed = gesture else { return .unhandled }
      gesture = nil
      return try tapAfterPress(pressed) ? .handled : .unhandled
    }
  }

  /// The current tool's answer to a double tap.
  private func doubleTapEvent(_ event: PointerEvent) throws(PDFError) -> ToolOutcome {
    let context = try pageContext(event.page)
    if currentTool.isVertexTool {
      guard var session = vertexSession, session.page == event.page else { return .unhandled }
      let point = ToolGeometry.clamp(event.point, context.size)
      if let last = session.points.last, last.distanceSquared(to: point) >= 4 { session.points.append(point) }
      vertexSession = session
      try finishVertices(switching: true)
      return .handled
    }
    guard ToolGeometry.isOnPage(event.point, context.size) else { return .unhandled }
    switch currentTool {
    case .pan, .textSelect:
      if currentTool == .pan, editsAnnotations,
        let hit = try annotation(at: event.point, page: event.page, tolerance: event.kind.tolerance), selectable(hit)
      {
        return .handOff(ToolKind.editTool(for: hit.subtype))
      }
      return try selectWord(at: event) ? .handled : .unhandled
    case .annotationEdit:
      let hit = try annotation(at: event.point, page: event.page, tolerance: event.kind.tolerance)
      if let hit, selectable(hit), hit.subtype == "FreeText" || hit.subtype == "Text" {
        setSelection([hit.id])
        guard !hit.contentsLocked else {
          throw PDFError(.notPermitted, "annotation \(hit.id) has locked contents")
        }
        let transform = context.transform
        pending = PendingPlacement(
          tool: currentTool, page: event.page, transform: transform, box: try displayFrame(hit.id, transform),
          anchor: nil, quads: [], style: styles.defaults[currentTool] ?? .builtIn(currentTool), need: .text,
          editing: hit.id, fromTap: false)
        notify(.requestText, page: event.page, ids: [hit.id], text: try document.annotationText(hit.id, key: "Contents") ?? "")
        return .handled
      }
      return try tapEvent(event)
    default:
      return try tapEvent(event)
    }
  }

  /// Selects the word under the event (text tools); false when there is no text there.
  func selectWord(at event: PointerEvent) throws(PDFError) -> Bool {
    let transform = try document.transform(ofPage: event.page)
    let point = transform.toPage.apply(event.point)
    guard try isOnText(event.point, page: event.page, tolerance: 1) else { return false }
    let selection = try document.select(pageA: event.page, point, pageB: event.page, point, granularity: .word)
    setTextSelection(selection.isEmpty ? nil : selection, page: event.page)
    return true
  }

  /// Replaces the text selection and reports it; call under the lock.
  func setTextSelection(_ selection: TextSelection?, page: Int) {
    textSelection = selection
    var text = ""
    if let selection, document.permissions.contains(.copy) { text = (try? document.selectionText(selection)) ?? "" }
    outbox.append(ToolNotification(kind: .selectionChanged, tool: currentTool, page: page, ids: selectedIDs, text: text))
  }

  /// Clears the text selection (reporting it when there was one); call under the lock.
  func clearTextSelection() {
    guard textSelection != nil else { return }
    setTextSelection(nil, page: -1)
  }

  /// Tells the host a link was followed.
  func activateLink(_ id: Int64, page: Int) throws(PDFError) {
    let uri = try document.linkURI(id)
    let target = try document.linkDestinationPage(id) ?? -1
    outbox.append(
      ToolNotification(kind: .linkActivated, tool: currentTool, page: page, ids: [id], text: uri, targetPage: target))
  }
}
