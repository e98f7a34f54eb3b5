// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writes an incremental update: the changed and new objects of a document appended to its
/// original bytes, with a cross-reference section of the original's kind (table or stream) and
/// /Prev pointing at the original's last one. The original bytes stay a byte-exact prefix.
struct IncrementalWriter {
  /// The document model.
  let qpdf: QPDF
  /// The bytes being appended to.
  let base: ByteChain
  /// The lowest /Size the update may declare: past every object the base already holds,
  /// earlier updates' own xref streams included.
  var minimumSize = 0
  /// Gives the object number of the update's cross-reference stream (when the base uses
  /// streams): one qpdf will not give to an object of its own later.
  var streamNumber: () throws(PDFError) -> Int32 = { () throws(PDFError) in
    throw PDFError(.internal, "no number for the cross-reference stream")
  }
  /// The security handler of an encrypted document: appended strings and streams are
  /// encrypted with it. Nil for unencrypted documents.
  var encryption: ObjectEncryption? = nil
  /// Told of each object written (it may stop the writing).
  var reporter: ProgressReporter? = nil
  /// Where every object of `base` is (see ``XRefIndex``): when set, the update's cross-reference
  /// section is a stream listing every object, without /Prev, so a reader never reads the
  /// base's sections. For views only: a saved update keeps the base's kind of section.
  var fullIndex: XRefIndex? = nil

  /// An update: its bytes, the /Size it declares and where it put each object written.
  struct Update {
    /// The bytes to append.
    let bytes: [UInt8]
    /// The /Size the update declares.
    let nextSize: Int
    /// Where every object is once the update is appended, when ``fullIndex`` was set.
    let index: XRefIndex?
  }

  /// Builds the update: the bytes to append after `base`. `objects` are the objects to write.
  func update(objects: [ObjectIdentity]) throws(PDFError) -> Update {
    let tail = base.suffix(IncrementalWriter.tailLength)
    guard let found = IncrementalWriter.lastStartXref(tail), found < base.count else {
      throw PDFError(.unsupported, "the original has no readable startxref; use a full save")
    }
    let previous = found
    // Offsets in a file with bytes before its header count from the header.
    let shift = IncrementalWriter.headerOffset(base.bytes(from: 0, length: 1024))
    let useStream = IncrementalWriter.xrefIsStream(base.bytes(from: previous + shift, length: 2))
    var out: [UInt8] = []
    if tail.last != UInt8(ascii: "\n") && tail.last != UInt8(ascii: "\r") { out.append(0x0A) }
    var offsets: [(ObjectIdentity, Int)] = []
    for (done, object) in objects.sorted(by: { $0.number < $1.number }).enumerated() {
      try reporter?.report(done, of: objects.count)
      offsets.append((object, base.count + out.count - shift))
      out += Array("\(object.number) \(object.generation) obj\n".utf8)
      if let encryption {
        let serializer = EncryptingSerializer(qpdf: qpdf, encryption: encryption, identity: object)
        try serializer.write(qpdf.object(object), to: &out)
      } else {
        try IncrementalWriter.appendBody(of: object, in: qpdf, to: &out)
      }
      out += Array("\nendobj\n".utf8)
    }
    let trailer = qpdf.trailer
    var size = qpdf.entry(trailer, "/Size").flatMap { qpdf.integer($0) } ?? 0
    size = max(size, minimumSize, (offsets.map { Int($0.0.number) }.max() ?? 0) + 1)
    var extra = ""
    for key: StaticString in ["/Root", "/Info", "/ID", "/Encrypt"] {
      // References stay references: qpdf_oh_unparse does not resolve the top level.
      if let value = qpdf.entry(trailer, key), let text = qpdf_oh_unparse(qpdf.data, value) {
        extra += " \(key) \(String(cString: text))"
      }
    }
    let xrefOffset = base.count + out.count - shift
    // A full list where every object fits a row; otherwise a section pointing back (and the
    // update returns no index, so the next ones point back too).
    var updatedIndex: XRefIndex? = nil
    if var index = fullIndex {
      let number = Int(try streamNumber())
      let listed = offsets + [(ObjectIdentity(number: Int32(number), generation: 0), xrefOffset)]
      if listed.allSatisfy({ index.record(Int($0.0.number), generation: Int($0.0.generation), offset: $0.1) }) {
        offsets = listed
        size = max(size, number + 1, index.count)
        out += IncrementalWriter.fullSection(index, number: number, size: size, trailer: extra)
        updatedIndex = index
      } else {
        offsets.append((ObjectIdentity(number: Int32(number), generation: 0), xrefOffset))
        size = max(size, number + 1)
        out += IncrementalWriter.xrefStream(offsets, number: number, size: size, previous: previous, trailer: extra)
      }
    } else if useStream {
      let number = Int(try streamNumber())
      size = max(size, number + 1)
      offsets.append((ObjectIdentity(number: Int32(number), generation: 0), xrefOffset))
      out += IncrementalWriter.xrefStream(offsets, number: number, size: size, previous: previous, trailer: extra)
    } else {
      var table = "xref\n"
      let entries = offsets.sorted { $0.0.number < $1.0.number }
      var position = 0
      for run in IncrementalWriter.runs(entries.map { Int($0.0.number) }) {
        table += "\(run.start) \(run.count)\n"
        for _ in 0..<run.count {
          let (object, offset) = entries[position]
          let digits = String(offset)
          let generation = String(object.generation)
          table += String(repeating: "0", count: max(0, 10 - digits.count)) + digits + " "
            + String(repeating: "0", count: max(0, 5 - generation.count)) + generation + " n \n"
          position += 1
        }
      }
      table += "trailer\n<< /Size \(size) /Prev \(previous)\(extra) >>\n"
      out += Array(table.utf8)
    }
    out += Array("startxref\n\(xrefOffset)\n%%EOF\n".utf8)
    try reporter?.report(objects.count, of: objects.count)
    return Update(bytes: out, nextSize: size, index: updatedIndex)
  }

  /// A cross-reference stream object numbered `number` listing `offsets` (its own entry
  /// included), declaring `size`, pointing back at `previous` (nil: the file's only section),
  /// with `trailer`'s entries.
  static func xrefStream(
    _ offsets: [(ObjectIdentity, Int)], number: Int, size: Int, previous: Int?, trailer: String
  ) -> [UInt8] {
    let entries = offsets.sorted { $0.0.number < $1.0.number }
    // Offsets take 4 bytes, more in files past 4 GiB.
    let largest = offsets.map(\.1).max() ?? 0
    var width = 4
    while largest >> (8 * width) > 0 { width += 1 }
    var data: [UInt8] = []
    for (object, offset) in entries {
      data.append(1)
      for shift in stride(from: 8 * (width - 1), through: 0, by: -8) { data.append(UInt8((offset >> shift) & 0xFF)) }
      data.append(UInt8((Int(object.generation) >> 8) & 0xFF))
      data.append(UInt8(Int(object.generation) & 0xFF))
    }
    let index = IncrementalWriter.runs(entries.map { Int($0.0.number) }).map { "\($0.start) \($0.count)" }
      .joined(separator: " ")
    var out = Array(
      "\(number) 0 obj\n<< /Type /XRef /Size \(size) /W [1 \(width) 2] /Index [\(index)]\(previous.map { " /Prev \($0)" } ?? "")\(trailer) /Length \(data.count) >>\nstream\n"
        .utf8)
    out += data
    out += Array("\nendstream\nendobj\n".utf8)
    return out
  }

  /// A cross-reference stream object listing every object of `index`, numbered `number`,
  /// declaring `size`, with `trailer`'s entries and no /Prev. Left uncompressed: a reader
  /// takes the rows as they are, and the section is only shown, never saved.
  private static func fullSection(_ index: XRefIndex, number: Int, size: Int, trailer: String) -> [UInt8] {
    var out = Array(
      "\(number) 0 obj\n<< /Type /XRef /Size \(size) /Index [0 \(index.count)] /W [1 4 2]\(trailer) /Length \(index.rows.count) >>\nstream\n"
        .utf8)
    out += index.rows
    out += Array("\nendstream\nendobj\n".utf8)
    return out
  }

  /// How far from the end "startxref" is looked for.
  static let tailLength = 4096

  /// Where the header starts, as qpdf finds it: the first "%PDF-" within the first 1024 bytes
  /// that a version ("1.7") follows; 0 for conforming files, and when there is none. Readers
  /// count offsets from there.
  static func headerOffset<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> Int
  where Bytes.Element == UInt8, Bytes.Index == Int {
    let start = bytes.startIndex
    func isDigit(_ at: Int) -> Bool { at < bytes.count && (0x30...0x39).contains(bytes[start + at]) }
    return firstMarker(in: bytes) { offset in
      var at = offset + 5
      guard isDigit(at) else { return false }
      while isDigit(at) { at += 1 }
      return at < bytes.count && bytes[start + at] == 0x2E && isDigit(at + 1)
    } ?? 0
  }

  /// Where "%PDF-" occurs within the first 1024 bytes, where readers look for the header.
  static func headerPosition<Bytes: RandomAccessCollection>(_ bytes: Bytes) -> Int?
  where Bytes.Element == UInt8, Bytes.Index == Int {
    firstMarker(in: bytes) { _ in true }
  }

  /// The first offset within the first 1024 bytes where "%PDF-" occurs and `accept` holds.
  private static func firstMarker<Bytes: RandomAccessCollection>(in bytes: Bytes, where accept: (Int) -> Bool) -> Int?
  where Bytes.Element == UInt8, Bytes.Index == Int {
    let marker = Array("%PDF-".utf8)
    let limit = min(bytes.count, 1024)
    guard limit >= marker.count else { return nil }
    let start = bytes.startIndex
    for offset in 0...(limit - marker.count)
    where (0..<marker.count).allSatisfy({ bytes[start + offset + $0] == marker[$0] }) && accept(offset) {
      return offset
    }
    return nil
  }

  /// Appends the text of one object of `qpdf` (a stream with its raw, still-encoded data);
  /// returns the length of its value's text (a stream's dictionary) at the start of it.
  @discardableResult
  static func appendBody(of identity: ObjectIdentity, in qpdf: QPDF, to out: inout [UInt8]) throws(PDFError) -> Int {
    let object = qpdf_get_object_by_id(qpdf.data, identity.number, identity.generation)
    if qpdf_oh_is_stream(qpdf.data, object) != QPDF_FALSE {
      var filtered: QPDF_BOOL = QPDF_FALSE
      var data: UnsafeMutablePointer<UInt8>? = nil
      var length = 0
      _ = qpdf_oh_get_stream_data(qpdf.data, object, qpdf_dl_none, &filtered, &data, &length)
      defer { free(data) }
      do {
        try qpdf.check()
      } catch {
        throw PDFError(.internal, "cannot read stream \(identity.number): \(error.text)")
      }
      let dictionary = qpdf_oh_get_dict(qpdf.data, object)
      qpdf_oh_replace_key(qpdf.data, dictionary, "/Length", qpdf_oh_new_integer(qpdf.data, Int64(length)))
      let text = unparsed(dictionary, in: qpdf)
      out += text
      out += Array("\nstream\n".utf8)
      if let data, length > 0 { out += UnsafeBufferPointer(start: data, count: length) }
      out += Array("\nendstream".utf8)
      return text.count
    }
    let text = unparsed(object, in: qpdf)
    out += text
    return text.count
  }

  /// The PDF syntax of an object's own value (top level resolved, references inside kept), as
  /// bytes: strings in it hold PDFDocEncoding or UTF-16, not UTF-8.
  private static func unparsed(_ object: qpdf_oh, in qpdf: QPDF) -> [UInt8] {
    guard let text = qpdf_oh_unparse_resolved(qpdf.data, object) else { return Array("null".utf8) }
    let length = qpdf_get_last_string_length(qpdf.data)
    return Array(UnsafeRawBufferPointer(start: text, count: length))
  }

  /// Consecutive runs of sorted object numbers, for xref subsections.
  static func runs(_ numbers: [Int]) -> [(start: Int, count: Int)] {
    var result: [(start: Int, count: Int)] = []
    for number in numbers {
      if let last = result.last, last.start + last.count == number {
        result[result.count - 1].count += 1
      } else {
        result.append((number, 1))
      }
    }
    return result
  }

  /// The number after the last "startxref" keyword in `tail` (the end of a file) that a whole
  /// integer follows, as qpdf looks for it.
  static func lastStartXref(_ tail: [UInt8]) -> Int? {
    let keyword = Array("startxref".utf8)
    guard tail.count >= keyword.count else { return nil }
    var position = tail.count - keyword.count
    while position >= 0 {
      if (0..<keyword.count).allSatisfy({ tail[position + $0] == keyword[$0] }) {
        var index = PDFCharacterClass.skipSpace(tail, from: position + keyword.count)
        if index < tail.count, tail[index] == 0x2B { index += 1 }
        var value = 0
        var digits = 0
        while index < tail.count, tail[index] >= 0x30, tail[index] <= 0x39, digits < 15 {
          value = value * 10 + Int(tail[index] - 0x30)
          digits += 1
          index += 1
        }
        // Only a whole integer counts ("440.0" or "440x" do not): an earlier one is looked for.
        if digits > 0, index == tail.count || !PDFCharacterClass.isRegular(tail[index]) { return value }
      }
      position -= 1
    }
    return nil
  }

  /// True when the cross-reference section whose first bytes are `start` is a stream
  /// ("n g obj"), not a table ("xref").
  static func xrefIsStream(_ start: [UInt8]) -> Bool {
    guard start.count == 2 else { return false }
    return !(start[0] == UInt8(ascii: "x") && start[1] == UInt8(ascii: "r"))
  }
}
