// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// Who gives the objects a document makes their numbers.
///
/// qpdf 11.3 numbers a new object past every object it holds, and to know them all it parses
/// every object of the file the first time (`QPDF::getObjectCount`): 53 ms on a 2000-page file
/// before its first annotation can exist. A file whose cross-reference sections read plainly
/// (see ``XRefIndex``) already says which numbers it uses, so new objects are numbered past them
/// here and handed to qpdf under that number: `qpdf_replace_object` for values, and for streams
/// qpdf's JSON update, the only route the C API has to a stream of a given number.
///
/// That update costs about 100,000 instructions a stream, about what qpdf's parse costs for two
/// objects of the file: once a document has made half as many streams as the file has objects,
/// numbering is left to qpdf, whose one parse then costs less than the updates would.
enum ObjectNumbering {
  /// qpdf numbers new objects.
  case qpdf
  /// Numbered here, past what the cross-reference sections of `objects` list (read on the first
  /// number asked for) and the trailer's /Size.
  case afterSections(BaseObjects)
  /// Numbered here: `next` is the next number to try; `streams` more streams may be made
  /// before numbering is left to qpdf.
  case own(next: Int32, streams: Int)
}

extension QPDF {
  /// Numbers the objects made from now on past what the cross-reference sections of `objects`
  /// (the bytes qpdf read, which it found nothing wrong with) list.
  func numberAfterSections(of objects: BaseObjects) {
    numbering = .afterSections(objects)
  }

  /// Leaves numbering to qpdf from now on: before qpdf makes objects of its own accord (copying
  /// from another document), whose numbers the caller learns from qpdf's numbering.
  func leaveNumberingToQPDF() {
    numbering = .qpdf
  }

  /// Makes `value` (a fresh direct value) an object of its own and returns it; the caller
  /// checks for a qpdf error.
  func makeIndirectObject(_ value: qpdf_oh) -> qpdf_oh {
    guard let number = freeNumber() else { return qpdf_make_indirect_object(data, value) }
    qpdf_replace_object(data, number, 0, value)
    return qpdf_get_object_by_id(data, number, 0)
  }

  /// Makes an empty stream object and returns it; the caller checks for a qpdf error.
  func makeStreamObject() -> qpdf_oh {
    if case .own(let next, let streams) = numbering {
      numbering = streams > 0 ? .own(next: next, streams: streams - 1) : .qpdf
    }
    guard let number = freeNumber() else { return qpdf_oh_new_stream(data) }
    let update = Array(#"{"qpdf":[{"jsonversion":2},{"obj:\#(number) 0 R":{"stream":{"dict":{},"data":""}}}]}"#.utf8)
    _ = update.withUnsafeBufferPointer { text in
      text.withMemoryRebound(to: CChar.self) { qpdf_update_from_json_data(data, $0.baseAddress, UInt64($0.count)) }
    }
    do {
      try check()
    } catch {
      Log.emit(.warning, "qpdf", "numbering a new stream: \(error.text)")
      qpdf_replace_object(data, number, 0, qpdf_oh_new_null(data))
      numbering = .qpdf
      return qpdf_oh_new_stream(data)
    }
    let stream = qpdf_get_object_by_id(data, number, 0)
    // The stream's data is read from the update's text, which is about to go: give it data of
    // its own.
    var none: UInt8 = 0
    qpdf_oh_replace_stream_data(data, stream, &none, 0, qpdf_oh_new_null(data), qpdf_oh_new_null(data))
    return stream
  }

  /// A number no object has, to be taken now; nil when qpdf must number the object.
  func freeNumber() -> Int32? {
    if case .afterSections(let objects) = numbering {
      let size = entry(trailer, "/Size").flatMap { integer($0) } ?? 0
      if let index = objects.index, let first = Int32(exactly: max(index.count, size, 1)) {
        numbering = .own(next: first, streams: index.count / 2)
      } else {
        numbering = .qpdf
      }
    }
    guard case .own(let next, let streams) = numbering else { return nil }
    // qpdf numbers objects of its own accord too (listing pages, it copies a page the tree
    // holds twice), past every object after parsing them all: a number it took means it knows
    // them all now, and numbering is cheap for it.
    guard next < Int32.max, qpdf_oh_is_null(data, qpdf_get_object_by_id(data, next, 0)) != QPDF_FALSE else {
      numbering = .qpdf
      return nil
    }
    numbering = .own(next: next + 1, streams: streams)
    return next
  }
}
