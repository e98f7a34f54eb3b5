// SPDX-License-Identifier: GPL-3.0-or-later
import CTypography

/// The parts of the Unicode bidirectional algorithm the library uses, through FriBidi: the
/// embedding levels of a paragraph and the reordering of rule L2. Laying text out runs them
/// from logical to visual order; reading a page runs them from visual to logical order
/// (reversing runs by level undoes itself).
enum Bidi {
  /// A paragraph's direction.
  enum Direction {
    /// Left to right.
    case leftToRight
    /// Right to left.
    case rightToLeft
    /// From the paragraph's first strong character (left to right without one).
    case fromFirstStrong
  }

  /// FriBidi's embedding level of each of `scalars` in a paragraph of `direction`; the
  /// paragraph's level everywhere when FriBidi fails.
  static func levels(_ scalars: [UInt32], direction: Direction) -> [Int8] {
    let count = Int32(clamping: scalars.count)
    var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: scalars.count)
    fribidi_get_bidi_types(scalars, count, &types)
    var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
    fribidi_get_bracket_types(scalars, count, types, &brackets)
    var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
    var paragraph: FriBidiParType
    switch direction {
    case .leftToRight: paragraph = pdftools_fribidi_par_ltr
    case .rightToLeft: paragraph = pdftools_fribidi_par_rtl
    case .fromFirstStrong: paragraph = pdftools_fribidi_par_on
    }
    guard fribidi_get_par_embedding_levels_ex(types, brackets, count, &paragraph, &levels) != 0 else {
      return [Int8](repeating: direction == .rightToLeft ? 1 : 0, count: scalars.count)
    }
    return levels.map { Int8($0) }
  }

  /// `items` reordered by rule L2: from the highest level down to the lowest odd one, every
  /// run at that level or above is reversed. Items and levels pair by position; unpaired
  /// input comes back as it is.
  static func reordered<T>(_ items: [T], levels: [Int8]) -> [T] {
    guard items.count == levels.count, let highest = levels.max() else { return items }
    guard let lowestOdd = levels.filter({ $0 % 2 == 1 }).min() else { return items }
    var order = Array(items.indices)
    var current = levels
    var level = highest
    while level >= lowestOdd {
      var index = 0
      while index < order.count {
        guard current[index] >= level else {
          index += 1
          continue
        }
        var end = index
        while end < order.count, current[end] >= level { end += 1 }
        order[index..<end].reverse()
        current[index..<end].reverse()
        index = end
      }
      level -= 1
    }
    return order.map { items[$0] }
  }

  /// Hebrew, Arabic, Syriac, Thaana, N'Ko and the other right-to-left letters (bidi class R
  /// or AL).
  static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    guard value >= 0x0590 else { return false }
    let type = fribidi_get_bidi_type(value)
    return type == pdftools_fribidi_type_rtl || type == pdftools_fribidi_type_al
  }
}
