// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// The annotation objects page `index` lists, read from the bytes views start from
  /// (``BaseObjects``) without qpdf parsing the page or its annotations; call under the lock.
  ///
  /// Nil, so that the caller asks qpdf, when the file was repaired on opening, the page or its
  /// /Annots array changed since those bytes or is not read plainly, or the array holds a
  /// direct dictionary (which the qpdf path gives an object of its own). An item whose object
  /// changed or does not read plainly is asked of qpdf alone: is it a dictionary.
  func annotationsFromBytes(_ index: Int) -> (page: ObjectIdentity, objects: [ObjectIdentity], holder: ObjectIdentity?)? {
    guard !wasRepaired, let page = pageTree.page(index, qpdf, bytes: pageTreeBytes), !changedObjects.contains(page),
      let base = try? viewBase(), let entries = base.entries(of: page, ["Type", "Kids", "Annots"]), entries.count == 3
    else { return nil }
    guard PageTree.isPlainPage(type: entries[0], kids: entries[1]) else { return nil }
    var holder: ObjectIdentity? = nil
    let items: [PDFValue]
    switch entries[2] {
    case nil: items = []
    case .array(let direct)?: items = direct
    case .reference(let array)?:
      guard !changedObjects.contains(array), case .array(let listed)? = base.value(of: array) else { return nil }
      holder = array
      items = listed
    default: return nil
    }
    var objects: [ObjectIdentity] = []
    for item in items {
      switch item {
      case .reference(let object) where object.number > 0:
        let isDictionary =
          !changedObjects.contains(object) && base.entries(of: object, []) != nil
          || qpdf.isDictionary(qpdf.object(object))
        if isDictionary { objects.append(object) }
      case .dictionary: return nil
      default: continue
      }
    }
    return (page, objects, holder)
  }

  /// The summary of annotation `identity` (with `id`) read from the bytes views start from;
  /// nil, so that the caller asks qpdf, when it changed since, the document is encrypted (the
  /// bytes hold its strings encrypted), or an entry read is not in its plain form. Call under
  /// the lock.
  func summaryFromBytes(_ identity: ObjectIdentity, id: Int64) -> AnnotationSummary? {
    guard !wasRepaired, !changedObjects.contains(identity), let base = try? viewBase(), !base.encrypted,
      let entries = base.entries(of: identity, ["Subtype", "Rect", "F", "C", "CA", "Contents", "IRT"]),
      entries.count == 7
    else { return nil }
    guard let subtype = PDFValue.name(orEmpty: entries[0]) else { return nil }
    var rect = Rect(0, 0, 0, 0)
    if let value = entries[1] {
      guard let read = value.rect else { return nil }
      rect = read
    }
    var flags = 0
    switch entries[2] {
    case nil: break
    case .integer(let value)?: flags = value
    case .real(let value)? where value.rounded() == value && abs(value) < 9e15: flags = Int(value)
    default: return nil
    }
    var color: RGBColor? = nil
    if let value = entries[3] {
      guard let numbers = value.numbers else { return nil }
      color = RGBColor(components: numbers)
    }
    var opacity = 1.0
    if let value = entries[4] {
      guard let number = value.number else { return nil }
      opacity = number
    }
    var contentsLength = 0
    switch entries[5] {
    case nil: break
    case .string(let bytes)? where bytes.allSatisfy(Document.isPlainText): contentsLength = bytes.count
    default: return nil
    }
    var reply: Int64? = nil
    if case .reference(let target)? = entries[6] { reply = annotationIndex.ids[target] }
    return AnnotationSummary(
      id: id, subtype: subtype, rect: rect, flags: UInt32(clamping: max(0, flags)), color: color,
      opacity: opacity, contentsLength: contentsLength, inReplyTo: reply)
  }

  /// True for the bytes PDFDocEncoding and UTF-8 agree on one for one: tab, line feed and
  /// printable ASCII. (Carriage returns are left out: a literal string's own line ends read as
  /// line feeds.)
  private static func isPlainText(_ byte: UInt8) -> Bool {
    byte == 0x09 || byte == 0x0A || (0x20...0x7E).contains(byte)
  }
}
