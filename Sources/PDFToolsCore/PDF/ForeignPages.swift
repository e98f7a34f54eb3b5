// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension ObjectWriter {
  /// Copies the pages `pages` of `source` (another document's model, or this one's) into this
  /// model with everything they refer to, and returns the copies in order (not yet in the page
  /// tree). Each copy holds the inheritable attributes its original took from its ancestors.
  /// References to pages that are not copied become null; references between copied pages
  /// lead to the copies. The objects made are recorded as created.
  ///
  /// The pages go through a scratch model first: qpdf remembers what it copied from a model
  /// for as long as both live (a second copy of a page would be the first one again, even
  /// after an undo emptied it), and streams copied from a model keep reading from it; the
  /// scratch model is new each time and its streams hold their bytes.
  func copyPages(_ pages: [qpdf_oh], from source: QPDF) throws(PDFError) -> [qpdf_oh] {
    let scratch = QPDF()
    defer { scratch.releaseHandles() }
    do {
      try scratch.makeEmpty()
    } catch {
      throw PDFError(.internal, "cannot copy pages: \(error.text)")
    }
    var staged: [qpdf_oh] = []
    for page in pages {
      let copy = qpdf_oh_copy_foreign_object(scratch.data, source.data, page)
      do {
        try scratch.check()
      } catch {
        throw PDFError(.damaged, "cannot copy a page: \(error.text)")
      }
      for key in Self.inheritableKeys where qpdf_oh_has_key(source.data, page, key) == QPDF_FALSE {
        guard let value = Self.inherited(key, from: source.entry(page, "/Parent"), source) else { continue }
        qpdf_oh_replace_key(scratch.data, copy, key, try Self.transfer(value, from: source, to: scratch, depth: 0))
      }
      qpdf_oh_remove_key(scratch.data, copy, "/Parent")
      staged.append(copy)
    }
    source.discardError()
    try Self.holdStreamBytes(scratch)
    // The copies are numbered by qpdf, between the two numbers taken around them.
    qpdf.leaveNumberingToQPDF()
    let before = try qpdf.reserveObjectNumber()
    var copies: [qpdf_oh] = []
    for page in staged {
      copies.append(qpdf_oh_copy_foreign_object(qpdf.data, scratch.data, page))
      do {
        try qpdf.check()
      } catch {
        throw PDFError(.damaged, "cannot copy a page: \(error.text)")
      }
    }
    let after = try qpdf.reserveObjectNumber()
    recordMade(between: before, and: after)
    return copies
  }

  /// `value` of `source` (a direct value possibly holding references) rebuilt in `target`,
  /// the objects it refers to copied.
  private static func transfer(_ value: qpdf_oh, from source: QPDF, to target: QPDF, depth: Int) throws(PDFError) -> qpdf_oh {
    if qpdf_oh_is_indirect(source.data, value) != QPDF_FALSE {
      return qpdf_oh_copy_foreign_object(target.data, source.data, value)
    }
    guard depth < Limits.maximumTreeDepth else { return target.makeNull() }
    if source.isDictionary(value) {
      var entries: [(String, qpdf_oh)] = []
      for key in source.keys(value) {
        let item = qpdf_oh_get_key(source.data, value, "/" + key)
        entries.append(("/" + key, try transfer(item, from: source, to: target, depth: depth + 1)))
      }
      return target.makeDictionary(entries)
    }
    if let items = source.items(value) {
      var copied: [qpdf_oh] = []
      for item in items { copied.append(try transfer(item, from: source, to: target, depth: depth + 1)) }
      return target.makeArray(copied)
    }
    guard let syntax = qpdf_oh_unparse_binary(source.data, value).map({ String(cString: $0) }) else {
      return target.makeNull()
    }
    return try target.parse(syntax)
  }

  /// The value of the inheritable `key` on `node` or its nearest ancestor that has it, in
  /// `model` (within the tree depth limit, so a loop through /Parent ends).
  static func inherited(_ key: String, from node: qpdf_oh?, _ model: QPDF) -> qpdf_oh? {
    var current = node
    for _ in 0..<Limits.maximumTreeDepth {
      guard let node = current, model.isDictionary(node) else { return nil }
      if qpdf_oh_has_key(model.data, node, key) != QPDF_FALSE {
        let value = qpdf_oh_get_key(model.data, node, key)
        return qpdf_oh_is_null(model.data, value) == QPDF_FALSE ? value : nil
      }
      current = model.entry(node, "/Parent")
    }
    return nil
  }

  /// Gives every stream of `scratch` its bytes (as stored, filters kept), so that nothing
  /// copied from it reads from the model it was copied from.
  private static func holdStreamBytes(_ scratch: QPDF) throws(PDFError) {
    let last = try scratch.reserveObjectNumber()
    for number in 1..<last {
      let stream = qpdf_get_object_by_id(scratch.data, number, 0)
      guard qpdf_oh_is_stream(scratch.data, stream) != QPDF_FALSE else { continue }
      var bytes: UnsafeMutablePointer<UInt8>? = nil
      var length = 0
      var filtered: QPDF_BOOL = QPDF_FALSE
      _ = qpdf_oh_get_stream_data(scratch.data, stream, qpdf_dl_none, &filtered, &bytes, &length)
      defer { free(bytes) }
      do {
        try scratch.check()
      } catch {
        throw PDFError(.damaged, "cannot read a stream of the copied pages: \(error.text)")
      }
      let dictionary = qpdf_oh_get_dict(scratch.data, stream)
      let filter = qpdf_oh_get_key(scratch.data, dictionary, "/Filter")
      let parameters = qpdf_oh_get_key(scratch.data, dictionary, "/DecodeParms")
      withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { spare in
        qpdf_oh_replace_stream_data(scratch.data, stream, bytes ?? spare.baseAddress, length, filter, parameters)
      }
      do {
        try scratch.check()
      } catch {
        throw PDFError(.damaged, "cannot keep a stream of the copied pages: \(error.text)")
      }
    }
  }
}
