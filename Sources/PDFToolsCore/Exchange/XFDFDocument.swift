// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

extension Document {
  /// The annotations of the document as an XFDF 3.0 document (UTF-8, the XFDF namespace):
  /// those on `pages` (all when nil) and, when `ids` is given, only those. Popups are written
  /// inside their parents; widgets belong to form fields and are left out. Subtypes XFDF has
  /// no element for are written under their lowercased name and named in a log warning.
  public func exportXFDF(pages: Set<Int>? = nil, ids: Set<Int64>? = nil) throws(PDFError) -> String {
    try locked { () throws(PDFError) -> String in
      if let pages { for page in pages { try checkPageIndex(page) } }
      var out = XFDFWriting.header + "  <annots>\n"
      var elements = XFDFElements()
      for page in 0..<pageTree.count where pages?.contains(page) ?? true {
        guard let listing = try listing(ofPage: page) else { continue }
        for (identity, id) in zip(listing.objects, listing.ids) where ids?.contains(id) ?? true {
          out += elements.element(exchangedAnnotation(qpdf.object(identity), page: page), identity: identity) ?? ""
        }
      }
      elements.logUnknown()
      return out + "  </annots>\n</xfdf>\n"
    }
  }

  /// Merges the annotations of an XFDF document: an annotation whose name (/NM) the document
  /// holds is brought to the state the XFDF describes, the others are added, appearances are
  /// built by the library. One undo step, all or nothing: malformed XFDF changes nothing and
  /// the error names the element and line.
  @discardableResult
  public func importXFDF(_ text: String) throws(PDFError) -> ImportResult {
    let read = try XFDFDocumentReading.read(text, pageCount: pageCount, commands: false)
    return try applyExchange(read.annotations, deleting: [], skipped: read.skipped, label: "Import XFDF")
  }
}

/// Annotations written as XFDF elements: each annotation object once (one listed by several
/// pages goes with the first), names unique as written (the second of two annotations with one
/// /NM, or one whose /NM is only characters XML cannot hold, goes under the name made from its
/// object number), popups inside their parents, widgets left out, and subtypes XFDF has no
/// element for under their lowercased name when that is an XML name.
struct XFDFElements {
  /// Objects written.
  private var written = Set<ObjectIdentity>()
  /// Names used.
  private var names = Set<String>()
  /// Subtypes written under their own name.
  private var unknown = Set<String>()

  /// The element of `annotation` (object `identity`), indented for a list; nil when it is not
  /// written.
  mutating func element(_ annotation: ExchangedAnnotation, identity: ObjectIdentity) -> String? {
    guard annotation.subtype != "Popup", annotation.subtype != "Widget", written.insert(identity).inserted else {
      return nil
    }
    var annotation = annotation
    // Names compare as the XML holds them.
    annotation.name = XMLText.held(annotation.name)
    if annotation.name.isEmpty || !names.insert(annotation.name).inserted {
      let made = Document.objectNamePrefix + "\(identity.number)-\(identity.generation)"
      var candidate = made
      var suffix = 2
      while !names.insert(candidate).inserted {
        candidate = made + "-\(suffix)"
        suffix += 1
      }
      annotation.name = candidate
    }
    if var attachment = annotation.attachment, XMLText.held(attachment.name).isEmpty {
      // XFDF needs a file name; one of characters XML cannot hold would be read as none.
      attachment.name = "attachment"
      annotation.attachment = attachment
    }
    if XFDFWriting.elementNames[annotation.subtype] == nil {
      // An XML name: a letter first, then letters, digits, '-', '_' or '.'.
      let name = annotation.subtype.lowercased().unicodeScalars
      guard let first = name.first, first.isASCII, first.properties.isAlphabetic,
        name.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) })
      else {
        Log.emit(.warning, "pdftools", "an annotation of subtype '\(annotation.subtype)' cannot be written as XFDF and is left out")
        return nil
      }
      unknown.insert(annotation.subtype)
    }
    return "  " + XFDFWriting.element(annotation)
  }

  /// Names in the log the subtypes written under their own name.
  func logUnknown() {
    guard !unknown.isEmpty else { return }
    Log.emit(
      .warning, "pdftools",
      "XFDF has no element for \(unknown.sorted().joined(separator: ", ")): written under the lowercased subtype name")
  }
}

/// Reading whole XFDF documents and their annotation lists.
enum XFDFDocumentReading {
  /// `name` without a namespace prefix.
  static func localName(_ name: String) -> Substring {
    guard let colon = name.lastIndex(of: ":") else { return Substring(name) }
    return name[name.index(after: colon)...]
  }

  /// Refuses a root element other than <xfdf>.
  static func checkRoot(_ root: XMLElement) throws(PDFError) {
    guard localName(root.name) == "xfdf" else {
      throw PDFError(.invalidArgument, "XFDF line \(root.line): the root element is <\(root.name)>, not <xfdf>")
    }
  }

  /// The annotations of an <annots> (or <add>, <modify>) element. Elements of subtypes the
  /// library cannot create are counted as skipped and named in a log warning.
  static func annotations(in list: XMLElement, pageCount: Int) throws(PDFError)
    -> (annotations: [ExchangedAnnotation], skipped: Int)
  {
    var annotations: [ExchangedAnnotation] = []
    var skipped = 0
    for element in list.elements {
      let name = String(localName(element.name))
      var local = element
      local.name = name
      guard let subtype = XFDFWriting.subtypes[name], CreatableSubtype.names.contains(subtype) else {
        Log.emit(.warning, "pdftools", "XFDF line \(element.line): <\(element.name)> is not an annotation the library can add; left out")
        skipped += 1
        continue
      }
      annotations.append(try XFDFReading(element: local).annotation(pageCount: pageCount))
    }
    return (annotations, skipped)
  }

  /// The annotations (and, with `commands`, the deletions) of an XFDF document: its <annots>
  /// lists, and with `commands` its <add>, <modify> and <delete> lists too. Throws for
  /// malformed XFDF, naming the element and line, and for a name used twice.
  static func read(_ text: String, pageCount: Int, commands: Bool) throws(PDFError)
    -> (annotations: [ExchangedAnnotation], deletions: [String], skipped: Int)
  {
    let root = try XMLReader.parse(text)
    try checkRoot(root)
    var annotations: [ExchangedAnnotation] = []
    var deletions: [String] = []
    var skipped = 0
    for list in root.elements {
      let name = localName(list.name)
      if name == "annots" || (commands && (name == "add" || name == "modify")) {
        let read = try XFDFDocumentReading.annotations(in: list, pageCount: pageCount)
        annotations += read.annotations
        skipped += read.skipped
      } else if commands && name == "delete" {
        for item in list.elements where localName(item.name) == "id" {
          let deleted = item.text.trimmingWhitespace()
          guard !deleted.isEmpty else {
            throw PDFError(.invalidArgument, "XFDF line \(item.line), <\(item.name)>: the name is empty")
          }
          deletions.append(deleted)
        }
      }
    }
    try checkUniqueNames(annotations)
    return (annotations, deletions, skipped)
  }

  /// Refuses two annotations with one name.
  static func checkUniqueNames(_ annotations: [ExchangedAnnotation]) throws(PDFError) {
    var seen: [String: Int] = [:]
    for annotation in annotations {
      if let line = seen[annotation.name] {
        throw PDFError(
          .invalidArgument,
          "XFDF line \(annotation.sourceLine): the name '\(annotation.name)' is used already (line \(line))")
      }
      seen[annotation.name] = annotation.sourceLine
    }
  }
}
