// SPDX-License-Identifier: GPL-3.0-or-later
import CSystem

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Replacing a file so that whatever stops the process (a crash, kill -9, a full disk), the
/// file holds either its old bytes or all of the new ones, and no stray file is left behind
/// for long.
///
/// The new bytes go to a temporary file in the target's folder: unnamed (`O_TMPFILE`) where
/// the file system allows, so a killed process leaves nothing; otherwise named
/// `.pdftools-save-*` and locked while it is written. It is flushed to disk, then renamed over
/// the target, and the folder is flushed. A save removes the `.pdftools-save-*` files of
/// earlier saves that were killed (no process holds their lock).
enum AtomicFile {
  /// The prefix of temporary file names.
  static let temporaryPrefix = ".pdftools-save-"

  /// Replaces (or creates) `requested` with the concatenation of `parts`.
  static func write(
    _ requested: String, parts: [UnsafeRawBufferPointer], overwriteReadOnly: Bool = false
  ) throws(PDFError) {
    try replace(requested, overwriteReadOnly: overwriteReadOnly) { (fd, name) throws(PDFError) in
      for part in parts { try FileIO.writeAll(fd, part, name) }
    }
  }

  /// Replaces (or creates) `requested` with `base` followed by `update`. When `source` is still
  /// the file `identity` describes (it holds exactly `base`), its bytes are shared (a reflink
  /// clone) or copied by the kernel instead of written from memory.
  static func write(
    _ requested: String, base: ByteChain, source: (path: String, identity: FileIO.Identity)?,
    update: UnsafeRawBufferPointer, overwriteReadOnly: Bool = false
  ) throws(PDFError) {
    try replace(requested, overwriteReadOnly: overwriteReadOnly) { (fd, name) throws(PDFError) in
      if !(source.map { copy(from: $0, size: base.count, into: fd) } ?? false) {
        guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else {
          throw FileIO.errnoError(errno, "cannot rewind '\(name)'")
        }
        for part in base.parts { try FileIO.writeAll(fd, part.buffer, name) }
      }
      try FileIO.writeAll(fd, update, name)
    }
  }

  /// Puts `size` bytes of `source` into the empty file `fd`; false (nothing promised about
  /// `fd`) when the file changed or neither a clone nor a kernel copy works.
  private static func copy(from source: (path: String, identity: FileIO.Identity), size: Int, into fd: Int32) -> Bool {
    let input = open(source.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard input >= 0 else { return false }
    defer { close(input) }
    var info = stat()
    guard fstat(input, &info) == 0, FileIO.Identity(info) == source.identity, Int(info.st_size) == size else {
      return false
    }
    if pdft_clone(fd, input) == 0 { return lseek(fd, 0, SEEK_END) == off_t(size) }
    return pdft_copy_range(input, fd, size) == size && lseek(fd, 0, SEEK_END) == off_t(size)
  }

  /// The steps every replacement shares; `fill` writes the new content into `fd` (named
  /// `name` in messages).
  private static func replace(
    _ requested: String, overwriteReadOnly: Bool, _ fill: (Int32, String) throws(PDFError) -> Void
  ) throws(PDFError) {
    guard !requested.isEmpty else { throw PDFError(.invalidArgument, "the path is empty") }
    let path = FileIO.resolvingSymbolicLink(requested)
    let folder = FileIO.parentFolder(of: path)
    let mode = try targetMode(path, requested: requested, overwriteReadOnly: overwriteReadOnly)
    removeOrphans(in: folder)
    var temporary = try Temporary(in: folder, mode: mode)
    defer { temporary.discard() }
    try fill(temporary.fd, requested)
    if fchmod(temporary.fd, mode) != 0 { throw FileIO.errnoError(errno, "cannot set the mode of the new '\(requested)'") }
    if fsync(temporary.fd) != 0 { throw FileIO.errnoError(errno, "cannot flush the new '\(requested)' to disk") }
    let name = try temporary.name()
    if rename(name, path) != 0 { throw FileIO.errnoError(errno, "cannot replace '\(path)'") }
    temporary.committed()
    let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderFD >= 0 {
      _ = fsync(folderFD)
      close(folderFD)
    }
  }

  /// The permission bits the new file gets: an existing file's, else 0666 less the umask.
  /// Refuses folders, devices and (unless `overwriteReadOnly`) read-only files.
  private static func targetMode(_ path: String, requested: String, overwriteReadOnly: Bool) throws(PDFError) -> mode_t {
    var existing = stat()
    guard stat(path, &existing) == 0 else {
      let mask = umask(0o022)
      umask(mask)
      return 0o666 & ~mask
    }
    switch existing.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw PDFError(.notAFile, "'\(requested)' is a folder")
    default: throw PDFError(.notAFile, "'\(requested)' is not a regular file")
    }
    if !overwriteReadOnly && ((existing.st_mode & 0o222) == 0 || access(path, W_OK) != 0) {
      throw PDFError(
        .permissionDenied, "'\(requested)' is read-only; replacing it needs the overwrite_readonly save option")
    }
    return existing.st_mode & 0o7777
  }

  /// Removes the temporary files of killed saves from `folder`: named ones nobody holds locked.
  private static func removeOrphans(in folder: String) {
    guard let directory = opendir(folder) else { return }
    defer { closedir(directory) }
    let prefix = Array(temporaryPrefix.utf8)
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.prefix { $0 != 0 })
      }
      guard name.starts(with: prefix) else { continue }
      let path = folder + "/" + String(decoding: name, as: UTF8.self)
      let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
      guard fd >= 0 else { continue }
      var info = stat()
      if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, pdft_try_lock(fd) == 0 {
        unlink(path)
      }
      close(fd)
    }
  }

  /// A temporary file being written in the target's folder.
  private struct Temporary {
    /// The open file (locked while named).
    let fd: Int32
    /// Its folder.
    let folder: String
    /// Its name once it has one.
    private(set) var path: String?
    /// True once renamed over the target.
    private var done = false

    /// Creates an unnamed file where the file system allows, else a named, locked one.
    init(in folder: String, mode: mode_t) throws(PDFError) {
      self.folder = folder
      var fd = pdft_open_unnamed(folder, mode)
      if fd < 0 {
        var template = Array((folder + "/" + AtomicFile.temporaryPrefix + "XXXXXX").utf8CString)
        fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
          guard let base = buffer.baseAddress else { return -1 }
          let made = mkstemp(base)
          if made >= 0 { _ = fcntl(made, F_SETFD, FD_CLOEXEC) }
          return made
        }
        if fd < 0 { throw FileIO.errnoError(errno, "cannot create a file in '\(folder)'") }
        _ = pdft_try_lock(fd)
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
      } else {
        _ = pdft_try_lock(fd)
      }
      self.fd = fd
    }

    /// The file's name, linking an unnamed file into the folder first.
    mutating func name() throws(PDFError) -> String {
      if let path { return path }
      for _ in 0..<100 {
        let candidate = folder + "/" + AtomicFile.temporaryPrefix + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        if pdft_link_unnamed(fd, candidate) == 0 {
          path = candidate
          return candidate
        }
        if errno != EEXIST { throw FileIO.errnoError(errno, "cannot name the new file in '\(folder)'") }
      }
      throw PDFError(.io, "cannot find a free temporary name in '\(folder)'")
    }

    /// Marks the file as renamed over the target.
    mutating func committed() { done = true }

    /// Closes the file and removes it unless it replaced the target.
    mutating func discard() {
      if !done, let path { unlink(path) }
      close(fd)
    }
  }
}
