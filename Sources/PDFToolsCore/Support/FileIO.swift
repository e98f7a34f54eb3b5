#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Reading whole files and replacing files atomically, with POSIX calls and clear errors.
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

  /// Replaces (or creates) the file at `path` with `data`, atomically.
  ///
  /// The bytes go to a temporary file in the same folder, which is flushed to disk and renamed
  /// over `path`; the folder is flushed too. Any failure removes the temporary file and leaves an
  /// existing file at `path` untouched. An existing file's permission bits are kept; a new file
  /// gets 0666 less the umask.
  static func writeAtomically(_ requested: String, _ data: UnsafeRawBufferPointer) throws(PDFError) {
    try writeAtomically(requested, parts: [data])
  }

  /// As ``writeAtomically(_:_:)``, writing several buffers one after the other.
  static func writeAtomically(_ requested: String, parts: [UnsafeRawBufferPointer]) throws(PDFError) {
    guard !requested.isEmpty else { throw PDFError(.invalidArgument, "the path is empty") }
    let path = resolvingSymbolicLink(requested)
    let folder = parentFolder(of: path)
    var existing = stat()
    var mode: mode_t
    if stat(path, &existing) == 0 {
      switch existing.st_mode & S_IFMT {
      case S_IFREG: break
      case S_IFDIR: throw PDFError(.notAFile, "'\(requested)' is a folder")
      default: throw PDFError(.notAFile, "'\(requested)' is not a regular file")
      }
      mode = existing.st_mode & 0o7777
    } else {
      let mask = umask(0o022)
      umask(mask)
      mode = 0o666 & ~mask
    }
    var template = Array((folder + "/.pdftools-save-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      let made = mkstemp(base)
      if made >= 0 { _ = fcntl(made, F_SETFD, FD_CLOEXEC) }
      return made
    }
    if fd < 0 { throw errnoError(errno, "cannot create a file in '\(folder)'") }
    let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var committed = false
    defer {
      if !committed { unlink(temporary) }
    }
    do {
      defer { close(fd) }
      for data in parts { try writeAll(fd, data, temporary) }
      if fchmod(fd, mode) != 0 { throw errnoError(errno, "cannot set the mode of '\(temporary)'") }
      if fsync(fd) != 0 { throw errnoError(errno, "cannot flush '\(temporary)' to disk") }
    }
    if rename(temporary, path) != 0 { throw errnoError(errno, "cannot replace '\(path)'") }
    committed = true
    let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderFD >= 0 {
      _ = fsync(folderFD)
      close(folderFD)
    }
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

  /// Writes all of `data` to `fd`.
  private static func writeAll(_ fd: Int32, _ data: UnsafeRawBufferPointer, _ name: String) throws(PDFError) {
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

  /// What identifies a file's content without reading it: device, inode, size, modification time.
  struct Identity: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int
    let seconds: Int
    let nanoseconds: Int
  }

  /// The identity of the regular file at `path` (symbolic links followed), or nil.
  static func identity(of path: String) -> Identity? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Identity(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
      seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
  }

  /// Appends `data` to the file at `path`, which must still be the file `expected` describes;
  /// flushes it to disk. Any failure cuts the file back to its old length. Returns the file's
  /// new identity, or nil (nothing written) when the file is not the expected one.
  static func append(_ path: String, _ data: UnsafeRawBufferPointer, expected: Identity) throws(PDFError)
    -> Identity?
  {
    let fd = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
    if fd < 0 { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
      UInt64(info.st_dev) == expected.device, UInt64(info.st_ino) == expected.inode,
      Int(info.st_size) == expected.size, Int(info.st_mtim.tv_sec) == expected.seconds,
      Int(info.st_mtim.tv_nsec) == expected.nanoseconds
    else { return nil }
    guard lseek(fd, off_t(expected.size), SEEK_SET) == off_t(expected.size) else { return nil }
    do throws(PDFError) {
      try writeAll(fd, data, path)
      if fsync(fd) != 0 { throw errnoError(errno, "cannot flush '\(path)' to disk") }
    } catch {
      _ = ftruncate(fd, off_t(expected.size))
      throw error
    }
    return identity(of: path)
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
