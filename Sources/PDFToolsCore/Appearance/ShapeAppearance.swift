// SPDX-License-Identifier: GPL-3.0-or-later
/// Square and Circle annotations, and the border of Link annotations.
///
/// The shape is inscribed in the rectangle: its outline runs half a border width inside, so the
/// stroke stays within the rectangle and the bounding box is the rectangle. A cloudy border
/// (/BE intensity > 0) runs along a shape inset by the cloud's bump radius as well, so its arcs
/// also end at the rectangle (clouds use round joins: their arcs meet in cusps). Beveled and inset border styles are drawn solid; the underline
/// style strokes the bottom edge only.
enum ShapeAppearance {
  /// A Square annotation: a rectangle, or a cloud around one.
  static func square(_ input: AppearanceInput) -> AppearanceStream? {
    guard AppearanceLimits.isUsable(input.rect) else { return nil }
    let style = PaintStyle(input)
    let intensity = CloudyBorder.intensity(input)
    var builder = ContentBuilder()
    builder.save()
    style.apply(to: &builder)
    if intensity > 0 {
      let radius = CloudyBorder.bumpRadius(intensity: intensity, lineWidth: style.lineWidth)
      if let base = input.rect.shrunk(by: radius + style.lineWidth / 2),
        let op = style.paintOperator(fill: true)
      {
        let corners = [
          Point(base.x0, base.y0), Point(base.x1, base.y0), Point(base.x1, base.y1),
          Point(base.x0, base.y1),
        ]
        builder.lineJoin(1)
        CloudyBorder.path(around: corners, radius: radius, into: &builder)
        builder.paint(op)
      }
    } else if input.borderStyle == .underline {
      underlinedBox(input.rect, style: style, into: &builder)
    } else if let box = input.rect.shrunk(by: style.lineWidth / 2),
      let op = style.paintOperator(fill: true)
    {
      builder.rectangle(box)
      builder.paint(op)
    }
    builder.restore()
    return builder.finish(covering: input.rect)
  }

  /// A Circle annotation: an ellipse, or a cloud around one.
  static func circle(_ input: AppearanceInput) -> AppearanceStream? {
    guard AppearanceLimits.isUsable(input.rect) else { return nil }
    let style = PaintStyle(input)
    let intensity = CloudyBorder.intensity(input)
    var builder = ContentBuilder()
    builder.save()
    style.apply(to: &builder)
    if let op = style.paintOperator(fill: true) {
      if intensity > 0 {
        let radius = CloudyBorder.bumpRadius(intensity: intensity, lineWidth: style.lineWidth)
        if let base = input.rect.shrunk(by: radius + style.lineWidth / 2) {
          builder.lineJoin(1)
          CloudyBorder.path(
            around: ellipsePolygon(base, spacing: 2 * radius), radius: radius,
            into: &builder)
          builder.paint(op)
        }
      } else if let box = input.rect.shrunk(by: style.lineWidth / 2) {
        builder.ellipse(
          center: Point((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2),
          radiusX: box.width / 2, radiusY: box.height / 2)
        builder.paint(op)
      }
    }
    builder.restore()
    return builder.finish(covering: input.rect)
  }

  /// A Link annotation's border: nil when it has none (no colour or zero width).
  static func linkBorder(_ input: AppearanceInput) -> AppearanceStream? {
    guard AppearanceLimits.isUsable(input.rect) else { return nil }
    var style = PaintStyle(input)
    style.fill = nil
    guard style.stroke != nil else { return nil }
    var builder = ContentBuilder()
    builder.save()
    style.apply(to: &builder)
    if input.borderStyle == .underline {
      underlinedBox(input.rect, style: style, into: &builder)
    } else if let box = input.rect.shrunk(by: style.lineWidth / 2) {
      builder.rectangle(box)
      builder.paint("S")
    }
    builder.restore()
    return builder.finish(covering: input.rect)
  }

  /// The underline border style: the box filled (when there is a fill) and a line along its
  /// bottom edge, half a line width above it.
  private static func underlinedBox(
    _ rect: Rect, style: PaintStyle, into builder: inout ContentBuilder
  ) {
    if style.fill != nil {
      builder.rectangle(rect)
      builder.paint("f")
    }
    guard style.stroke != nil, rect.height >= style.lineWidth else { return }
    let y = rect.y0 + style.lineWidth / 2
    builder.move(to: Point(rect.x0, y))
    builder.line(to: Point(rect.x1, y))
    builder.paint("S")
  }

  /// Points on the ellipse inscribed in `box`, counter-clockwise, about `spacing` apart (at
  /// least 8 of them, at most `AppearanceLimits.maximumRepeats`). They are sampled from the same
  /// four Bézier quarters a plain ellipse is drawn with, which needs no trigonometry.
  static func ellipsePolygon(_ box: Rect, spacing: Double) -> [Point] {
    let (a, b) = (box.width / 2, box.height / 2)
    let (cx, cy) = ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
    // Ramanujan's approximation of the perimeter.
    let h = ((a - b) * (a - b)) / ((a + b) * (a + b))
    let perimeter = Double.pi * (a + b) * (1 + 3 * h / (10 + (4 - 3 * h).squareRoot()))
    let perQuarter = AppearanceLimits.count(
      perimeter / spacing / 4, lower: 2, upper: AppearanceLimits.maximumRepeats / 4)
    let k = ContentBuilder.kappa
    // Each quarter as (start, control 1, control 2, end), counter-clockwise from the right.
    let quarters: [(Point, Point, Point, Point)] = [
      (Point(a, 0), Point(a, k * b), Point(k * a, b), Point(0, b)),
      (Point(0, b), Point(-k * a, b), Point(-a, k * b), Point(-a, 0)),
      (Point(-a, 0), Point(-a, -k * b), Point(-k * a, -b), Point(0, -b)),
      (Point(0, -b), Point(k * a, -b), Point(a, -k * b), Point(a, 0)),
    ]
    var points: [Point] = []
    for (p0, p1, p2, p3) in quarters {
      for index in 0..<perQuarter {
        let t = Double(index) / Double(perQuarter)
        let u = 1 - t
        let point =
          p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
        points.append(Point(cx + point.x, cy + point.y))
      }
    }
    return points
  }
}
