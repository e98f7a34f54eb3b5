// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// What flattening reads of one annotation: whether and how it is drawn, and what it is tied to.
struct FlattenFacts {
  /// /Subtype ("" when absent).
  let subtype: String
  /// /F (0 when absent).
  let flags: Int
  /// The annotation /Popup names, if any.
  let popup: ObjectIdentity?
  /// The annotation /Parent names, if any.
  let parent: ObjectIdentity?
  /// The normal appearance to draw (the state /AS names), with /Rect and the form's /BBox and
  /// /Matrix; nil when there is nothing to draw (always for a pop-up, which is never drawn).
  let drawing: (form: ObjectIdentity, rect: Rect, box: Rect, matrix: AffineTransform)?
  /// The annotation's dictionary as the bytes hold it (what undo puts back once flattening
  /// empties it).
  var text: [UInt8] = []
}

extension Document {
  /// What flattening reads of annotation `identity`, read from the bytes views start from
  /// (``BaseObjects``) without qpdf parsing the annotation or its appearance; nil, so that
  /// the caller asks qpdf, when the file was repaired or is encrypted, an object read changed
  /// since those bytes, an entry is not in its plain form, or the annotation has no appearance
  /// and the library would make one. Call under the lock.
  func flattenFactsFromBytes(_ identity: ObjectIdentity) -> FlattenFacts? {
    guard flattensFromBytes, !wasRepaired, !changedObjects.contains(identity), let base = try? viewBase(), !base.encrypted,
      let read = base.entriesAndText(of: identity, ["Subtype", "F", "AP", "AS", "Rect", "Popup", "Parent"]),
      read.entries.count == 7, var facts = flattenFacts(read.entries, base)
    else { return nil }
    facts.text = read.text
    return facts
  }

  /// What ``flattenFactsFromBytes(_:)`` reads of an annotation whose entries the bytes hold
  /// as `entries`; nil where it gives nil.
  private func flattenFacts(_ entries: [PDFValue?], _ base: BaseObjects) -> FlattenFacts? {
    guard let subtype = PDFValue.name(orEmpty: entries[0]) else { return nil }
    let flags: Int
    switch entries[1] {
    case nil: flags = 0
    case .integer(let value)?: flags = value
    default: return nil
    }
    guard let popup = Document.optionalReference(entries[5]), let parent = Document.optionalReference(entries[6]) else {
      return nil
    }
    // Pop-ups go with their parents, never drawn.
    if subtype == "Popup" {
      return FlattenFacts(subtype: subtype, flags: flags, popup: popup, parent: parent, drawing: nil)
    }
    guard let appearance = entries[2] else {
      // The library makes an appearance for these first (through qpdf).
      if CreatableSubtype.names.contains(subtype) { return nil }
      return FlattenFacts(subtype: subtype, flags: flags, popup: popup, parent: parent, drawing: nil)
    }
    guard case .dictionary(let appearances)? = plainValue(appearance, base) else { return nil }
    guard let normal = appearances["N"] else {
      return FlattenFacts(subtype: subtype, flags: flags, popup: popup, parent: parent, drawing: nil)
    }
    // The normal appearance: a stream, or a dictionary of states of which /AS names one.
    guard case .reference(var form) = normal else { return nil }
    let formKeys: [StaticString] = ["BBox", "Matrix", "Subtype"]
    var formEntries = changedObjects.contains(form) ? nil : base.streamEntries(of: form, formKeys)
    if formEntries == nil {
      guard !changedObjects.contains(form), case .dictionary(let states)? = base.value(of: form) else { return nil }
      guard let state = entries[3] else {
        return FlattenFacts(subtype: subtype, flags: flags, popup: popup, parent: parent, drawing: nil)
      }
      guard case .name(let name) = state else { return nil }
      guard let chosen = states[name] else {
        return FlattenFacts(subtype: subtype, flags: flags, popup: popup, parent: parent, drawing: nil)
      }
      guard case .reference(let stream) = chosen, !changedObjects.contains(stream),
        let read = base.streamEntries(of: stream, formKeys)
      else { return nil }
      form = stream
      formEntries = read
    }
    // Forms without /Subtype /Form get it through qpdf; malformed boxes are judged there too.
    guard let formEntries, formEntries.count == 3, case .name("Form")? = formEntries[2],
      let rect = entries[4]?.rect, let box = formEntries[0]?.rect
    else { return nil }
    var matrix = AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)
    if let value = formEntries[1] {
      guard let numbers = value.numbers, numbers.count == 6 else { return nil }
      matrix = AffineTransform(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], e: numbers[4], f: numbers[5])
    }
    return FlattenFacts(
      subtype: subtype, flags: flags, popup: popup, parent: parent,
      drawing: rect.isEmpty ? nil : (form, rect, box, matrix))
  }

  /// `value`, or the dictionary an unchanged object it refers to holds; nil otherwise.
  private func plainValue(_ value: PDFValue, _ base: BaseObjects) -> PDFValue? {
    guard case .reference(let identity) = value else { return value }
    guard !changedObjects.contains(identity) else { return nil }
    return base.value(of: identity)
  }

  /// The identity an optional entry refers to: `.some(nil)` when absent, nil when the entry is
  /// there but not a reference (the caller asks qpdf).
  private static func optionalReference(_ value: PDFValue?) -> ObjectIdentity?? {
    switch value {
    case nil: return .some(nil)
    case .reference(let identity)?: return .some(identity)
    default: return nil
    }
  }
}
