// SPDX-License-Identifier: GPL-3.0-or-later
/// Cloudy borders (/BE /S /C): scalloped half-circle arcs along the edges of a closed polygon,
/// bulging outwards.
enum CloudyBorder {
  /// The radius of the arcs for a border effect `intensity` (typically 1 or 2) and line width:
  /// 4 points per unit of intensity plus the line width, so thick lines get larger bumps.
  static func bumpRadius(intensity: Double, lineWidth: Double) -> Double {
    4 * intensity + lineWidth
  }

  /// The usable intensity of `input`: 0 (no cloud) for NaN, negative or zero values, at most 5.
  static func intensity(_ input: AppearanceInput) -> Double {
    let value = input.cloudyIntensity
    return value.isFinite && value > 0 ? min(value, 5) : 0
  }

  /// Writes a closed cloud path around `vertices` (at least 3), each edge split into arcs no
  /// wider than `2 * radius`, so no arc reaches more than `radius` beyond its edge. The arcs
  /// bulge away from the polygon's inside (decided by its winding). When the perimeter needs
  /// more than `AppearanceLimits.maximumRepeats` arcs, the arcs get wider instead.
  static func path(around vertices: [Point], radius: Double, into builder: inout ContentBuilder) {
    guard vertices.count >= 3, let first = vertices.first, radius > 0 else { return }
    let closed = vertices + [first]
    var perimeter = 0.0
    var signedArea = 0.0
    for (a, b) in zip(closed, closed.dropFirst()) {
      perimeter += (b - a).length
      signedArea += a.x * b.y - b.x * a.y
    }
    guard perimeter.isFinite, perimeter > 0 else { return }
    let limit = Double(AppearanceLimits.maximumRepeats)
    let arcWidth = max(2 * radius, perimeter / limit)
    // Counter-clockwise polygons (positive area, y up) have their outside on the right.
    let outwardSign = signedArea >= 0 ? -1.0 : 1.0
    builder.move(to: first)
    for (a, b) in zip(closed, closed.dropFirst()) {
      let edge = b - a
      guard let direction = edge.unit else { continue }
      let outward = direction.leftNormal * outwardSign
      let count = AppearanceLimits.count(
        edge.length / arcWidth, lower: 1, upper: AppearanceLimits.maximumRepeats)
      let step = edge * (1 / Double(count))
      var start = a
      for index in 1...count {
        let end = index == count ? b : a + step * Double(index)
        builder.halfCircle(from: start, to: end, outward: outward)
        start = end
      }
    }
    builder.close()
  }
}
