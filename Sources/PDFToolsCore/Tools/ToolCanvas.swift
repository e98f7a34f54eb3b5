// SPDX-License-Identifier: GPL-3.0-or-later

/// The pointer events a tool manager takes in canvas coordinates; raw values match
/// `pdftools_canvas_event_kind`.
public enum CanvasEventKind: Int32, Sendable, CaseIterable {
  /// ``ToolManager/pointerDown(_:)``.
  case down = 0
  /// ``ToolManager/pointerMove(_:)``.
  case move = 1
  /// ``ToolManager/pointerUp(_:)``.
  case up = 2
  /// ``ToolManager/tap(_:)``.
  case tap = 3
  /// ``ToolManager/doubleTap(_:)``.
  case doubleTap = 4
  /// ``ToolManager/longPress(_:)``.
  case longPress = 5
}

extension ToolManager {
  /// Sends an event whose point is in the canvas of `layout` (its page is ignored): a press,
  /// tap, double tap or long press goes to the page under the point; the moves and the
  /// release of a gesture that began with a canvas press are read in the display space of the
  /// page it started on, also beyond that page; other moves go to the page under the point.
  /// Returns false without sending anything when the point is over no page.
  public func canvasEvent(_ kind: CanvasEventKind, _ event: PointerEvent, through layout: PageLayout)
    throws(PDFError) -> Bool
  {
    guard event.point.isFinite else {
      throw PDFError(.invalidArgument, "event coordinates must be finite numbers")
    }
    let started = lock.withLock { canvasGesturePage }
    var target: (page: Int, x: Double, y: Double)? = nil
    if (kind == .move || kind == .up), let page = started {
      target = try layout.pagePoint(page: page, event.point.x, event.point.y).map { (page, $0.x, $0.y) }
    } else {
      target = layout.page(at: event.point.x, event.point.y)
    }
    guard let target else {
      if kind == .down || kind == .up { lock.withLock { canvasGesturePage = nil } }
      return false
    }
    var mapped = event
    mapped.page = target.page
    mapped.point = Point(target.x, target.y)
    switch kind {
    case .down:
      // Page events clear the canvas gesture: it starts once the press went through.
      let handled = try pointerDown(mapped)
      lock.withLock { canvasGesturePage = target.page }
      return handled
    case .move: return try pointerMove(mapped)
    case .up: return try pointerUp(mapped)
    case .tap: return try tap(mapped)
    case .doubleTap: return try doubleTap(mapped)
    case .longPress: return try longPress(mapped)
    }
  }
}
