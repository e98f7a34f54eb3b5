// SPDX-License-Identifier: GPL-3.0-or-later
/// FileAttachment annotations: an icon in a 20 by 20 point box at the rectangle's top-left
/// corner, drawn in the annotation colour (black when nil).
///
/// "PushPin" (also every unknown name) is a pin, "Paperclip" a paper clip, "Graph" a bar
/// chart and "Tag" a luggage tag. The bounding box is the rectangle together with the icon box.
enum AttachmentIconAppearance {
  /// A FileAttachment annotation; nil without a usable rectangle.
  static func fileAttachment(_ input: AppearanceInput) -> AppearanceStream? {
    guard AppearanceLimits.isUsable(input.rect) else { return nil }
    let icon = IconBox(topLeftOf: input.rect)
    let color = input.color ?? RGBColor(0, 0, 0)
    let opacity = input.opacity.isNaN ? 1 : min(max(input.opacity, 0), 1)
    var builder = ContentBuilder()
    builder.save()
    if opacity < 1 { builder.graphicsState(opacity: opacity, blendMode: "Normal") }
    builder.fillColor(color)
    builder.strokeColor(color)
    builder.lineCap(1)
    builder.lineJoin(1)
    switch input.iconName {
    case "Paperclip": paperclip(icon, into: &builder)
    case "Graph": graph(icon, into: &builder)
    case "Tag": tag(icon, into: &builder)
    default: pushPin(icon, into: &builder)
    }
    builder.restore()
    return builder.finish(covering: input.rect.merged(with: icon.rect))
  }

  /// A pin: a rounded head, a collar, a tapering body and a needle.
  private static func pushPin(_ icon: IconBox, into builder: inout ContentBuilder) {
    builder.roundedRectangle(icon.rect(6, 13, 14, 18.5), radius: icon.length(1.5))
    builder.rectangle(icon.rect(4, 11.5, 16, 13))
    builder.polyline(icon.points([(8, 11.5), (12, 11.5), (11, 7), (9, 7)]), closed: true)
    builder.paint("f")
    builder.lineWidth(icon.length(1))
    builder.polyline(icon.points([(10, 7), (10, 1)]), closed: false)
    builder.paint("S")
  }

  /// A paper clip: three straight runs joined by half circles.
  private static func paperclip(_ icon: IconBox, into builder: inout ContentBuilder) {
    let up = Point(0, 1)
    let down = Point(0, -1)
    builder.lineWidth(icon.length(1.5))
    builder.move(to: icon.point(9, 7))
    builder.line(to: icon.point(9, 14))
    builder.halfCircle(from: icon.point(9, 14), to: icon.point(12, 14), outward: up)
    builder.line(to: icon.point(12, 5))
    builder.halfCircle(from: icon.point(12, 5), to: icon.point(7, 5), outward: down)
    builder.line(to: icon.point(7, 15.5))
    builder.halfCircle(from: icon.point(7, 15.5), to: icon.point(13, 15.5), outward: up)
    builder.line(to: icon.point(13, 9))
    builder.paint("S")
  }

  /// A bar chart: two axes and three bars.
  private static func graph(_ icon: IconBox, into builder: inout ContentBuilder) {
    builder.lineWidth(icon.length(1))
    builder.polyline(icon.points([(3, 17), (3, 3), (17, 3)]), closed: false)
    builder.paint("S")
    builder.rectangle(icon.rect(5, 3.5, 7.5, 9))
    builder.rectangle(icon.rect(9, 3.5, 11.5, 14))
    builder.rectangle(icon.rect(13, 3.5, 15.5, 11))
    builder.paint("f")
  }

  /// A luggage tag: a pointed outline with an eyelet.
  private static func tag(_ icon: IconBox, into builder: inout ContentBuilder) {
    builder.lineWidth(icon.length(1.2))
    builder.polyline(icon.points([(3, 5), (12, 5), (17, 10), (12, 15), (3, 15)]), closed: true)
    builder.circle(center: icon.point(12.5, 10), radius: icon.length(1.3))
    builder.paint("S")
  }
}
