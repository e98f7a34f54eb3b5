// SPDX-License-Identifier: GPL-3.0-or-later
/// A text-markup quad seen as a strip of text: a baseline from p3 to p4 and an up direction
/// towards p1, so that marks follow the text however the quad is turned on the page.
struct QuadFrame {
  /// The start of the baseline (p3).
  let origin: Point
  /// The unit vector along the baseline, from p3 to p4.
  let direction: Point
  /// The unit vector perpendicular to the baseline, on p1's side.
  let up: Point
  /// The length of the baseline.
  let length: Double
  /// The quad's height above the baseline (the mean of p1's and p2's distances).
  let height: Double

  /// The frame of `quad`, or nil when it has no usable corner, no baseline or no height.
  init?(_ quad: Quad) {
    guard AppearanceLimits.isUsable(quad), let direction = (quad.p4 - quad.p3).unit else {
      return nil
    }
    var up = direction.leftNormal
    if (quad.p1 - quad.p3).dot(up) < 0 { up = up * -1 }
    let height = (abs((quad.p1 - quad.p3).dot(up)) + abs((quad.p2 - quad.p4).dot(up))) / 2
    guard height > 1e-6 else { return nil }
    self.origin = quad.p3
    self.direction = direction
    self.up = up
    self.length = (quad.p4 - quad.p3).length
    self.height = height
  }

  /// The point `along` the baseline from p3 and `above` it.
  func point(along: Double, above: Double) -> Point {
    origin + direction * along + up * above
  }
}
