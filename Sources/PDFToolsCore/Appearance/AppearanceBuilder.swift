// SPDX-License-Identifier: GPL-3.0-or-later
/// Builds the normal appearance stream (/AP /N) of an annotation from its properties.
///
/// The stream is drawn directly in page space: its form XObject gets /Matrix identity and
/// /BBox = `bbox`, and `bbox` holds everything drawn. For annotations defined by a rectangle
/// (Square, Circle, Link, FreeText without callout, Stamp, Caret) `bbox` is the rectangle;
/// for Text and FileAttachment icons it is the rectangle together with the 20-point icon box at
/// its top-left corner; for FreeText with a callout it grows to the callout; for annotations
/// defined by their geometry (Line, PolyLine, Polygon, Ink, text markup) it is the extent of
/// what is drawn (for text markup, at least the quads' box). Callers should write it as the
/// annotation's /Rect where the geometry defines the rectangle.
///
/// Input that is not finite (or beyond 1e8 points) is skipped element by element (a quad, a
/// vertex, an ink point) or, when nothing usable is left, gives nil; no stream ever contains
/// "nan" or "inf". A nil colour means no colour (nothing stroked or filled) except where an
/// appearance needs one to be seen (Text, FileAttachment, Caret, Stamp: see their builders).
/// Text is written in WinAnsiEncoding; characters outside it are shown as "?".
public enum AppearanceBuilder {
  /// The appearance of `input`, or nil for subtypes that get none from us (Popup, Widget,
  /// Link without a border, and subtypes we do not draw) and for input with nothing to draw
  /// (no usable quads, ink points, vertices, line points or rectangle).
  public static func build(_ input: AppearanceInput) -> AppearanceStream? {
    switch input.subtype {
    case "Square": return ShapeAppearance.square(input)
    case "Circle": return ShapeAppearance.circle(input)
    case "Link": return ShapeAppearance.linkBorder(input)
    case "Line": return LineAppearance.line(input)
    case "Polygon": return PolygonAppearance.polygon(input)
    case "PolyLine": return PolygonAppearance.polyLine(input)
    case "Ink": return InkAppearance.ink(input)
    case "Highlight": return TextMarkupAppearance.build(input, kind: .highlight)
    case "Underline": return TextMarkupAppearance.build(input, kind: .underline)
    case "StrikeOut": return TextMarkupAppearance.build(input, kind: .strikeOut)
    case "Squiggly": return TextMarkupAppearance.build(input, kind: .squiggly)
    case "Text": return NoteIconAppearance.text(input)
    case "FileAttachment": return AttachmentIconAppearance.fileAttachment(input)
    case "Caret": return CaretAppearance.caret(input)
    case "Stamp": return StampAppearance.stamp(input)
    case "FreeText": return FreeTextAppearance.freeText(input)
    default: return nil
    }
  }
}
