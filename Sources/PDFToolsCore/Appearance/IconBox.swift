// SPDX-License-Identifier: GPL-3.0-or-later
/// The 20 by 20 point box icons (Text notes, file attachments) are drawn in, at the top-left
/// corner of the annotation rectangle, with coordinates given in the box (0...20, y up).
struct IconBox {
  /// The icon's side, in points.
  static let side = 20.0

  /// The box in page space.
  let rect: Rect

  /// The icon box at the top-left corner of `rect`.
  init(topLeftOf rect: Rect) {
    self.rect = Rect(rect.x0, rect.y1 - IconBox.side, rect.x0 + IconBox.side, rect.y1)
  }

  /// The page-space point at (x, y) of the box.
  func point(_ x: Double, _ y: Double) -> Point { Point(rect.x0 + x, rect.y0 + y) }

  /// The page-space points of a list of box coordinates.
  func points(_ coordinates: [(Double, Double)]) -> [Point] {
    coordinates.map { point($0.0, $0.1) }
  }

  /// The page-space rectangle between two box corners.
  func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Rect {
    Rect(rect.x0 + x0, rect.y0 + y0, rect.x0 + x1, rect.y0 + y1)
  }
}
