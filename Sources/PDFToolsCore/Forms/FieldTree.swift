// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// A terminal field found in the AcroForm field tree, with what it inherits.
struct FieldNode {
  /// The field dictionary (terminal: it holds the value).
  let object: qpdf_oh
  /// Its object.
  let identity: ObjectIdentity
  /// The fully qualified name.
  let name: String
  /// Its own /T ("" without one).
  let partialName: String
  /// What it has or inherits.
  let attributes: FieldAttributes
  /// Its widget annotations: its kids without /T, or the field itself when it is its own widget.
  let widgets: [qpdf_oh]
  /// The field-tree nodes above it, the top-level one first (empty for a top-level field): the
  /// tree as walked from /Fields, whatever their /Parent entries say.
  let ancestors: [qpdf_oh]

  /// The field's type.
  var type: FieldType { FieldType(fieldType: attributes.fieldType, flags: attributes.flags) }
}

/// The inheritable attributes of a field (ISO 32000-1 12.7.3.1 and 12.7.3.3), each taken from
/// the nearest node that has it; /MaxLen is inherited as well, as every viewer reads it.
struct FieldAttributes {
  /// /FT.
  var fieldType: String?
  /// /Ff.
  var flags: FieldFlags = []
  /// /V.
  var value: qpdf_oh?
  /// /DV.
  var defaultValue: qpdf_oh?
  /// /DA (the form's when no field gives one).
  var defaultAppearance: String?
  /// /Q.
  var alignment: Int?
  /// /Opt.
  var options: qpdf_oh?
  /// /MaxLen.
  var maxLength: Int?

  /// These attributes overridden by what `node` holds.
  func overridden(by node: qpdf_oh, _ qpdf: QPDF) -> FieldAttributes {
    var result = self
    if let type = qpdf.entry(node, "/FT").flatMap({ qpdf.name($0) }) { result.fieldType = type }
    if let flags = qpdf.entry(node, "/Ff").flatMap({ qpdf.integer($0) }) {
      result.flags = FieldFlags(rawValue: UInt32(truncatingIfNeeded: flags))
    }
    if let value = qpdf.value(node, "V") { result.value = value }
    if let value = qpdf.value(node, "DV") { result.defaultValue = value }
    if let text = qpdf.entry(node, "/DA").flatMap({ qpdf.text($0) }) { result.defaultAppearance = text }
    if let alignment = qpdf.entry(node, "/Q").flatMap({ qpdf.integer($0) }) { result.alignment = alignment }
    if let options = qpdf.value(node, "Opt") { result.options = options }
    if let length = qpdf.entry(node, "/MaxLen").flatMap({ qpdf.integer($0) }) { result.maxLength = length }
    return result
  }
}

extension Document {
  /// The most field-tree nodes read; a larger tree is damaged or hostile.
  static let maximumFieldNodes = 200_000

  /// The catalog's /AcroForm dictionary, nil without one; call under the lock.
  func acroForm() -> qpdf_oh? {
    guard let form = qpdf.value(qpdf.root, "AcroForm"), qpdf.isDictionary(form) else { return nil }
    return form
  }

  /// Every terminal field in tree order (depth first, kids in order); call under the lock.
  /// Loops and shared nodes are visited once; depth is bounded.
  func fieldNodes() -> [FieldNode] {
    guard let form = acroForm(), let roots = qpdf.value(form, "Fields").flatMap({ qpdf.items($0) }) else { return [] }
    var base = FieldAttributes()
    base.defaultAppearance = qpdf.entry(form, "/DA").flatMap { qpdf.text($0) }
    base.alignment = qpdf.entry(form, "/Q").flatMap { qpdf.integer($0) }
    var result: [FieldNode] = []
    var seen = Set<ObjectIdentity>()
    var visited = 0
    /// (node, parent's qualified name, inherited attributes, depth, ancestors); a stack in
    /// reverse order.
    var pending: [(qpdf_oh, String, FieldAttributes, Int, [qpdf_oh])] = roots.reversed().map { ($0, "", base, 0, []) }
    while let (node, parentName, inherited, depth, ancestors) = pending.popLast() {
      visited += 1
      guard visited <= Document.maximumFieldNodes, depth < Limits.maximumTreeDepth, qpdf.isDictionary(node),
        let identity = qpdf.identity(node), seen.insert(identity).inserted
      else { continue }
      let partial = qpdf.entry(node, "/T").flatMap { qpdf.text($0) } ?? ""
      let name = parentName.isEmpty ? partial : (partial.isEmpty ? parentName : parentName + "." + partial)
      let attributes = inherited.overridden(by: node, qpdf)
      let kids = qpdf.value(node, "Kids").flatMap { qpdf.items($0) }?.filter { qpdf.isDictionary($0) } ?? []
      // Kids with a name are fields (maybe merged with their widget); kids without one are
      // this field's widgets.
      let fieldKids = kids.filter { qpdf.entry($0, "/T") != nil }
      if fieldKids.isEmpty {
        var widgets = kids
        if widgets.isEmpty, isWidget(node) || qpdf.entry(node, "/Rect") != nil { widgets = [node] }
        result.append(
          FieldNode(
            object: node, identity: identity, name: name, partialName: partial, attributes: attributes, widgets: widgets,
            ancestors: ancestors))
      } else {
        for kid in fieldKids.reversed() { pending.append((kid, name, attributes, depth + 1, ancestors + [node])) }
      }
    }
    return result
  }

  /// True when `object` is a widget annotation (by /Subtype); call under the lock.
  func isWidget(_ object: qpdf_oh) -> Bool {
    qpdf.entry(object, "/Subtype").flatMap { qpdf.name($0) } == "Widget"
  }

  /// The terminal field with id `id`; NOT_FOUND when it is not (or no longer) a field of the
  /// form. Call under the lock.
  func fieldNode(_ id: Int64) throws(PDFError) -> FieldNode {
    guard let identity = fieldIDs.object(id) else { throw PDFError(.notFound, "\(id) is not a field id") }
    guard let node = fieldNodes().first(where: { $0.identity == identity }) else {
      throw PDFError(.notFound, "field \(id) is not in the form (deleted?)")
    }
    return node
  }

  /// The page index and annotation id of each widget object on a page, for the widgets of
  /// `nodes`; call under the lock. A widget's /P is tried first; the pages are listed only when
  /// some widget's /P does not lead to a page listing it.
  func widgetPlaces(_ nodes: [FieldNode]) -> [ObjectIdentity: (page: Int, id: Int64)] {
    var places: [ObjectIdentity: (page: Int, id: Int64)] = [:]
    var unplaced = Set<ObjectIdentity>()
    for node in nodes {
      for widget in node.widgets {
        guard let identity = qpdf.identity(widget) else { continue }
        if let page = qpdf.entry(widget, "/P").flatMap({ qpdf.identity($0) }).flatMap({ pageIndex(of: $0) }),
          let listing = try? listing(ofPage: page), let position = listing.objects.firstIndex(of: identity),
          listing.ids.indices.contains(position)
        {
          places[identity] = (page, listing.ids[position])
        } else {
          unplaced.insert(identity)
        }
      }
    }
    guard !unplaced.isEmpty else { return places }
    for page in 0..<pageTree.count {
      guard let listing = try? listing(ofPage: page) else { continue }
      for (position, object) in listing.objects.enumerated() where unplaced.contains(object) {
        guard listing.ids.indices.contains(position) else { continue }
        places[object] = (page, listing.ids[position])
        unplaced.remove(object)
      }
      if unplaced.isEmpty { break }
    }
    return places
  }
}
