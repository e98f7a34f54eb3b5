// SPDX-License-Identifier: GPL-3.0-or-later
/// The maps between a page's two coordinate spaces.
///
/// Page space is PDF user space (unrotated, y up). Display space is what a person sees at zoom
/// 1: the crop box with /Rotate applied, origin at its top left, y down, scaled by UserUnit.
public struct PageTransform: Sendable, Equatable {
  /// Page space to display space.
  public let toDisplay: AffineTransform
  /// Display space to page space.
  public let toPage: AffineTransform

  /// The transform of a page with crop box `crop`, clockwise `rotation` (0, 90, 180 or 270)
  /// and `userUnit`.
  public init(crop: Rect, rotation: Int, userUnit: Double) {
    let u = userUnit > 0 && userUnit.isFinite ? userUnit : 1
    let matrix: AffineTransform
    switch rotation {
    case 90: matrix = AffineTransform(a: 0, b: u, c: u, d: 0, e: -crop.y0 * u, f: -crop.x0 * u)
    case 180: matrix = AffineTransform(a: -u, b: 0, c: 0, d: u, e: crop.x1 * u, f: -crop.y0 * u)
    case 270: matrix = AffineTransform(a: 0, b: -u, c: -u, d: 0, e: crop.y1 * u, f: crop.x1 * u)
    default: matrix = AffineTransform(a: u, b: 0, c: 0, d: -u, e: -crop.x0 * u, f: crop.y1 * u)
    }
    toDisplay = matrix
    // These matrices are permutations with a non-zero scale, so they always invert.
    toPage = matrix.inverted ?? AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)
  }
}
