// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// Which annotations an annotation report lists.
public struct ReportFilter: Sendable, Equatable {
  /// The first and last page index listed (nil: from the first, to the last).
  public var firstPage: Int? = nil
  /// The last page index listed.
  public var lastPage: Int? = nil
  /// The subtypes listed (nil: all).
  public var subtypes: Set<String>? = nil
  /// The authors (/T) listed (nil: all).
  public var authors: Set<String>? = nil
  /// Only annotations modified (or else created) at or after this PDF or ISO date.
  public var since: String? = nil
  /// Only annotations modified (or else created) at or before this date.
  public var until: String? = nil

  /// Lists everything.
  public init() {}
}

/// One line of an annotation report: what a review meeting needs of one annotation.
public struct ReportEntry: Sendable, Equatable {
  /// The annotation id.
  public var id: Int64
  /// Its exchange name (/NM).
  public var name: String
  /// The page index.
  public var page: Int
  /// The page label ("iv", "A-3"; the page number when the document has no labels).
  public var pageLabel: String
  /// The /Subtype.
  public var subtype: String
  /// /T.
  public var author: String
  /// /Subj.
  public var subject: String
  /// /CreationDate as written.
  public var created: String
  /// /M as written.
  public var modified: String
  /// /Contents.
  public var contents: String
  /// The name of the annotation it replies to ("" for none).
  public var inReplyTo: String
  /// The names of the annotations that reply to it, in page order.
  public var replies: [String]
  /// The review state its latest state reply sets ("Accepted", "Rejected", ...; "" for none).
  public var state: String
  /// That reply's state model ("Review", "Marked").
  public var stateModel: String
}

extension Document {
  /// The annotations passing `filter` in page order, with their reply threads and review
  /// states. Popups and widgets are left out.
  public func annotationReport(_ filter: ReportFilter = ReportFilter()) throws(PDFError) -> [ReportEntry] {
    let since = try filter.since.map { (text) throws(PDFError) -> PDFDateValue in try Document.reportDate(text) }
    let until = try filter.until.map { (text) throws(PDFError) -> PDFDateValue in try Document.reportDate(text) }
    return try locked { () throws(PDFError) -> [ReportEntry] in
      let first = filter.firstPage ?? 0
      let last = filter.lastPage ?? (pageTree.count - 1)
      if pageTree.count > 0 || filter.firstPage != nil {
        try checkPageIndex(first)
        try checkPageIndex(last)
      }
      var entries: [ReportEntry] = []
      var states: [String: (date: PDFDateValue?, state: String, model: String)] = [:]
      guard first <= last else { return [] }
      for page in first...last {
        guard let listing = try listing(ofPage: page) else { continue }
        let label = try pageLabelLocked(page)
        for (identity, id) in zip(listing.objects, listing.ids) {
          let object = qpdf.object(identity)
          let subtype = qpdf.entry(object, "/Subtype").flatMap { qpdf.name($0) } ?? ""
          guard subtype != "Popup", subtype != "Widget" else { continue }
          func text(_ key: StaticString) -> String { qpdf.entry(object, key).flatMap { qpdf.text($0) } ?? "" }
          let parent = qpdf.entry(object, "/IRT").flatMap { qpdf.isDictionary($0) ? exchangeName($0) : nil } ?? ""
          let entry = ReportEntry(
            id: id, name: exchangeName(object), page: page, pageLabel: label, subtype: subtype, author: text("/T"),
            subject: text("/Subj"), created: text("/CreationDate"), modified: text("/M"), contents: text("/Contents"),
            inReplyTo: parent, replies: [], state: "", stateModel: "")
          let state = text("/State")
          if !parent.isEmpty && !state.isEmpty {
            let date = PDFDateValue(entry.modified.isEmpty ? entry.created : entry.modified)
            let model = text("/StateModel")
            if let known = states[parent], let knownDate = known.date, let date, date < knownDate {
              // An older state reply.
            } else {
              states[parent] = (date, state, model.isEmpty ? "Marked" : model)
            }
          }
          entries.append(entry)
        }
      }
      var replies: [String: [String]] = [:]
      for entry in entries where !entry.inReplyTo.isEmpty { replies[entry.inReplyTo, default: []].append(entry.name) }
      return entries.indices.compactMap { index in
        var entry = entries[index]
        entry.replies = replies[entry.name] ?? []
        if let state = states[entry.name] {
          entry.state = state.state
          entry.stateModel = state.model
        }
        if let subtypes = filter.subtypes, !subtypes.contains(entry.subtype) { return nil }
        if let authors = filter.authors, !authors.contains(entry.author) { return nil }
        if since != nil || until != nil {
          guard let date = PDFDateValue(entry.modified.isEmpty ? entry.created : entry.modified) else { return nil }
          if let since, date < since { return nil }
          if let until, until < date { return nil }
        }
        return entry
      }
    }
  }

  /// A filter date, or an error naming it.
  static func reportDate(_ text: String) throws(PDFError) -> PDFDateValue {
    guard let date = PDFDateValue(text) else {
      throw PDFError(.invalidArgument, "'\(text)' is not a date (D:YYYYMMDDHHmmSS or YYYY-MM-DDTHH:MM:SS)")
    }
    return date
  }

  /// The report as JSON: an array of objects, one per annotation.
  public func annotationReportJSON(_ filter: ReportFilter = ReportFilter()) throws(PDFError) -> String {
    let entries = try annotationReport(filter)
    let items = entries.map { entry -> JSON in
      .object([
        ("id", .number(Double(entry.id))), ("name", .string(entry.name)), ("page", .number(Double(entry.page))),
        ("page_label", .string(entry.pageLabel)), ("subtype", .string(entry.subtype)),
        ("author", .string(entry.author)), ("subject", .string(entry.subject)), ("created", .string(entry.created)),
        ("modified", .string(entry.modified)), ("contents", .string(entry.contents)),
        ("in_reply_to", .string(entry.inReplyTo)), ("replies", .array(entry.replies.map { .string($0) })),
        ("state", .string(entry.state)), ("state_model", .string(entry.stateModel)),
      ])
    }
    return JSON.array(items).text
  }

  /// The report as CSV (RFC 4180: a header line, fields quoted where needed, CRLF line ends);
  /// replies are separated by spaces.
  public func annotationReportCSV(_ filter: ReportFilter = ReportFilter()) throws(PDFError) -> String {
    let entries = try annotationReport(filter)
    func field(_ value: String) -> String {
      guard value.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
        return value
      }
      return "\"" + value.replacingAll("\"", with: "\"\"") + "\""
    }
    var out = "id,name,page,page_label,subtype,author,subject,created,modified,contents,in_reply_to,replies,state,state_model\r\n"
    for entry in entries {
      let fields = [
        String(entry.id), entry.name, String(entry.page), entry.pageLabel, entry.subtype, entry.author, entry.subject,
        entry.created, entry.modified, entry.contents, entry.inReplyTo, entry.replies.joined(separator: " "),
        entry.state, entry.stateModel,
      ]
      out += fields.map(field).joined(separator: ",") + "\r\n"
    }
    return out
  }
}

extension String {
  /// The text with every `target` scalar replaced by `replacement` (scalars, not characters: a
  /// quote followed by a combining mark is still a quote to a CSV reader).
  func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in unicodeScalars {
      if scalar == target { out.append(contentsOf: replacement.unicodeScalars) } else { out.append(scalar) }
    }
    return String(out)
  }
}
