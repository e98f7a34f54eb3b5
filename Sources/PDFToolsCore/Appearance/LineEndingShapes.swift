// SPDX-License-Identifier: GPL-3.0-or-later
/// The shapes of line endings (/LE), drawn at an end point of a Line, PolyLine or callout.
///
/// Sizes follow Acrobat and pdf.js: the ending's half size is `max(3, 3 * lineWidth)`; square,
/// circle and diamond are twice that across, centred on the end point; arrow legs are three
/// half sizes long at 30 degrees to the line, the tip at the end point; butt and slash are
/// two half sizes long. Closed endings (square, circle, diamond, closed arrows) are filled
/// with the interior colour when there is one and stroked; open ones are stroked only.
enum LineEndingShapes {
  /// cos 30°.
  private static let cos30 = 0.8660254037844386
  /// sin 30°.
  private static let sin30 = 0.5

  /// The half size of endings on a line of `lineWidth`.
  static func size(lineWidth: Double) -> Double { max(3, 3 * lineWidth) }

  /// How far the line itself should stop short of its end point so that it does not run
  /// through a closed ending drawn there.
  static func setback(_ ending: LineEnding, size: Double) -> Double {
    switch ending {
    case .square, .circle, .diamond: return size
    case .closedArrow: return 3 * size * cos30
    default: return 0
    }
  }

  /// True for endings that enclose an area.
  static func isClosed(_ ending: LineEnding) -> Bool {
    switch ending {
    case .square, .circle, .diamond, .closedArrow, .reversedClosedArrow: return true
    default: return false
    }
  }

  /// Draws `ending` at `tip`. `outward` is the unit vector along the line pointing out of it at
  /// this end. Writes nothing when `style` paints nothing for this ending.
  static func draw(
    _ ending: LineEnding, at tip: Point, outward: Point, size: Double, style: PaintStyle,
    into builder: inout ContentBuilder
  ) {
    let closed = isClosed(ending)
    guard ending != .none, let op = style.paintOperator(fill: closed) else { return }
    let along = outward * size
    let across = outward.leftNormal * size
    let leg = 3 * size
    switch ending {
    case .none:
      return
    case .square:
      builder.polyline(
        [tip + along + across, tip - along + across, tip - along - across, tip + along - across],
        closed: true)
    case .circle:
      builder.circle(center: tip, radius: size)
    case .diamond:
      builder.polyline([tip + along, tip + across, tip - along, tip - across], closed: true)
    case .openArrow, .closedArrow:
      let back = tip - outward * (leg * cos30)
      let wing = outward.leftNormal * (leg * sin30)
      builder.polyline([back + wing, tip, back - wing], closed: ending == .closedArrow)
    case .reversedOpenArrow, .reversedClosedArrow:
      let ahead = tip + outward * (leg * cos30)
      let wing = outward.leftNormal * (leg * sin30)
      builder.polyline([ahead + wing, tip, ahead - wing], closed: ending == .reversedClosedArrow)
    case .butt:
      builder.polyline([tip + across, tip - across], closed: false)
    case .slash:
      // A stroke turned 60 degrees from the line (30 from the perpendicular).
      let slant = outward.rotated(cos: sin30, sin: cos30) * size
      builder.polyline([tip + slant, tip - slant], closed: false)
    }
    builder.paint(op)
  }
}
