import CQPDF

/// An open PDF document: the qpdf object model behind one lock.
///
/// Every public member is safe to call from any thread; calls on one document are serialized.
/// Object handles made during a call are released before the call returns.
public final class Document: @unchecked Sendable {
  /// Serializes every use of ``qpdf`` and of the caches below.
  let lock = Lock()
  /// The document model.
  let qpdf: QPDF
  /// True when qpdf had to repair the file while opening it.
  public let wasRepaired: Bool
  /// True for documents made by ``makeNew()`` rather than read from bytes.
  let isNew: Bool
  /// True when the password that opened the document is its owner password.
  let openedAsOwner: Bool
  /// The password bytes that opened the document (empty for none), for the poppler view.
  let password: [UInt8]

  /// Page geometry, filled lazily; its count is the page count.
  var geometryCache: [PageGeometry?] = []
  /// What page-tree nodes pass down to their pages, by node; filled lazily.
  var inheritedCache: [ObjectIdentity: InheritedAttributes] = [:]
  /// The poppler view of the current bytes; nil until needed and after changes.
  var popplerView: PopplerView? = nil
  /// The poppler view text is read from (pages turned upright); nil until needed and after
  /// changes.
  var textView: PopplerView? = nil
  /// Text pages by page index, built lazily; kept across changes that leave pages alone.
  var textCache: [Int: TextPage] = [:]
  /// Font names and sizes of text pages, read when asked for.
  var fontCache: [Int: TextFonts] = [:]
  /// Pages' text folded for searching with ``foldedFlags``.
  var foldedCache: [Int: FoldedText] = [:]
  /// The search flags ``foldedCache`` was made for.
  var foldedFlags: SearchOptions.Flags = []
  /// Page indices by page object, built when first needed; dropped when pages change.
  var pageIndexCache: [ObjectIdentity: Int]? = nil
  /// Annotations whose appearance stream must be rebuilt before anyone looks at them.
  var pendingAppearances = Set<ObjectIdentity>()
  /// Appearance streams this document made, with the annotation each was made for: rebuilding
  /// that annotation's appearance rewrites its stream instead of leaving it unreferenced.
  var ownAppearanceStreams: [ObjectIdentity: ObjectIdentity] = [:]
  /// Annotation ids and where they live.
  var annotationIndex = AnnotationIndex()
  /// The /PageLabels ranges, read lazily.
  var labelRanges: [PageLabelRange]? = nil
  /// The objects changed or created since ``incrementalBase``, for incremental saves and for
  /// the poppler view.
  var changedObjects = Set<ObjectIdentity>()
  /// The bytes an incremental save appends to: the opened file, then each incremental save's
  /// output. Nil for new documents.
  var incrementalBase: OwnedBytes?
  /// Object numbers from here on did not exist in ``incrementalBase``: they are new.
  var baseObjectLimit: Int32 = 0
  /// The file that holds exactly ``incrementalBase`` (the file opened, or the last incremental
  /// save): an incremental save over it appends in place instead of rewriting it.
  var baseFile: (path: String, identity: FileIO.Identity)? = nil
  /// The /Size the next incremental update must at least declare.
  var baseSize = 0
  /// The /Size after the last update built (taken over by ``baseSize`` when it is written).
  var pendingSize = 0
  /// Counts changes (0 means the document is as opened).
  var changeCount = 0
  /// The undo history.
  var journal = Journal()
  /// Told (outside the lock) when the undo state changes.
  var onUndoChange: (@Sendable () -> Void)? = nil
  /// Library parts told about undo state changes as well (tool managers), by owner.
  var undoListeners: [ObjectIdentifier: @Sendable () -> Void] = [:]

  init(
    qpdf: QPDF, pageCount: Int, wasRepaired: Bool, isNew: Bool, openedAsOwner: Bool,
    password: [UInt8]
  ) {
    self.qpdf = qpdf
    self.wasRepaired = wasRepaired
    self.isNew = isNew
    self.openedAsOwner = openedAsOwner
    self.password = password
    self.geometryCache = Array(repeating: nil, count: pageCount)
    self.incrementalBase = isNew ? nil : qpdf.source
    self.baseObjectLimit = Int32(clamping: qpdf.entry(qpdf.trailer, "/Size").flatMap { qpdf.integer($0) } ?? 0)
  }

  /// Every object changed or created since ``incrementalBase``: the ones recorded, plus the
  /// ones qpdf made by itself (it makes objects when it rewrites the page tree). Call under
  /// the lock.
  func objectsToAppend() -> [ObjectIdentity] {
    var objects = changedObjects
    let next = qpdf.nextObjectNumber() - 1  // the throwaway object itself is not included
    var number = max(baseObjectLimit, 1)
    while number < next {
      let object = qpdf_get_object_by_id(qpdf.data, number, 0)
      if qpdf_oh_is_null(qpdf.data, object) == QPDF_FALSE {
        objects.insert(ObjectIdentity(number: number, generation: 0))
      }
      number += 1
    }
    return objects.sorted { $0.number < $1.number }
  }

  /// True when changes can be appended to ``incrementalBase``: the document has one, is not
  /// encrypted (the appended objects would have to be encrypted too), and was not repaired
  /// (the file's own cross-reference data does not match the objects as read).
  var canWriteIncrementally: Bool {
    incrementalBase != nil && !wasRepaired && qpdf_is_encrypted(qpdf.data) == QPDF_FALSE
  }

  /// Why incremental writing is impossible, for error messages; nil when it is possible.
  var incrementalObstacle: String? {
    if incrementalBase == nil { return "a new document has no original to append to" }
    if wasRepaired { return "the file was damaged and repaired when opened" }
    if qpdf_is_encrypted(qpdf.data) != QPDF_FALSE {
      return "appending to an encrypted document is not supported (a full save keeps the encryption)"
    }
    return nil
  }

  /// Notes that `object` is about to change or was just created; call under the lock. The
  /// journal keeps its state from before the change.
  func recordChange(_ object: qpdf_oh) {
    guard let identity = qpdf.identity(object) else { return }
    changedObjects.insert(identity)
    journalWillChange(identity)
  }

  /// Notes that the trailer (its /Info entry) is about to change; call under the lock.
  func recordTrailerChange() {
    journalWillChange(ObjectSnapshot.trailer)
  }

  /// Runs `body` under the document lock and releases the qpdf handles it made.
  ///
  /// Appearance streams waiting to be built are built first (see ``markAppearance(_:)``),
  /// unless `flushingAppearances` is false: only calls that change annotations and nothing
  /// else may skip it.
  func locked<T>(flushingAppearances: Bool = true, _ body: () throws(PDFError) -> T) throws(PDFError) -> T {
    var notify: (@Sendable () -> Void)? = nil
    var listeners: [(ObjectIdentifier, @Sendable () -> Void)] = []
    let result = try lock.withLock { () throws(PDFError) -> T in
      defer {
        qpdf.logWarnings()
        qpdf.releaseHandles()
        if journal.changed {
          journal.changed = false
          notify = onUndoChange
          listeners = undoListeners.map { ($0.key, $0.value) }
        }
      }
      if flushingAppearances && !pendingAppearances.isEmpty { flushAppearances() }
      return try body()
    }
    // The host hears of undo changes after the call, with no lock held.
    // Inside a tool manager call they wait until it released its lock.
    for (owner, listener) in listeners { NotificationDeferral.deliver(.init(owner: owner, call: listener)) }
    if let notify { NotificationDeferral.deliver(.init(owner: nil, call: notify)) }
    return result
  }

  /// The number of pages.
  public var pageCount: Int { lock.withLock { geometryCache.count } }

  /// True when the document changed since it was opened or last saved to a path.
  public var isModified: Bool {
    lock.withLock { journal.state != journal.savedState || journal.open != nil }
  }

  /// True when the file is encrypted.
  public var isEncrypted: Bool { lock.withLock { qpdf_is_encrypted(qpdf.data) != QPDF_FALSE } }

  /// The PDF version in effect: the larger of the header's and the catalog's /Version.
  public var pdfVersion: PDFVersion {
    (try? locked { () throws(PDFError) -> PDFVersion in
      let header = isNew
        ? PDFVersion(major: 1, minor: 7)
        : PDFVersion(parsing: qpdf_get_pdf_version(qpdf.data).map { String(cString: $0) } ?? "")
      var version = header ?? PDFVersion(major: 1, minor: 0)
      if let catalogName = qpdf.value(qpdf.root, "Version").flatMap({ qpdf.name($0) }),
        let catalog = PDFVersion(parsing: catalogName), catalog > version
      {
        version = catalog
      }
      version.extensionLevel = Int(qpdf_get_pdf_extension_level(qpdf.data))
      return version
    }) ?? PDFVersion(major: 1, minor: 0)
  }

  /// Checks that `index` names a page; call under the lock.
  func checkPageIndex(_ index: Int) throws(PDFError) {
    guard index >= 0, index < geometryCache.count else {
      throw PDFError(
        .outOfRange, "page index \(index) is out of range (the document has \(geometryCache.count) pages)")
    }
  }

  /// Records one change to the document; call under the lock. The poppler view no longer shows
  /// the current bytes and is dropped; text pages stay (pages themselves did not change).
  func noteChange() {
    changeCount &+= 1
    popplerView = nil
    textView = nil
  }
}

/// A PDF version such as 1.7 or 2.0, with the Adobe extension level.
public struct PDFVersion: Sendable, Equatable, Comparable {
  /// Major version.
  public var major: Int
  /// Minor version.
  public var minor: Int
  /// Adobe extension level (0 when none).
  public var extensionLevel: Int = 0

  /// Creates a version.
  public init(major: Int, minor: Int, extensionLevel: Int = 0) {
    self.major = major
    self.minor = minor
    self.extensionLevel = extensionLevel
  }

  /// Parses "M.m" (as in a header or a catalog /Version name); nil when malformed.
  init?(parsing text: String) {
    let parts = text.split(separator: ".", maxSplits: 1)
    guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1].prefix(2)),
      (1...9).contains(major), minor >= 0
    else { return nil }
    self.major = major
    self.minor = minor
  }

  /// Orders by major, then minor version.
  public static func < (lhs: PDFVersion, rhs: PDFVersion) -> Bool {
    (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
  }
}
