// SPDX-License-Identifier: GPL-3.0-or-later
/// The bytes one poppler view reads, kept across changes: a base (the document's bytes as
/// read or last saved), then update sections holding the objects changed since, each appended
/// when the view is next needed. A change costs poppler what it changed: the new section and
/// a new parse of the cross-reference sections, never a copy of the document.
final class ViewChain {
  /// The base and the sections appended to it.
  private(set) var bytes: ByteChain
  /// How many sections were appended.
  private(set) var sections = 0
  /// The /Size the next section must declare at least.
  var size = 0
  /// The objects the sections hold (their state differs from the base's).
  private(set) var written = Set<ObjectIdentity>()
  /// Objects changed since the last section.
  var dirty = Set<ObjectIdentity>()
  /// Annotations left out of a page (they would make poppler hang).
  struct Exclusion {
    /// The page object.
    let page: ObjectIdentity
    /// The positions in its /Annots array left out.
    let positions: [Int]
  }

  /// Annotations left out of the view, by the object that holds the page's /Annots array.
  var exclusions: [ObjectIdentity: Exclusion] = [:]
  /// Pages qpdf could not read (it holds them as null), shown blank: poppler, which may read
  /// them, must not draw what the document does not have.
  var unreadablePages = Set<ObjectIdentity>()
  /// The poppler document over ``bytes``; nil until made after the last change. A new one
  /// shows the model as it is: nothing it shows is stale yet.
  var poppler: PopplerView? = nil {
    didSet {
      if poppler != nil { contentDirty.removeAll() }
      bare.removeAll()
      layers.removeAll()
    }
  }
  /// Objects changed since ``poppler`` was made whose change may alter more than annotations
  /// (see ``ChangeReach``); while there are none, ``poppler`` still shows every page's content
  /// as the model has it.
  var contentDirty = Set<ObjectIdentity>()
  /// Pages ``poppler`` shows without annotations (they had none it could draw when it was
  /// made): their content can be rendered from it with their annotations drawn on top.
  var bare = Set<ObjectIdentity>()
  /// The annotation layers made for pages in ``bare``, by page, with the objects each was
  /// made from (a change to one of them drops it).
  var layers: [ObjectIdentity: (layer: AnnotationLayer, uses: Set<ObjectIdentity>)] = [:]
  /// The texts layers read of objects, kept until the object changes (see
  /// ``AnnotationLayer/ObjectText``), and their bytes.
  private(set) var layerTexts: [ObjectIdentity: AnnotationLayer.ObjectText] = [:]
  private var layerTextBytes = 0
  /// Pages shown with /Rotate 0 (in the view text is read from).
  var upright = Set<ObjectIdentity>()
  /// Pages whose highlights without an appearance stream and with an opacity below 1 are
  /// shown opaque in the colour that multiplies to the same pixels (see
  /// ``Document/blendedHighlightChanges(_:)``).
  var blendedPages = Set<ObjectIdentity>()
  /// The sections a view may grow before it is rebuilt with one section.
  static let maximumSections = 16

  /// Keeps `text` of `identity` for later layers; when the kept texts would pass
  /// ``AnnotationLayer/maximumKeptText``, the others are let go first.
  func keepLayerText(_ text: AnnotationLayer.ObjectText, for identity: ObjectIdentity) {
    guard text.body.count <= AnnotationLayer.maximumKeptText else { return }
    if layerTextBytes + text.body.count > AnnotationLayer.maximumKeptText {
      layerTexts.removeAll()
      layerTextBytes = 0
    }
    forgetLayerText(of: identity)
    layerTexts[identity] = text
    layerTextBytes += text.body.count
  }

  /// Lets go of the kept text of `identity` (it changed).
  func forgetLayerText(of identity: ObjectIdentity) {
    if let old = layerTexts.removeValue(forKey: identity) { layerTextBytes -= old.body.count }
  }

  /// A view of `base`, which differs from the model in `changed`.
  init(base: BaseObjects, changed: Set<ObjectIdentity>) {
    baseObjects = base
    bytes = base.bytes
    dirty = changed
  }

  /// The base's bytes and where their objects are (shared with the document).
  private let baseObjects: BaseObjects

  /// The base alone (for rebuilding with one section).
  private var base: ByteChain? = nil

  /// What is known of where the objects of ``bytes`` are.
  private enum Placement {
    /// Not read yet.
    case unread
    /// Every object's place (see ``XRefIndex``): a section lists them all.
    case indexed(base: XRefIndex, now: XRefIndex)
    /// The base's sections could not be read: sections point back at them with /Prev.
    case unreadable
  }

  private var placement = Placement.unread

  /// Where every object of ``bytes`` is, for a section listing them all; nil when the base's
  /// sections cannot be read (its sections then use /Prev). The base is read once, for all
  /// the document's views.
  var index: XRefIndex? {
    if case .unread = placement {
      placement = baseObjects.index.map { .indexed(base: $0, now: $0) } ?? .unreadable
    }
    guard case .indexed(_, let now) = placement else { return nil }
    return now
  }

  /// Records that `section` (holding `objects`, declaring `size`, listing every object as
  /// `index` says, or pointing back with /Prev when nil) was appended.
  func appended(_ section: OwnedBytes, objects: Set<ObjectIdentity>, size: Int, index: XRefIndex?) {
    if base == nil { base = bytes }
    bytes = bytes.appending(section)
    sections += 1
    written.formUnion(objects)
    dirty.subtract(objects)
    self.size = max(self.size, size)
    poppler = nil
    if case .indexed(let first, _) = placement {
      // A section without the full list leaves the next ones to point back with /Prev.
      placement = index.map { .indexed(base: first, now: $0) } ?? .unreadable
    }
  }

  /// True when the next section should replace all of them (the chain grew long).
  var wantsRebuild: Bool { sections >= ViewChain.maximumSections }

  /// Drops the sections: the next one holds every object written so far.
  func rebuild() {
    guard let base else { return }
    bytes = base
    sections = 0
    dirty.formUnion(written)
    written.removeAll()
    poppler = nil
    if case .indexed(let first, _) = placement { placement = .indexed(base: first, now: first) }
  }
}
