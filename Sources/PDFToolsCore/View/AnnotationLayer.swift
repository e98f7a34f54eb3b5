// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler
import CQPDF

/// The annotations of one page as a document of their own, drawn over the page's content
/// rendered from a view kept across annotation changes.
///
/// A new poppler view costs poppler a new read of the cross-reference sections and page tree
/// and, worse, a new font setup for every page it draws (font files found, faces loaded,
/// glyphs rasterized again). An annotation change leaves page content alone (see
/// ``ChangeReach``), so a page the kept view shows without annotations is rendered from that
/// view, and its annotations as they are now from a one-page document holding only them and
/// what their appearances use: a change costs what it touched.
enum AnnotationLayer {
  /// The page has no annotation to draw.
  case empty
  /// A one-page document with the page's boxes and annotations.
  case drawn(PopplerView)

  /// The view to draw over the content; nil when there is nothing to draw.
  var view: PopplerView? {
    if case .drawn(let view) = self { return view }
    return nil
  }

  /// The most objects a layer holds; a page whose annotations use more is rendered from a
  /// full view.
  static let maximumObjects = 2_000
  /// The highest object number a layer may hold (poppler sizes its table by it).
  static let maximumNumber: Int32 = 500_000
  /// The most bytes a layer may take (appearances with large images are drawn from a full
  /// view instead of being copied for every render).
  static let maximumBytes = 16 << 20
  /// Entries of annotations (and of what they use) that a layer does not follow: links to
  /// pages, parents, pop-ups and actions, which drawing never reads. Left dangling, they read
  /// as null.
  static let unfollowed: Set<String> = ["P", "Parent", "Popup", "IRT", "A", "AA", "Dest", "PA", "StructParent"]
  /// The most bytes of object texts kept for later layers (see ``ObjectText``).
  static let maximumKeptText = 4 << 20

  /// What a layer read of one object: its text as the library writes it, the objects it
  /// refers to (through the entries a layer follows), and whether it is a page-tree node or
  /// the catalog (left out of layers). Kept by ``ViewChain`` until the object changes, so a
  /// layer made again after an edit reads again only what the edit changed.
  struct ObjectText {
    /// The text ("N G obj ... endobj").
    let body: [UInt8]
    /// The objects its entries lead to.
    let references: [ObjectIdentity]
    /// True for a /Page, /Pages or /Catalog dictionary.
    let isPageTree: Bool
  }

  /// Appends the references inside `value` to `references`, skipping the entries of
  /// ``unfollowed``.
  static func collectReferences(in value: PDFValue, into references: inout [ObjectIdentity]) {
    switch value {
    case .reference(let identity):
      references.append(identity)
    case .array(let items):
      for item in items { collectReferences(in: item, into: &references) }
    case .dictionary(let entries):
      for (key, item) in entries where !unfollowed.contains(key) { collectReferences(in: item, into: &references) }
    default:
      break
    }
  }
}

extension Document {
  /// The views to render page `index` from: the content, and the annotations to draw over it
  /// (nil when the content view draws them). While only annotations changed since the render
  /// view was made (see ``ChangeReach``), a page it shows bare is drawn from it and a layer.
  /// Call under the lock.
  func renderLayers(for index: Int) throws(PDFError) -> (content: PopplerView, annotations: PopplerView?) {
    if drawsAnnotationLayers, let chain = popplerChain, let kept = chain.poppler, !chain.dirty.isEmpty,
      chain.contentDirty.isEmpty, let page = try? pageObject(index), let identity = qpdf.identity(page),
      chain.bare.contains(identity)
    {
      if let made = chain.layers[identity] { return (kept, made.layer.view) }
      if let made = try annotationLayer(page: page, index: index, over: kept) {
        chain.layers[identity] = made
        return (kept, made.layer.view)
      }
    }
    return (try renderView(for: index), nil)
  }

  /// The layer of page `index` (`page`) to draw over its content in `content`; nil when it
  /// cannot be drawn apart (form widgets, optional content, annotations drawn by poppler
  /// with the document's form resources or whose appearances use the page's resources, too
  /// many objects): the page is then rendered from a full view. Call under the lock.
  private func annotationLayer(
    page: qpdf_oh, index: Int, over content: PopplerView
  ) throws(PDFError) -> (layer: AnnotationLayer, uses: Set<ObjectIdentity>)? {
    // What the page's annotations are read from.
    var uses = Set<ObjectIdentity>()
    if let identity = qpdf.identity(page) { uses.insert(identity) }
    let annots = qpdf.entry(page, "/Annots")
    if let annots, let identity = qpdf.identity(annots) { uses.insert(identity) }
    guard let items = annots.flatMap({ qpdf.items($0) }), !items.isEmpty else { return (.empty, uses) }
    let form = qpdf.value(qpdf.root, "AcroForm")
    if qpdf.value(qpdf.root, "OCProperties") != nil { return nil }
    let needAppearances = formNeedsAppearances(form)
    var shown: [ObjectIdentity] = []
    for (position, item) in items.enumerated() {
      guard position < PopplerRisk.maximumAnnotationsPerPage else { break }
      guard qpdf.isDictionary(item) else { continue }
      guard let identity = qpdf.identity(item) else { return nil }
      let subtype = qpdf.entry(item, "/Subtype").flatMap { qpdf.name($0) }
      if subtype == "Widget" || qpdf.entry(item, "/OC") != nil { return nil }
      if let reason = PopplerRisk.reason(qpdf, item, formNeedsAppearances: needAppearances) {
        noteExclusion(page: index, position: position, reason: reason)
        continue
      }
      guard let appearance = qpdf.entry(item, "/AP") else {
        if form != nil { return nil }
        shown.append(identity)
        continue
      }
      guard appearancesHaveResources(appearance) else { return nil }
      shown.append(identity)
    }
    guard !shown.isEmpty else { return (.empty, uses) }
    let changes = blendedHighlightChanges(of: page)
    let bytes = try qpdf.withTemporaryChanges(changes) { () throws(PDFError) -> [UInt8]? in
      // Texts read while objects are changed for the moment are not kept.
      let kept = changes.isEmpty ? popplerChain : nil
      guard let bodies = try layerBodies(from: shown, keptIn: kept) else { return nil }
      uses.formUnion(bodies.map(\.0))
      return try layerDocument(bodies: bodies, annotations: shown, index: index, content: content)
    }
    guard let bytes, let stored = bytes.withUnsafeBytes({ OwnedBytes(copying: $0) }),
      let view = try? PopplerView([.shared(stored)], password: []), view.pageCount == 1
    else { return nil }
    // The layer must place what it draws as the content view does.
    func size(_ view: PopplerView, _ page: Int) -> [Double]? {
      view.withPage(page) { page in
        var width = 0.0
        var height = 0.0
        poppler_page_get_size(page, &width, &height)
        return [width, height]
      }
    }
    guard let shownSize = size(content, index), shownSize == size(view, 0) else { return nil }
    return (.drawn(view), uses)
  }

  /// True when every appearance stream in `appearance` (an /AP dictionary) has resources of
  /// its own: poppler would lend the page's to one without, which a layer does not have.
  private func appearancesHaveResources(_ appearance: qpdf_oh) -> Bool {
    guard qpdf.isDictionary(appearance) else { return true }
    for key in qpdf.keys(appearance) {
      guard let entry = qpdf.value(appearance, key) else { continue }
      let streams: [qpdf_oh]
      if qpdf_oh_is_stream(qpdf.data, entry) != QPDF_FALSE {
        streams = [entry]
      } else if qpdf.isDictionary(entry) {
        streams = qpdf.keys(entry).compactMap { qpdf.value(entry, $0) }
          .filter { qpdf_oh_is_stream(qpdf.data, $0) != QPDF_FALSE }
      } else {
        streams = []
      }
      for stream in streams where qpdf.entry(qpdf_oh_get_dict(qpdf.data, stream), "/Resources") == nil {
        return false
      }
    }
    return true
  }

  /// The texts of the annotations `roots` and of every object their entries lead to (pages
  /// and the entries of ``AnnotationLayer/unfollowed`` left out), by object; nil when there
  /// are too many, their numbers are too high or their text cannot be read back. Texts are
  /// taken from and kept in `chain` when one is given.
  private func layerBodies(
    from roots: [ObjectIdentity], keptIn chain: ViewChain?
  ) throws(PDFError) -> [(ObjectIdentity, [UInt8])]? {
    var seen = Set(roots)
    var queue = roots
    var next = 0
    var bodies: [(ObjectIdentity, [UInt8])] = []
    var total = 0
    while next < queue.count {
      let identity = queue[next]
      next += 1
      guard identity.number < AnnotationLayer.maximumNumber else { return nil }
      var found = chain?.layerTexts[identity]
      if found == nil { found = try objectText(identity, keptIn: chain) }
      guard let text = found else { return nil }
      if next > roots.count, text.isPageTree { continue }  // Left dangling: drawing never reads it.
      total += text.body.count
      guard total <= AnnotationLayer.maximumBytes else { return nil }
      bodies.append((identity, text.body))
      for reference in text.references where seen.insert(reference).inserted {
        guard seen.count <= AnnotationLayer.maximumObjects else { return nil }
        queue.append(reference)
      }
    }
    return bodies
  }

  /// The text of `identity` as a layer holds it, read from the model (and kept in `chain`
  /// while the kept texts stay under ``AnnotationLayer/maximumKeptText``); nil when it cannot
  /// be read back.
  private func objectText(_ identity: ObjectIdentity, keptIn chain: ViewChain?) throws(PDFError) -> AnnotationLayer
    .ObjectText?
  {
    var body: [UInt8] = []
    let length = try IncrementalWriter.appendBody(of: identity, in: qpdf, to: &body)
    var cursor = PDFCursor(Array(body.prefix(length)))
    guard let value = cursor.value() else { return nil }
    var isPageTree = false
    if case .dictionary(let entries) = value, case .name(let type)? = entries["Type"] {
      isPageTree = type == "Page" || type == "Pages" || type == "Catalog"
    }
    var references: [ObjectIdentity] = []
    AnnotationLayer.collectReferences(in: value, into: &references)
    let text = AnnotationLayer.ObjectText(body: body, references: references, isPageTree: isPageTree)
    chain?.keepLayerText(text, for: identity)
    return text
  }

  /// The bytes of a one-page document holding `bodies` under their own numbers and a page
  /// with the boxes and rotation of page `index` as `content` shows it, listing
  /// `annotations`; nil when the page's boxes cannot be read. Call under the lock.
  private func layerDocument(
    bodies: [(ObjectIdentity, [UInt8])], annotations: [ObjectIdentity], index: Int, content: PopplerView
  ) throws(PDFError) -> [UInt8]? {
    let crop: PopplerRectangle? = content.withPage(index) { page in
      var rectangle = PopplerRectangle()
      poppler_page_get_crop_box(page, &rectangle)
      return rectangle
    }
    guard let crop else { return nil }
    let rotation = try geometry(index).rotation
    var out = Array("%PDF-1.7\n".utf8)
    var offsets: [(ObjectIdentity, Int)] = []
    for (identity, body) in bodies {
      offsets.append((identity, out.count))
      out += Array("\(identity.number) \(identity.generation) obj\n".utf8)
      out += body
      out += Array("\nendobj\n".utf8)
    }
    let catalog = Int(bodies.map(\.0.number).max() ?? 0) + 1
    let box = [crop.x1, crop.y1, crop.x2, crop.y2].map(JSON.format).joined(separator: " ")
    let listed = annotations.map { "\($0.number) \($0.generation) R" }.joined(separator: " ")
    let own = [
      "<< /Type /Catalog /Pages \(catalog + 1) 0 R >>",
      "<< /Type /Pages /Kids [\(catalog + 2) 0 R] /Count 1 >>",
      "<< /Type /Page /Parent \(catalog + 1) 0 R /MediaBox [\(box)] /Rotate \(rotation) /Annots [\(listed)] >>",
    ]
    for (offset, text) in own.enumerated() {
      let number = catalog + offset
      offsets.append((ObjectIdentity(number: Int32(number), generation: 0), out.count))
      out += Array("\(number) 0 obj\n\(text)\nendobj\n".utf8)
    }
    let xref = catalog + 3
    let xrefOffset = out.count
    offsets.append((ObjectIdentity(number: Int32(xref), generation: 0), xrefOffset))
    out += IncrementalWriter.xrefStream(
      offsets, number: xref, size: xref + 1, previous: nil, trailer: " /Root \(catalog) 0 R")
    out += Array("startxref\n\(xrefOffset)\n%%EOF\n".utf8)
    return out
  }
}
