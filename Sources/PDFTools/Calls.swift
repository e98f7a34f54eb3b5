// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import CShims
import PDFToolsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs the body of one exported call: clears the thread's error, maps a thrown error to its
/// status and message, and delivers the log messages the call produced (outside every lock).
func call(_ body: () throws(PDFError) -> Void) -> pdftools_status {
  pdft_shim_clear_error()
  let status: pdftools_status
  do {
    try body()
    status = PDFTOOLS_OK
  } catch {
    var message = error.message
    message.withUTF8 { pdft_shim_set_error($0.baseAddress, $0.count) }
    status = statusCode(error.kind)
    // Failures that are part of normal use (asking for the size, probing a key) are detail.
    let routine = error.kind == .bufferTooSmall || error.kind == .notFound
    Log.emit(routine ? .debug : .error, "pdftools", message)
  }
  LogDelivery.deliverPending()
  return status
}

/// The status code of an error kind.
func statusCode(_ kind: PDFError.Kind) -> pdftools_status {
  switch kind {
  case .invalidArgument: return PDFTOOLS_E_INVALID_ARGUMENT
  case .invalidHandle: return PDFTOOLS_E_INVALID_HANDLE
  case .outOfRange: return PDFTOOLS_E_OUT_OF_RANGE
  case .bufferTooSmall: return PDFTOOLS_E_BUFFER_TOO_SMALL
  case .notFound: return PDFTOOLS_E_NOT_FOUND
  case .unsupported: return PDFTOOLS_E_UNSUPPORTED
  case .notPermitted: return PDFTOOLS_E_NOT_PERMITTED
  case .fileNotFound: return PDFTOOLS_E_FILE_NOT_FOUND
  case .permissionDenied: return PDFTOOLS_E_PERMISSION_DENIED
  case .notAFile: return PDFTOOLS_E_NOT_A_FILE
  case .io: return PDFTOOLS_E_IO
  case .notPDF: return PDFTOOLS_E_NOT_PDF
  case .damaged: return PDFTOOLS_E_DAMAGED
  case .passwordRequired: return PDFTOOLS_E_PASSWORD_REQUIRED
  case .wrongPassword: return PDFTOOLS_E_WRONG_PASSWORD
  case .outOfMemory: return PDFTOOLS_E_OUT_OF_MEMORY
  case .cancelled: return PDFTOOLS_E_CANCELLED
  case .internal: return PDFTOOLS_E_INTERNAL
  }
}

/// Stores `value` through `pointer`, or fails when the pointer is NULL.
func store<T>(_ value: T, _ pointer: UnsafeMutablePointer<T>?, _ name: String) throws(PDFError) {
  guard let pointer else { throw PDFError(.invalidArgument, "\(name) is NULL") }
  pointer.pointee = value
}

/// Checks an out-pointer before any work is done.
func require<T>(_ pointer: UnsafeMutablePointer<T>?, _ name: String) throws(PDFError)
  -> UnsafeMutablePointer<T>
{
  guard let pointer else { throw PDFError(.invalidArgument, "\(name) is NULL") }
  return pointer
}

/// Decodes a C string argument as UTF-8; NULL or invalid UTF-8 is an invalid argument.
func text(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(PDFError) -> String {
  guard let pointer else { throw PDFError(.invalidArgument, "\(name) is NULL") }
  guard let value = String(validatingCString: pointer) else {
    throw PDFError(.invalidArgument, "\(name) is not valid UTF-8")
  }
  return value
}

/// Decodes an optional C string argument; NULL gives nil.
func optionalText(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(PDFError) -> String? {
  guard pointer != nil else { return nil }
  return try text(pointer, name)
}

/// Copies `value` and a NUL into the caller's buffer with the two-call pattern.
func copyOut(
  _ value: String, _ buffer: UnsafeMutablePointer<CChar>?, _ bufferSize: UInt,
  _ outSize: UnsafeMutablePointer<UInt>?
) throws(PDFError) {
  guard let outSize else { throw PDFError(.invalidArgument, "out_size is NULL") }
  var utf8 = Array(value.utf8)
  utf8.append(0)
  outSize.pointee = UInt(utf8.count)
  guard let buffer else { return }
  guard bufferSize >= UInt(utf8.count) else {
    throw PDFError(
      .bufferTooSmall, "the buffer holds \(bufferSize) bytes; \(utf8.count) are needed")
  }
  utf8.withUnsafeBytes { source in
    guard let base = source.baseAddress else { return }
    UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: source.count)
  }
}

/// `count` as the interface's count type, int32_t; a list longer than that can count is an
/// out-of-range error rather than a wrapped number.
func cCount(_ count: Int) throws(PDFError) -> Int32 {
  guard let value = Int32(exactly: count) else {
    throw PDFError(.outOfRange, "\(count) items are more than an int32_t count holds")
  }
  return value
}

/// A count or capacity the caller passed, checked: a negative one is an invalid argument.
func givenCount(_ value: Int32, _ name: String) throws(PDFError) -> Int {
  guard value >= 0 else { throw PDFError(.invalidArgument, "\(name) is negative (\(value))") }
  return Int(value)
}

/// Copies `items` into the caller's array with the array pattern, each element `elementSize`
/// bytes after the previous one and written only up to that size (an older caller's elements
/// are shorter); `minimum` is the size of the struct's first version.
func copyStrided<T>(
  _ items: [T], _ buffer: UnsafeMutableRawPointer?, elementSize: UInt, minimum: Int, _ capacity: Int32,
  _ outCount: UnsafeMutablePointer<Int32>?
) throws(PDFError) {
  try copyStrided(items, converting: { $0 }, buffer, elementSize: elementSize, minimum: minimum, capacity, outCount)
}

/// As ``copyStrided(_:_:elementSize:minimum:_:_:)``, each item converted as it is written, so
/// no second array of converted items is made.
func copyStrided<S, T>(
  _ items: [S], converting convert: (S) -> T, _ buffer: UnsafeMutableRawPointer?, elementSize: UInt, minimum: Int,
  _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?
) throws(PDFError) {
  guard let outCount else { throw PDFError(.invalidArgument, "out_count is NULL") }
  guard elementSize >= UInt(minimum) else {
    throw PDFError(.invalidArgument, "the element size \(elementSize) is smaller than the struct's first version (\(minimum))")
  }
  let count = try cCount(items.count)
  guard let buffer else {
    outCount.pointee = count
    return
  }
  let room = try givenCount(capacity, "capacity")
  outCount.pointee = count
  guard room >= items.count else {
    throw PDFError(.bufferTooSmall, "the array holds \(capacity) items; \(items.count) are needed")
  }
  for (index, item) in items.enumerated() { storeElement(convert(item), at: index, in: buffer, stride: Int(elementSize)) }
}

/// Writes `item` as element `index` of a caller array whose elements are `stride` bytes apart,
/// only as far as `stride` reaches (an older caller's elements are shorter).
func storeElement<T>(_ item: T, at index: Int, in buffer: UnsafeMutableRawPointer, stride: Int) {
  withUnsafeBytes(of: item) { bytes in
    guard let source = bytes.baseAddress else { return }
    (buffer + index * stride).copyMemory(from: source, byteCount: min(stride, bytes.count))
  }
}

/// The core's progress handler for a C callback (nil for NULL): any value but
/// PDFTOOLS_PROGRESS_CONTINUE stops.
func progressHandler(_ callback: pdftools_progress_callback?, _ userData: UnsafeMutableRawPointer?) -> ProgressHandler? {
  guard let callback else { return nil }
  return { done, total in callback(Int64(done), Int64(total), userData) == PDFTOOLS_PROGRESS_CONTINUE }
}

/// Hands `value` to the caller in a new memory block (NUL-terminated, released with
/// pdftools_free): the block through `out`, its length without the NUL through `outSize`.
func copyAllocated(
  _ value: String, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
  _ outSize: UnsafeMutablePointer<UInt>
) throws(PDFError) {
  let bytes = Array(value.utf8)
  guard let memory = malloc(bytes.count + 1) else {
    throw PDFError(.outOfMemory, "cannot allocate \(bytes.count + 1) bytes")
  }
  memory.copyMemory(from: bytes, byteCount: bytes.count)
  memory.storeBytes(of: 0, toByteOffset: bytes.count, as: UInt8.self)
  out.pointee = memory.assumingMemoryBound(to: CChar.self)
  outSize.pointee = UInt(bytes.count)
}

/// The `count` items of a caller's array; NULL with a count of 0 is nil (meaning "all").
func givenArray<T>(_ pointer: UnsafePointer<T>?, _ count: Int32, _ name: String) throws(PDFError) -> [T]? {
  let number = try givenCount(count, "\(name) count")
  guard let pointer else {
    guard number == 0 else { throw PDFError(.invalidArgument, "\(name) is NULL but its count is \(count)") }
    return nil
  }
  return Array(UnsafeBufferPointer(start: pointer, count: number))
}

