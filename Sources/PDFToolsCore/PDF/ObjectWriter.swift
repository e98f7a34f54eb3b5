// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// Hears of every change an ``ObjectWriter`` makes, before the object changes: the undo
/// journal keeps its old state, incremental saves append it and views show it.
protocol ChangeRecording: AnyObject {
  /// `identity` (an existing object, or ``ObjectSnapshot/trailer``) is about to change, in a
  /// way that can alter what `reach` says in what pages show.
  func objectWillChange(_ identity: ObjectIdentity, reach: ChangeReach)
  /// As ``objectWillChange(_:reach:)``, for a change whose caller knows the object's state
  /// before it (`before`), which is then not read from qpdf.
  func objectWillChange(_ identity: ObjectIdentity, reach: ChangeReach, before: ObjectSnapshot)
  /// `identity` was just made.
  func objectWasCreated(_ identity: ObjectIdentity)
  /// An emptied object no state of the document refers to any more (made by a change that
  /// was undone and can no longer be redone), to be made again instead of a new object; nil
  /// when there is none. The recorder records its reuse.
  func reusableObject(stream: Bool) -> ObjectIdentity?
  /// True when `identity` is known to be an annotation (a page lists it), so that its kind
  /// need not be read.
  func isListedAnnotation(_ identity: ObjectIdentity) -> Bool
}

/// The one way to change objects that are part of the document: every write is checked (a
/// damaged object that qpdf reads as null is not silently skipped) and recorded before it is
/// made, so it is undoable, saved incrementally and shown by construction.
///
/// A dictionary or array inside another object is changed through its owner: the indirect
/// object that holds it. Fresh values that belong to nothing yet are built with the `make...`
/// functions of ``QPDF`` instead. Used only under the document lock.
struct ObjectWriter {
  /// The document model.
  let qpdf: QPDF
  /// Told of every change.
  unowned let recorder: any ChangeRecording

  /// Sets `key` (with its leading slash) of the dictionary `target` to `value`.
  func set(_ key: String, _ value: qpdf_oh, in target: qpdf_oh, owner: qpdf_oh? = nil) throws(PDFError) {
    try prepare(target, owner, dictionary: true, "set \(key) in", key: key)
    qpdf_oh_replace_key(qpdf.data, target, key, value)
    try finish("set \(key)")
  }

  /// Removes `key` (with its leading slash) from the dictionary `target`; nothing happens when
  /// it is absent.
  func remove(_ key: String, from target: qpdf_oh, owner: qpdf_oh? = nil) throws(PDFError) {
    guard qpdf.isDictionary(target), qpdf_oh_has_key(qpdf.data, target, key) != QPDF_FALSE else { return }
    try prepare(target, owner, dictionary: true, "remove \(key) from", key: key)
    qpdf_oh_remove_key(qpdf.data, target, key)
    try finish("remove \(key)")
  }

  /// Appends `item` to the array `target`.
  func append(_ item: qpdf_oh, to target: qpdf_oh, owner: qpdf_oh? = nil) throws(PDFError) {
    try prepare(target, owner, dictionary: false, "append to", item: item)
    qpdf_oh_append_item(qpdf.data, target, item)
    try finish("append an item")
  }

  /// Inserts `item` at `index` (0...count) of the array `target`.
  func insert(_ item: qpdf_oh, at index: Int, in target: qpdf_oh, owner: qpdf_oh? = nil) throws(PDFError) {
    try prepare(target, owner, dictionary: false, "insert into", item: item)
    let count = Int(qpdf_oh_get_array_n_items(qpdf.data, target))
    guard index >= 0, index <= count, let position = Int32(exactly: index) else {
      throw PDFError(.internal, "array index \(index) is out of range (\(count) items)")
    }
    if index == count {
      qpdf_oh_append_item(qpdf.data, target, item)
    } else {
      qpdf_oh_insert_item(qpdf.data, target, position, item)
    }
    try finish("insert an item")
  }

  /// Removes the item at `index` of the array `target`.
  func removeItem(at index: Int, from target: qpdf_oh, owner: qpdf_oh? = nil) throws(PDFError) {
    let count = qpdf_oh_is_array(qpdf.data, target) != QPDF_FALSE ? Int(qpdf_oh_get_array_n_items(qpdf.data, target)) : 0
    guard index >= 0, index < count, let position = Int32(exactly: index) else {
      try prepare(target, owner, dictionary: false, "remove an item from")
      throw PDFError(.internal, "array index \(index) is out of range (\(count) items)")
    }
    try prepare(target, owner, dictionary: false, "remove an item from", item: qpdf_oh_get_array_item(qpdf.data, target, position))
    qpdf_oh_erase_item(qpdf.data, target, position)
    try finish("remove an item")
  }

  /// Replaces the item at `index` of the array `target` with `item`.
  func replaceItem(at index: Int, with item: qpdf_oh, in target: qpdf_oh, owner: qpdf_oh? = nil) throws(PDFError) {
    try prepare(target, owner, dictionary: false, "replace an item of", item: item)
    let count = Int(qpdf_oh_get_array_n_items(qpdf.data, target))
    guard index >= 0, index < count, let position = Int32(exactly: index) else {
      throw PDFError(.internal, "array index \(index) is out of range (\(count) items)")
    }
    qpdf_oh_set_array_item(qpdf.data, target, position, item)
    try finish("replace an item")
  }

  /// Gives the array `array`, the value of `key` in `dictionary` (an indirect object's), the
  /// items `items` in one change: an array object of its own is rewritten in place, a direct
  /// array is replaced.
  func setItems(_ items: [qpdf_oh], ofArray array: qpdf_oh, at key: String, in dictionary: qpdf_oh) throws(PDFError) {
    guard qpdf_oh_is_array(qpdf.data, array) != QPDF_FALSE else {
      throw PDFError(.damaged, "cannot replace the items of \(key): it is not an array (the file may be damaged there)")
    }
    let replacement = qpdf.makeArray(items)
    guard let identity = qpdf.identity(array) else {
      try set(key, replacement, in: dictionary)
      return
    }
    recorder.objectWillChange(identity, reach: ChangeReach.ofEntry(key, in: dictionary, qpdf))
    qpdf_replace_object(qpdf.data, identity.number, identity.generation, replacement)
    try finish("replace the items of \(key)")
  }

  /// Empties dictionary object `identity`, which nothing refers to any more, without reading
  /// it: `before` is its state. An emptied object costs a full save nothing, where qpdf would
  /// read the old one from the file again (every object is read before a full write).
  func empty(_ identity: ObjectIdentity, before: ObjectSnapshot) throws(PDFError) {
    recorder.objectWillChange(identity, reach: .annotations, before: before)
    qpdf_replace_object(qpdf.data, identity.number, identity.generation, qpdf.makeDictionary())
    try finish("empty an object")
  }

  /// Sets `key` of the trailer dictionary.
  func setTrailer(_ key: String, _ value: qpdf_oh) throws(PDFError) {
    recorder.objectWillChange(ObjectSnapshot.trailer, reach: .anything)
    qpdf_oh_replace_key(qpdf.data, qpdf.trailer, key, value)
    try finish("set \(key) in the trailer")
  }

  /// Makes `value` (a fresh direct value) an object of its own and returns it.
  func makeIndirect(_ value: qpdf_oh) throws(PDFError) -> qpdf_oh {
    if let reused = recorder.reusableObject(stream: false) {
      qpdf_replace_object(qpdf.data, reused.number, reused.generation, value)
      try finish("reuse object \(reused.number)")
      return qpdf.object(reused)
    }
    let object = qpdf.makeIndirectObject(value)
    return try created(object)
  }

  /// Makes a stream object holding `bytes` (encoded by `filter`, a name, or not at all) with
  /// the dictionary `entries`, and returns it.
  func makeStream(
    _ bytes: [UInt8], filter: String? = nil, dictionary entries: [(String, qpdf_oh)]
  ) throws(PDFError) -> qpdf_oh {
    let stream: qpdf_oh
    if let reused = recorder.reusableObject(stream: true) {
      stream = qpdf.object(reused)
    } else {
      stream = try created(qpdf.makeStreamObject())
    }
    try fill(stream, bytes, filter: filter, entries)
    return stream
  }

  /// Replaces the data of `stream` with `bytes` (encoded by `filter`, or not at all) and its
  /// dictionary with `entries`. `reach` is ``ChangeReach/annotations`` only for an appearance
  /// stream this document made that no page's content draws.
  func rewriteStream(
    _ stream: qpdf_oh, _ bytes: [UInt8], filter: String? = nil, dictionary entries: [(String, qpdf_oh)],
    reach: ChangeReach
  ) throws(PDFError) {
    guard qpdf_oh_is_stream(qpdf.data, stream) != QPDF_FALSE, let identity = qpdf.identity(stream) else {
      throw PDFError(.damaged, "cannot rewrite a stream: the object is not a stream")
    }
    recorder.objectWillChange(identity, reach: reach)
    let dictionary = qpdf_oh_get_dict(qpdf.data, stream)
    for key in qpdf.keys(dictionary) where key != "Length" {
      ("/" + key).withCString { qpdf_oh_remove_key(qpdf.data, dictionary, $0) }
    }
    try fill(stream, bytes, filter: filter, entries)
  }

  /// Sets a new stream's data and dictionary. Data without a filter is Flate-compressed.
  private func fill(
    _ stream: qpdf_oh, _ bytes: [UInt8], filter: String?, _ entries: [(String, qpdf_oh)]
  ) throws(PDFError) {
    let data = qpdf.data
    var copy = bytes
    var filter = filter
    if filter == nil, let packed = Flate.compress(bytes) {
      copy = packed
      filter = "FlateDecode"
    }
    let filterObject = filter.map { qpdf.makeName($0) } ?? qpdf.makeNull()
    copy.withUnsafeMutableBufferPointer { buffer in
      qpdf_oh_replace_stream_data(data, stream, buffer.baseAddress, buffer.count, filterObject, qpdf.makeNull())
    }
    let dictionary = qpdf_oh_get_dict(data, stream)
    for (key, value) in entries { qpdf_oh_replace_key(data, dictionary, key, value) }
    try finish("write a stream")
  }

  /// Checks that qpdf made `object` and records it.
  private func created(_ object: qpdf_oh) throws(PDFError) -> qpdf_oh {
    do {
      try qpdf.check()
    } catch {
      // qpdf cannot number new objects past 2147483647; the handle it returned is invalid.
      throw PDFError(.unsupported, "cannot add an object to the document: \(error.text)")
    }
    guard let identity = qpdf.identity(object) else {
      throw PDFError(.internal, "qpdf made an object without a number")
    }
    recorder.objectWasCreated(identity)
    return object
  }

  /// Checks that `target` is a dictionary (or an array) that belongs to an indirect object,
  /// and records that object as about to change: for `key` (set or removed in a dictionary)
  /// or for its items (`item` added, put in place or removed).
  private func prepare(
    _ target: qpdf_oh, _ owner: qpdf_oh?, dictionary: Bool, _ what: String, key: String? = nil, item: qpdf_oh? = nil
  ) throws(PDFError) {
    let fits = dictionary
      ? qpdf.isDictionary(target) : qpdf_oh_is_array(qpdf.data, target) != QPDF_FALSE
    // An indirect target is its own owner; a direct one lives inside `owner`.
    let identity = qpdf.identity(target) ?? owner.flatMap { qpdf.identity($0) }
    guard fits else {
      let number = identity.map { " \($0.number)" } ?? ""
      throw PDFError(
        .damaged,
        "cannot \(what) object\(number): it is not \(dictionary ? "a dictionary" : "an array") (the file may be damaged there)")
    }
    guard let identity else {
      throw PDFError(.internal, "cannot \(what) a direct object without the object that holds it")
    }
    let reach: ChangeReach
    if dictionary {
      reach = recorder.isListedAnnotation(identity) ? .annotations : ChangeReach.ofEntry(key ?? "", in: qpdf.object(identity), qpdf)
    } else if let item {
      let listed = qpdf.identity(item).map { recorder.isListedAnnotation($0) } ?? false
      reach = listed ? .annotations : ChangeReach.ofItem(item, qpdf)
    } else {
      reach = .anything
    }
    recorder.objectWillChange(identity, reach: reach)
  }

  /// Turns a pending qpdf error into a thrown one.
  private func finish(_ what: String) throws(PDFError) {
    do {
      try qpdf.check()
    } catch {
      throw PDFError(.internal, "cannot \(what): \(error.text)")
    }
  }
}
