// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// A change made to the model only while a variant of the document is written (a view of it),
/// and undone right after: never a change of the document, so not recorded.
enum TemporaryChange {
  /// Sets `key` of the dictionary to an integer.
  case setInteger(dictionary: qpdf_oh, key: String, value: Int)
  /// Sets `key` of the dictionary to a value.
  case setValue(dictionary: qpdf_oh, key: String, value: qpdf_oh)
  /// Removes the items at `positions` (ascending) from the array.
  case removeItems(array: qpdf_oh, positions: [Int])
  /// Replaces the whole object `identity` with a direct `value` (put back as null: only for
  /// objects qpdf could not read, which it holds as null).
  case replaceUnreadable(identity: ObjectIdentity, value: qpdf_oh)
}

extension QPDF {
  /// Runs `body` with `changes` made, then puts everything back as it was.
  func withTemporaryChanges<T>(
    _ changes: [TemporaryChange], _ body: () throws(PDFError) -> T
  ) throws(PDFError) -> T {
    var undo: [() -> Void] = []
    defer { for step in undo.reversed() { step() } }
    for change in changes {
      switch change {
      case .setInteger(let dictionary, let key, let value):
        undo.append(replaceKeyUndoably(dictionary, key, qpdf_oh_new_integer(data, Int64(value))))
      case .setValue(let dictionary, let key, let value):
        undo.append(replaceKeyUndoably(dictionary, key, value))
      case .removeItems(let array, let positions):
        guard let items = items(array) else { continue }
        let removed = positions.filter { $0 >= 0 && $0 < items.count }
        for position in removed.reversed() { qpdf_oh_erase_item(data, array, Int32(position)) }
        undo.append { [data] in
          for position in removed { qpdf_oh_insert_item(data, array, Int32(position), items[position]) }
        }
      case .replaceUnreadable(let identity, let value):
        let current = object(identity)
        guard qpdf_oh_is_null(data, current) != QPDF_FALSE else { continue }
        qpdf_replace_object(data, identity.number, identity.generation, value)
        undo.append { [data] in
          qpdf_replace_object(data, identity.number, identity.generation, qpdf_oh_new_null(data))
        }
      }
    }
    return try body()
  }

  /// Sets `key` of `dictionary` and returns what puts the old value (or its absence) back.
  private func replaceKeyUndoably(_ dictionary: qpdf_oh, _ key: String, _ value: qpdf_oh) -> () -> Void {
    guard isDictionary(dictionary) else { return {} }
    let old = qpdf_oh_has_key(data, dictionary, key) != QPDF_FALSE ? qpdf_oh_get_key(data, dictionary, key) : nil
    qpdf_oh_replace_key(data, dictionary, key, value)
    return { [data] in
      if let old { qpdf_oh_replace_key(data, dictionary, key, old) } else { qpdf_oh_remove_key(data, dictionary, key) }
    }
  }
}
