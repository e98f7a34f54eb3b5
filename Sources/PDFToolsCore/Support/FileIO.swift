// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reading whole files and telling files apart, with POSIX calls and clear errors (writing is
/// in ``AtomicFile``).
enum FileIO {
  /// The largest file the library reads into memory (PDF offsets beyond this are unusual).
  static let maximumFileSize = 1 << 40

  /// Reads the whole regular file at `path` into a new buffer.
  static func readFile(_ path: String) throws(PDFError) -> OwnedBytes {
    // O_NONBLOCK keeps a FIFO or device from blocking the open; regular files ignore it.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    if fd < 0 { throw errnoError(errno, "cannot open '\(path)'") }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) != 0 { throw errnoError(errno, "cannot inspect '\(path)'") }
    if (info.st_mode & S_IFMT) != S_IFREG {
      throw PDFError(.notAFile, "'\(path)' is not a regular file")
    }
    let size = Int(info.st_size)
    guard size >= 0, size <= maximumFileSize else {
      throw PDFError(.outOfMemory, "'\(path)' is too large (\(info.st_size) bytes)")
    }
    guard let bytes = OwnedBytes(count: size) else {
      throw PDFError(.outOfMemory, "cannot allocate \(size) bytes for '\(path)'")
    }
    var done = 0
    while done < size {
      let got = read(fd, bytes.base + done, size - done)
      if got < 0 {
        if errno == EINTR { continue }
        throw errnoError(errno, "cannot read '\(path)'")
      }
      if got == 0 { break }  // The file shrank while being read: keep what is there.
      done += got
    }
    bytes.count = done
    return bytes
  }

  /// The file a symbolic link points to, so that saving replaces the file and keeps the link;
  /// other paths (and links that do not resolve) come back unchanged.
  static func resolvingSymbolicLink(_ path: String) -> String {
    var info = stat()
    guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
      let resolved = realpath(path, nil)
    else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// What identifies a file's content without reading it: device, inode, size, modification time.
  struct Identity: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int
    let seconds: Int
    let nanoseconds: Int

    /// The identity `info` describes.
    init(_ info: stat) {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      size = Int(info.st_size)
      seconds = Int(info.st_mtim.tv_sec)
      nanoseconds = Int(info.st_mtim.tv_nsec)
    }
  }

  /// The identity of the regular file at `path` (symbolic links followed), or nil.
  static func identity(of path: String) -> Identity? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Identity(info)
  }

  /// Writes all of `data` to `fd`.
  static func writeAll(_ fd: Int32, _ data: UnsafeRawBufferPointer, _ name: String) throws(PDFError) {
    var done = 0
    while done < data.count {
      guard let base = data.baseAddress else { break }
      let wrote = write(fd, base + done, data.count - done)
      if wrote < 0 {
        if errno == EINTR { continue }
        throw errnoError(errno, "cannot write '\(name)'")
      }
      done += wrote
    }
  }

  /// The folder part of `path` ("." when there is none).
  static func parentFolder(of path: String) -> String {
    let bytes = Array(path.utf8)
    guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    if slash == 0 { return "/" }
    return String(decoding: bytes[..<slash], as: UTF8.self)
  }

  /// Maps an `errno` value to an error of the matching kind.
  static func errnoError(_ code: Int32, _ what: String) -> PDFError {
    let reason = String(cString: strerror(code))
    switch code {
    case ENOENT, ENOTDIR: return PDFError(.fileNotFound, "\(what): \(reason)")
    case EACCES, EPERM, EROFS: return PDFError(.permissionDenied, "\(what): \(reason)")
    case EISDIR: return PDFError(.notAFile, "\(what): \(reason)")
    case ENOMEM: return PDFError(.outOfMemory, "\(what): \(reason)")
    default: return PDFError(.io, "\(what): \(reason)")
    }
  }
}

/// A heap buffer of bytes with a stable address, freed when the owner goes away.
///
/// qpdf reads documents from memory without copying, so the bytes must stay put for the
/// lifetime of the document.
final class OwnedBytes: @unchecked Sendable {
  /// The first byte.
  let base: UnsafeMutableRawPointer
  /// The number of valid bytes (at most the allocated size).
  var count: Int

  /// Allocates `count` bytes; nil when memory runs out.
  init?(count: Int) {
    guard count >= 0, let memory = malloc(max(count, 1)) else { return nil }
    base = memory
    self.count = count
  }

  /// Copies `source` into a new buffer; nil when memory runs out.
  convenience init?(copying source: UnsafeRawBufferPointer) {
    self.init(count: source.count)
    if let from = source.baseAddress, source.count > 0 {
      base.copyMemory(from: from, byteCount: source.count)
    }
  }

  deinit { free(base) }

  /// The valid bytes as a buffer pointer.
  var buffer: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}
