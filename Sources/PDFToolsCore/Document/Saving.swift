// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// How to write a document.
public struct SaveOptions: Sendable, Equatable {
  /// Full rewrite or appended changes.
  public enum Mode: Int32, Sendable {
    /// Write a complete new file.
    case full = 0
    /// Append the changed and new objects to the original bytes, which stay a byte-exact
    /// prefix (signatures stay valid).
    case incremental = 1
    /// Incremental for documents with signature fields (when possible and no option asks for
    /// a rewrite), full otherwise.
    case automatic = 2
  }

  /// What to do with object streams.
  public enum ObjectStreams: Int32, Sendable {
    /// Keep them where the original had them.
    case preserve = 0
    /// Write none.
    case disable = 1
    /// Pack objects into object streams.
    case generate = 2
  }

  /// Full, incremental or automatic.
  public var mode: Mode = .automatic
  /// Compress uncompressed streams; when false, streams are written exactly as they are.
  public var compressStreams = true
  /// Object stream handling.
  public var objectStreams: ObjectStreams = .preserve
  /// Write a linearized file.
  public var linearize = false
  /// Write an unencrypted file even when the document is encrypted.
  public var removeEncryption = false
  /// Replace a read-only file (one nobody may write, or the caller may not) when saving to a
  /// path; otherwise such a save is refused.
  public var overwriteReadOnly = false

  /// True when an option asks for a rewrite that an incremental save cannot do.
  var needsRewrite: Bool { linearize || objectStreams != .preserve || removeEncryption || !compressStreams }

  /// The default options: automatic mode, compressed, object streams kept, encryption kept.
  public init() {}
}

extension Document {
  /// Writes the document with `options` and passes the bytes to `body` while they are valid.
  /// `progress` hears how far the writing has come and may stop it (`.cancelled`).
  public func withSavedBytes<T>(
    _ options: SaveOptions, progress: ProgressHandler? = nil, _ body: (UnsafeRawBufferPointer) throws(PDFError) -> T
  ) throws(PDFError) -> T {
    let reporter = progressReporter(progress)
    return try locked { () throws(PDFError) -> T in
      if try resolvedMode(options) == .incremental {
        let bytes = try incrementalBytes(reporter)
        return try bytes.withUnsafeBytes { buffer in Result { () throws(PDFError) -> T in try body(buffer) } }
          .get()
      }
      return try body(try writeLocked(options, reporter))
    }
  }

  /// Saves the document to `path` atomically (temporary file, flush, rename). `progress` hears
  /// how far the writing has come and may stop it (`.cancelled`; the file is untouched).
  public func save(
    to path: String, options: SaveOptions = SaveOptions(), progress: ProgressHandler? = nil
  ) throws(PDFError) {
    guard !path.isEmpty else { throw PDFError(.invalidArgument, "the path is empty") }
    let reporter = progressReporter(progress)
    try locked { () throws(PDFError) in
      // The saved state must be a step the journal can return to.
      guard journal.groupDepth == 0 else {
        throw PDFError(.notPermitted, "cannot save to a file while a group of changes is open")
      }
      if try resolvedMode(options) == .incremental {
        try saveIncrementally(to: path, overwriteReadOnly: options.overwriteReadOnly, reporter)
      } else {
        let bytes = try writeLocked(options, reporter)
        try AtomicFile.write(path, parts: [bytes], overwriteReadOnly: options.overwriteReadOnly)
        if baseFile?.path == path { baseFile = nil }
      }
      journal.savedState = journal.state
      journal.changed = true
    }
  }

  /// The mode a save with `options` uses; call under the lock.
  private func resolvedMode(_ options: SaveOptions) throws(PDFError) -> SaveOptions.Mode {
    switch options.mode {
    case .full:
      return .full
    case .incremental:
      if let obstacle = incrementalObstacle {
        throw PDFError(.unsupported, "cannot save incrementally: \(obstacle)")
      }
      if options.needsRewrite {
        throw PDFError(
          .invalidArgument,
          "incremental saves keep the file as it is: linearize, object stream, compression and encryption options need a full save")
      }
      return .incremental
    case .automatic:
      guard hasSignatureFieldsLocked() else { return .full }
      // A full save breaks every signature: only a caller asking for one gets it.
      if let obstacle = incrementalObstacle {
        throw PDFError(
          .notPermitted,
          "the document has signature fields and cannot be saved incrementally (\(obstacle)); a full save would invalidate its signatures: ask for one with the full save mode")
      }
      if options.needsRewrite {
        throw PDFError(
          .notPermitted,
          "the document has signature fields: linearize, object stream, compression and encryption options rewrite the file and invalidate its signatures: ask for that with the full save mode")
      }
      return .incremental
    }
  }

  /// The base bytes followed by an update holding every changed object; call under the lock.
  func incrementalBytes(_ reporter: ProgressReporter? = nil) throws(PDFError) -> [UInt8] {
    guard let base = incrementalBase else {
      throw PDFError(.unsupported, "cannot save incrementally: a new document has no original to append to")
    }
    return base.joined() + (try incrementalUpdate(base, reporter))
  }

  /// The update holding every object changed since `base` (empty when nothing changed); call
  /// under the lock.
  private func incrementalUpdate(_ base: ByteChain, _ reporter: ProgressReporter?) throws(PDFError) -> [UInt8] {
    let objects = objectsToAppend()
    guard !objects.isEmpty else {
      try reporter?.report(1, of: 1)
      return []
    }
    let update = try appendedUpdate(base, objects: objects, reporter)
    pendingSize = update.nextSize
    return update.bytes
  }

  /// The update that appends `objects` to `base`, past every object number the base uses; call
  /// under the lock.
  func appendedUpdate(_ base: ByteChain, objects: [ObjectIdentity], _ reporter: ProgressReporter? = nil) throws(PDFError)
    -> (bytes: [UInt8], nextSize: Int)
  {
    var writer = IncrementalWriter(qpdf: qpdf, base: base)
    writer.reporter = reporter
    writer.minimumSize = baseSize
    writer.encryption = try securityHandler()
    writer.streamNumber = { () throws(PDFError) -> Int32 in
      // One number per base: every update built on it (saved or shown) is the same.
      if let reserved = self.updateStreamNumber { return reserved }
      let reserved = try self.qpdf.reserveObjectNumber()
      self.updateStreamNumber = reserved
      return reserved
    }
    let update = try writer.update(objects: objects)
    return (update.bytes, update.nextSize)
  }

  /// Saves incrementally to `path`: the base bytes (shared with or copied from the file that
  /// holds them, where that is still the file read or last saved) followed by the update,
  /// replacing `path` atomically. Then the written bytes become the base. Call under the lock.
  private func saveIncrementally(to path: String, overwriteReadOnly: Bool, _ reporter: ProgressReporter) throws(PDFError) {
    guard let base = incrementalBase else {
      throw PDFError(.unsupported, "cannot save incrementally: a new document has no original to append to")
    }
    let update = try incrementalUpdate(base, reporter)
    try update.withUnsafeBytes { buffer in
      Result { () throws(PDFError) in
        try AtomicFile.write(
          path, base: base, source: baseFile, update: buffer, overwriteReadOnly: overwriteReadOnly)
      }
    }.get()
    defer { baseFile = FileIO.identity(of: path).map { (path, $0) } }
    guard !update.isEmpty else { return }
    // The file now holds everything: later incremental saves append to it (the chain shares
    // the earlier bytes).
    guard let appended = update.withUnsafeBytes({ OwnedBytes(copying: $0) }) else { return }
    incrementalBase = base.appending(appended)
    changedObjects.removeAll()
    createdObjects.removeAll()
    updateStreamNumber = nil
    baseSize = max(baseSize, pendingSize)
  }

  /// Runs qpdf's writer into memory; the bytes stay valid until the next qpdf call. Call under
  /// the lock.
  func writeLocked(_ options: SaveOptions, _ reporter: ProgressReporter? = nil) throws(PDFError) -> UnsafeRawBufferPointer {
    refreshQPDFPages()
    return try qpdf.write(options, minimumVersion: origin == .new ? "1.7" : nil, reporter: reporter)
  }
}
