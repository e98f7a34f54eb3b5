// SPDX-License-Identifier: GPL-3.0-or-later
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
  /// Where the model's objects come from.
  let origin: Origin
  /// True when the password that opened the document is its owner password.
  let openedAsOwner: Bool
  /// The password bytes that opened the document (empty for none), for the poppler view.
  let password: [UInt8]

  /// Page geometry, filled lazily; its count is the page count.
  var geometryCache: [PageGeometry?] = []
  /// What page-tree nodes pass down to their pages, by node; filled lazily.
  var inheritedCache: [ObjectIdentity: InheritedAttributes] = [:]
  /// What poppler renders from, kept across changes; nil until needed.
  var popplerChain: ViewChain? = nil
  /// True when pages whose annotations alone changed are rendered from the kept view with
  /// their annotations drawn on top (see ``AnnotationLayer``); false renders every change
  /// from a view brought up to date (tests compare the two).
  var drawsAnnotationLayers = true
  /// True when flattening reads unchanged annotations and appearances from the file's bytes
  /// (see ``flattenFactsFromBytes(_:)``); false asks qpdf for all of them (tests compare the
  /// two).
  var flattensFromBytes = true
  /// What poppler reads text from.
  var textSource = TextViewSource.none
  /// Annotations left out of rendering that were logged (page:position:reason).
  var loggedExclusions = Set<String>()
  /// What was read of pages' text, within a memory budget; kept across changes that leave
  /// page content alone.
  var pageTexts = PageTextCache()
  /// The last whole search and its matches (a caller's two calls for one search do it once);
  /// dropped with the text.
  var lastSearch: (key: SearchKey, matches: [SearchMatch])? = nil
  /// The pages, found through the page tree as they are needed.
  var pageTree: PageTree
  /// Counts the changes of the page tree (see ``pageStructureGeneration``).
  var structureGeneration = 0
  /// True when qpdf's own list of pages may be out of date (the page tree was restored by
  /// undo or redo); qpdf's page functions and writer need it refreshed first.
  var qpdfPagesStale = false
  /// Annotations whose appearance stream must be rebuilt before anyone looks at them, with how
  /// the rebuilt drawing sets their /Rect.
  var pendingAppearances: [ObjectIdentity: RectFit] = [:]
  /// Appearance streams this document made, with the annotation each was made for: rebuilding
  /// that annotation's appearance rewrites its stream instead of leaving it unreferenced.
  var ownAppearanceStreams: [ObjectIdentity: ObjectIdentity] = [:]
  /// Annotation ids and where they live.
  var annotationIndex = AnnotationIndex()
  /// Outline item ids.
  var outlineIDs = OutlineIDs()
  /// Page ids.
  var pageIDs = ObjectIDs()
  /// Form field ids.
  var fieldIDs = ObjectIDs()
  /// What each page lists, by page object; dropped when the page or its /Annots changes.
  var annotationListings: [ObjectIdentity: PageListing] = [:]
  /// The page each indirect /Annots array belongs to.
  var annotsHolders: [ObjectIdentity: ObjectIdentity] = [:]
  /// The /PageLabels ranges, read lazily.
  var labelRanges: [PageLabelRange]? = nil
  /// The objects changed or created since ``incrementalBase``, for incremental saves and for
  /// the poppler view.
  var changedObjects = Set<ObjectIdentity>()
  /// The objects made since ``incrementalBase`` (a subset of ``changedObjects``): when an undo
  /// takes one back, there is nothing to append for it.
  var createdObjects = Set<ObjectIdentity>()
  /// Emptied objects that nothing refers to any more, to be made again (dictionaries and
  /// arrays, and streams): creating and undoing then does not grow the document.
  var reusable = ReusableObjects()
  /// The states objects had before the running call changed them, to take the call back when
  /// it fails part-way; nil outside calls that may write.
  var callSavepoint: CallSavepoint? = nil
  /// The bytes an incremental save appends to: the opened file, then each incremental save's
  /// output. Nil for new documents.
  var incrementalBase: ByteChain?
  /// The objects of the bytes views start from (see ``viewBase()``), once asked for.
  var baseObjects: BaseObjects? = nil
  /// The file that holds exactly ``incrementalBase`` (the file opened, or the last incremental
  /// save): an incremental save over it appends in place instead of rewriting it.
  var baseFile: (path: String, identity: FileIO.Identity)? = nil
  /// The number of the cross-reference stream of updates to ``incrementalBase``, once taken.
  var updateStreamNumber: Int32? = nil
  /// The security handler appended objects are encrypted with, once read.
  var security: SecurityState = .unread
  /// The /Size the next incremental update must at least declare.
  var baseSize = 0
  /// The /Size after the last update built (taken over by ``baseSize`` when it is written).
  var pendingSize = 0
  /// The undo history.
  var journal = Journal()
  /// Told (outside the lock) when the undo state changes.
  var onUndoChange: (@Sendable () -> Void)? = nil
  /// Library parts told about undo state changes as well (tool managers), by owner.
  var undoListeners: [ObjectIdentifier: @Sendable () -> Void] = [:]

  init(
    qpdf: QPDF, pages: PageTree, wasRepaired: Bool, origin: Origin, openedAsOwner: Bool,
    password: [UInt8]
  ) {
    self.qpdf = qpdf
    self.wasRepaired = wasRepaired
    self.origin = origin
    self.openedAsOwner = openedAsOwner
    self.password = password
    self.pageTree = pages
    self.geometryCache = Array(repeating: nil, count: pages.count)
    self.incrementalBase = origin == .new ? nil : qpdf.source.map { ByteChain($0) }
  }

  /// Every object changed or created since ``incrementalBase``, by number. Call under the lock.
  func objectsToAppend() -> [ObjectIdentity] {
    changedObjects.sorted { $0.number < $1.number }
  }

  /// True when changes can be appended to ``incrementalBase``: the document has one, is not
  /// encrypted (the appended objects would have to be encrypted too), and was not repaired
  /// (the file's own cross-reference data does not match the objects as read).
  var canWriteIncrementally: Bool {
    incrementalObstacle == nil
  }

  /// True when objects appended to the bytes the model was read from can be encrypted as the
  /// document is (always for unencrypted documents): views are made that way.
  var canEncryptUpdates: Bool {
    do {
      _ = try securityHandler()
      return true
    } catch {
      return false
    }
  }

  /// Why incremental writing is impossible, for error messages; nil when it is possible.
  var incrementalObstacle: String? {
    if incrementalBase == nil { return "a new document has no original to append to" }
    if wasRepaired { return "the file was damaged and repaired when opened" }
    if case .rewritten(let reason) = origin {
      return "the file was rewritten when opened (\(reason)), so its objects are numbered differently"
    }
    do {
      _ = try securityHandler()
    } catch {
      return error.message
    }
    return nil
  }

  /// The one way to change the document model; call under the lock.
  var writer: ObjectWriter { ObjectWriter(qpdf: qpdf, recorder: self) }

  /// Runs `body` under the document lock and releases the qpdf handles it made.
  ///
  /// Appearance streams waiting to be built are built first (see ``markAppearance(_:)``),
  /// unless `flushingAppearances` is false: only calls that change annotations and nothing
  /// else may skip it.
  func locked<T>(flushingAppearances: Bool = true, _ body: () throws(PDFError) -> T) throws(PDFError) -> T {
    try refuseCallsFromProgressHandler()
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
      // A call that fails part-way takes back what it changed.
      callSavepoint = CallSavepoint(stepWasOpen: journal.open != nil)
      defer { callSavepoint = nil }
      do throws(PDFError) {
        return try body()
      } catch {
        rollBackCall()
        throw error
      }
    }
    // The host hears of undo changes after the call, with no lock held.
    // Inside a tool manager call they wait until it released its lock.
    for (owner, listener) in listeners { NotificationDeferral.deliver(.init(owner: owner, call: listener)) }
    if let notify { NotificationDeferral.deliver(.init(owner: nil, call: notify)) }
    return result
  }

  /// The number of pages.
  public var pageCount: Int { lock.withLock { pageTree.count } }

  /// True when the document changed since it was opened or last saved to a path.
  public var isModified: Bool {
    lock.withLock { journal.state != journal.savedState || journal.open != nil }
  }

  /// True when the file is encrypted.
  public var isEncrypted: Bool { lock.withLock { qpdf_is_encrypted(qpdf.data) != QPDF_FALSE } }

  /// The PDF version in effect: the larger of the header's and the catalog's /Version.
  public var pdfVersion: PDFVersion {
    (try? locked { () throws(PDFError) -> PDFVersion in
      let header = origin == .new
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
    guard index >= 0, index < pageTree.count else {
      throw PDFError(
        .outOfRange, "page index \(index) is out of range (the document has \(pageTree.count) pages)")
    }
  }

  /// Records that page content (not annotations) changed: text read and the text view no
  /// longer hold, and the journal's step undoes such a change too. Call under the lock.
  func noteContentChange() {
    textSource = .none
    pageTexts.removeAll()
    lastSearch = nil
    journal.open?.touchesContent = true
  }
}

/// What is known of a document's security handler.
enum SecurityState {
  /// Not read yet.
  case unread
  /// Read: the handler, or nil for an unencrypted document.
  case read(ObjectEncryption?)
  /// Read, and unusable for appending (why).
  case unusable(PDFError)
}

extension Document {
  /// The handler appended objects are encrypted with (nil: not encrypted), read on first use;
  /// throws when it cannot be used. Call under the lock.
  func securityHandler() throws(PDFError) -> ObjectEncryption? {
    switch security {
    case .read(let handler): return handler
    case .unusable(let error): throw error
    case .unread:
      do {
        let handler = try ObjectEncryption.read(qpdf, password: password)
        security = .read(handler)
        return handler
      } catch {
        security = .unusable(error)
        throw error
      }
    }
  }
}

/// Emptied objects waiting to be made again, each at most once.
struct ReusableObjects {
  /// Dictionaries and arrays, then streams, most recently offered last.
  private var values: [ObjectIdentity] = []
  private var streams: [ObjectIdentity] = []
  /// Everything offered and not yet taken.
  private var waiting = Set<ObjectIdentity>()

  /// Offers `identity` (a stream or not) unless it waits already.
  mutating func offer(_ identity: ObjectIdentity, stream: Bool) {
    guard waiting.insert(identity).inserted else { return }
    if stream { streams.append(identity) } else { values.append(identity) }
  }

  /// Takes an object of the kind asked for; nil when none waits.
  mutating func take(stream: Bool) -> ObjectIdentity? {
    guard let identity = stream ? streams.popLast() : values.popLast() else { return nil }
    waiting.remove(identity)
    return identity
  }
}

/// Where a document's model comes from.
enum Origin: Equatable {
  /// Read from the bytes given: incremental saves append to them.
  case opened
  /// Read from a rewrite of the bytes given, made while opening because of `reason`: object
  /// numbers differ from the file's, so nothing can be appended to the file.
  case rewritten(reason: String)
  /// Made by ``Document/makeNew()``.
  case new
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

extension Document: ChangeRecording {
  /// Records that `identity` is about to change (altering what `reach` says in what pages
  /// show): for the undo journal, incremental saves and the poppler view. Call under the lock.
  func objectWillChange(_ identity: ObjectIdentity, reach: ChangeReach) {
    objectWillChange(identity, reach: reach, known: nil)
  }

  /// As ``objectWillChange(_:reach:)``, with the object's state before the change known.
  func objectWillChange(_ identity: ObjectIdentity, reach: ChangeReach, before: ObjectSnapshot) {
    objectWillChange(identity, reach: reach, known: before)
  }

  /// What both record; `known` is the state before the change when the caller knows it.
  private func objectWillChange(_ identity: ObjectIdentity, reach: ChangeReach, known: ObjectSnapshot?) {
    if identity != ObjectSnapshot.trailer {
      changedObjects.insert(identity)
      viewsWillShow(identity, reach: reach)
      listingWillChange(identity)
    }
    journalWillChange(identity, reach: reach, before: known)
  }

  /// True when a page's listing gave `identity` an annotation id. Call under the lock.
  func isListedAnnotation(_ identity: ObjectIdentity) -> Bool { annotationIndex.ids[identity] != nil }

  /// Records that `identity` was made. Call under the lock.
  func objectWasCreated(_ identity: ObjectIdentity) {
    changedObjects.insert(identity)
    createdObjects.insert(identity)
    // No page's content refers to an object made after it was shown.
    viewsWillShow(identity, reach: .annotations)
    journalWasCreated(identity)
  }

  /// An emptied object to make again, recorded as made (or, when an incremental save wrote
  /// it, as changed); its old annotation id is forgotten, so a stale id never names the new
  /// object. Call under the lock.
  func reusableObject(stream: Bool) -> ObjectIdentity? {
    while let identity = reusable.take(stream: stream) {
      guard qpdf.isEmptied(identity, stream: stream) else { continue }
      if createdObjects.contains(identity) {
        objectWasCreated(identity)
      } else {
        // No state of the document refers to an emptied object, so no page's content does.
        objectWillChange(identity, reach: .annotations)
      }
      annotationIndex.forget(identity)
      outlineIDs.forget(identity)
      pageIDs.forget(identity)
      fieldIDs.forget(identity)
      ownAppearanceStreams[identity] = nil
      return identity
    }
    return nil
  }

  /// Offers the objects that `states` record as not existing (and that are emptied now) for
  /// reuse: the caller guarantees no kept state refers to them. Call under the lock.
  func offerForReuse(_ states: [ObjectIdentity: ObjectSnapshot]) {
    for (identity, state) in states where state == .absent && identity != ObjectSnapshot.trailer {
      if qpdf.isEmptied(identity, stream: true) {
        reusable.offer(identity, stream: true)
      } else if qpdf.isEmptied(identity, stream: false) {
        reusable.offer(identity, stream: false)
      }
    }
  }
}
