// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// The text of the information dictionary entry `key` (without "/"), or nil when absent or
  /// not text.
  public func metadata(_ key: String) throws(PDFError) -> String? {
    try Document.checkName(key)
    return try locked { () throws(PDFError) -> String? in
      guard let info = qpdf.value(qpdf.trailer, "Info") else { return nil }
      return qpdf.value(info, key).flatMap { qpdf.text($0) }
    }
  }

  /// The keys of the information dictionary entries that hold text, sorted by name (qpdf keeps dictionaries sorted).
  public func metadataKeys() throws(PDFError) -> [String] {
    try locked { () throws(PDFError) -> [String] in
      guard let info = qpdf.value(qpdf.trailer, "Info") else { return [] }
      return qpdf.keys(info).filter { key in qpdf.value(info, key).flatMap { qpdf.text($0) } != nil }
    }
  }

  /// Sets the information dictionary entry `key` to `value`, or removes it when `value` is nil.
  public func setMetadata(_ key: String, _ value: String?) throws(PDFError) {
    try Document.checkName(key)
    if let value { try Limits.checkText(value, "the /\(key) value") }
    try locked { () throws(PDFError) in
      try requirePermission(.modify, "change the metadata")
      var info = qpdf.value(qpdf.trailer, "Info")
      if let existing = info, !qpdf.isDictionary(existing) { info = nil }
      guard let value else {
        if let info, qpdf.value(info, key) != nil {
          try writer.remove("/" + key, from: try indirectInfo(info))
          try commitChange("remove metadata \(key)")
        }
        return
      }
      try writer.set("/" + key, qpdf.makeTextString(value), in: try indirectInfo(info))
      try commitChange("set metadata \(key)")
    }
  }

  /// The information dictionary as an object of its own: a missing or direct /Info becomes
  /// one. Call under the lock.
  private func indirectInfo(_ info: qpdf_oh?) throws(PDFError) -> qpdf_oh {
    if let info, qpdf.identity(info) != nil { return info }
    let made = try writer.makeIndirect(info ?? qpdf.makeDictionary())
    try writer.setTrailer("/Info", made)
    return made
  }

  /// Checks qpdf after a mutation and counts it as a change; call under the lock.
  func commitChange(_ what: String, label: String? = nil, key: Journal.CoalescingKey? = nil) throws(PDFError) {
    do {
      try qpdf.check()
    } catch {
      throw PDFError(.internal, "cannot \(what): \(error.text)")
    }
    journalCommit(label: label ?? Document.label(what), key: key)
  }

  /// A menu label from an action phrase: "set metadata Title" becomes "Set metadata Title".
  static func label(_ what: String) -> String {
    guard let first = what.first else { return what }
    return first.uppercased() + what.dropFirst()
  }

  /// Accepts dictionary keys (and other names) made of printable ASCII without delimiters or
  /// '#', as the metadata and annotation functions take them.
  static func checkName(_ key: String) throws(PDFError) {
    let forbidden = Set("()<>[]{}/%#".utf8)
    guard !key.isEmpty, key.utf8.count <= 127,
      key.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !forbidden.contains($0) })
    else {
      throw PDFError(
        .invalidArgument,
        "'\(key)' is not a valid key or name (printable ASCII without spaces, delimiters or '#')")
    }
  }
}
