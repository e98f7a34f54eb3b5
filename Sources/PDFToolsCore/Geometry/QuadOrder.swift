// SPDX-License-Identifier: GPL-3.0-or-later
extension Quad {
  /// The quad of four /QuadPoints corners as a file stores them. Most writers use the order of
  /// ``Quad`` (upper left, upper right, lower left, lower right); some go round the quad
  /// instead (counter-clockwise from the lower left, or clockwise from the upper left), which
  /// read in the usual order would be a bow-tie. Corners that go round are put in the usual
  /// order, the first edge taken as the text's direction; anything else is kept as stored.
  static func reading(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Quad {
    let stored = Quad(a, b, c, d)
    // In the usual order the outline is a, b, d, c; it crosses itself when the corners go round.
    guard Quad.segmentsCross(b, d, c, a) || Quad.segmentsCross(a, b, d, c),
      !Quad.segmentsCross(a, b, c, d), !Quad.segmentsCross(b, c, d, a)
    else { return stored }
    // Going round a, b, c, d: counter-clockwise puts the inside on the left of a -> b, so
    // a -> b is the lower edge; clockwise puts it on the right, so a -> b is the upper edge.
    let twiceArea = (a.x * b.y - b.x * a.y) + (b.x * c.y - c.x * b.y) + (c.x * d.y - d.x * c.y) + (d.x * a.y - a.x * d.y)
    return twiceArea > 0 ? Quad(d, c, a, b) : Quad(a, b, d, c)
  }

  /// True when segment p-q and segment r-s cross at a point inside both (touching ends and
  /// collinear overlaps do not count).
  private static func segmentsCross(_ p: Point, _ q: Point, _ r: Point, _ s: Point) -> Bool {
    func side(_ o: Point, _ u: Point, _ v: Point) -> Double { (u.x - o.x) * (v.y - o.y) - (u.y - o.y) * (v.x - o.x) }
    let d1 = side(p, q, r)
    let d2 = side(p, q, s)
    let d3 = side(r, s, p)
    let d4 = side(r, s, q)
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
  }
}
