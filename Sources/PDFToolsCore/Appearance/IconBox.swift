// SPDX-License-Identifier: GPL-3.0-or-later
/// The box icons (Text notes, file attachments) are drawn in: 20 by 20 points at the top-left
/// corner of the annotation rectangle, or the largest square at that corner when the rectangle
/// is smaller (the icon is scaled down, so the appearance never reaches past /Rect and every
/// viewer draws it the same size). Coordinates are given in the box as if it were 20 points a
/// side (0...20, y up).
struct IconBox {
  /// The icon's side at full size, in points.
  static let side = 20.0

  /// The box in page space.
  let rect: Rect
  /// Page-space points per box unit (1 at full size).
  private let scale: Double

  /// The icon box at the top-left corner of `rect`.
  init(topLeftOf rect: Rect) {
    let fits = min(rect.width, rect.height)
    let side = fits > 0 && fits < IconBox.side ? fits : IconBox.side
    scale = side / IconBox.side
    self.rect = Rect(rect.x0, rect.y1 - side, rect.x0 + side, rect.y1)
  }

  /// The page-space point at (x, y) of the box.
  func point(_ x: Double, _ y: Double) -> Point { Point(rect.x0 + x * scale, rect.y0 + y * scale) }

  /// A length in the box (a line width, a radius) in page space.
  func length(_ value: Double) -> Double { value * scale }

  /// The page-space points of a list of box coordinates.
  func points(_ coordinates: [(Double, Double)]) -> [Point] {
    coordinates.map { point($0.0, $0.1) }
  }

  /// The page-space rectangle between two box corners.
  func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Rect {
    Rect(rect.x0 + x0 * scale, rect.y0 + y0 * scale, rect.x0 + x1 * scale, rect.y0 + y1 * scale)
  }
}
