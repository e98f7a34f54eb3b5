// SPDX-License-Identifier: GPL-3.0-or-later

/// What importing form data did.
public struct FormDataImport: Sendable, Equatable {
  /// Fields given a value.
  public var filled = 0
  /// Fields left as they were: unknown names, read-only and locked fields, push buttons and
  /// signatures (each named in a log warning).
  public var skipped = 0

  /// Nothing yet.
  public init() {}
}

extension Document {
  /// The form's data as an XFDF document (ISO 19444-1 `<fields>`): one `<field>` per part of
  /// the names, nested as the names are ("address.city" inside "address"), each terminal field
  /// with a `<value>` per value (a button's export value or Off, a multi-select list's values
  /// in option order); fields without a value have no `<value>`. Push buttons and signatures
  /// are left out.
  public func exportFormData() throws(PDFError) -> String {
    let fields = try formFields().filter { $0.type != .pushButton && $0.type != .signature && !$0.name.isEmpty }
    // A tree of names: children by partial name, in first-seen order. A name of more parts than
    // field trees may be deep keeps its last parts together.
    final class Node {
      var children: [(String, Node)] = []
      var index: [String: Node] = [:]
      var values: [String]? = nil
      func child(_ name: String) -> Node {
        if let found = index[name] { return found }
        let made = Node()
        children.append((name, made))
        index[name] = made
        return made
      }
    }
    let root = Node()
    for field in fields {
      var node = root
      let parts = field.name.split(separator: ".", maxSplits: Limits.maximumTreeDepth - 1, omittingEmptySubsequences: false)
      for part in parts { node = node.child(String(part)) }
      node.values = field.values
    }
    var out = XFDFWriting.header + "  <fields>\n"
    func write(_ node: Node, depth: Int) {
      for (name, child) in node.children {
        let indent = String(repeating: "  ", count: depth + 2)
        out += indent + "<field name=\"\(XMLText.escape(name))\">"
        if child.children.isEmpty {
          out += (child.values ?? []).map { "<value>\(XMLText.escape($0))</value>" }.joined() + "</field>\n"
        } else {
          out += "\n"
          for value in child.values ?? [] { out += indent + "  <value>\(XMLText.escape(value))</value>\n" }
          write(child, depth: depth + 1)
          out += indent + "</field>\n"
        }
      }
    }
    write(root, depth: 0)
    return out + "  </fields>\n</xfdf>\n"
  }

  /// Fills the form from the `<fields>` of an XFDF document, by full name, as one undo step
  /// ("Import Form Data"): a field with `<value>` elements gets those values (a text, an option's
  /// export value or text, a button's export value or Off, several options of a multi-select
  /// list); a field without them is left alone. Unknown names, read-only and locked fields,
  /// push buttons and signatures are skipped and named in a log warning. All or nothing: a
  /// malformed document or a value a field cannot take changes nothing, and the error names the
  /// line.
  @discardableResult
  public func importFormData(_ text: String) throws(PDFError) -> FormDataImport {
    let root = try XMLReader.parse(text)
    try XFDFDocumentReading.checkRoot(root)
    var assignments: [(name: String, values: [String], line: Int)] = []
    func collect(_ element: XMLElement, prefix: String, depth: Int) throws(PDFError) {
      guard depth < Limits.maximumTreeDepth else {
        throw PDFError(.invalidArgument, "XFDF line \(element.line): fields nested more than \(Limits.maximumTreeDepth) deep")
      }
      for child in element.elements where XFDFDocumentReading.localName(child.name) == "field" {
        guard let name = child.attribute("name"), !name.isEmpty else {
          throw PDFError(.invalidArgument, "XFDF line \(child.line): <field> without a name")
        }
        let full = prefix.isEmpty ? name : prefix + "." + name
        let values = child.elements.filter { XFDFDocumentReading.localName($0.name) == "value" }.map(\.text)
        if !values.isEmpty { assignments.append((full, values, child.line)) }
        try collect(child, prefix: full, depth: depth + 1)
      }
    }
    for list in root.elements where XFDFDocumentReading.localName(list.name) == "fields" {
      try collect(list, prefix: "", depth: 0)
    }
    for assignment in assignments { try Limits.checkText(assignment.values.joined(), "a field value") }
    var result = FormDataImport()
    let fields = try formFields()
    try performStep("Import Form Data") { () throws(PDFError) in
      for assignment in assignments {
        guard let field = fields.first(where: { $0.name == assignment.name }) else {
          Log.emit(.warning, "pdftools", "XFDF line \(assignment.line): the form has no field '\(assignment.name)'; left out")
          result.skipped += 1
          continue
        }
        if field.flags.contains(.readOnly) || field.isLocked || field.type == .pushButton || field.type == .signature
          || field.type == .unknown
        {
          Log.emit(.warning, "pdftools", "XFDF line \(assignment.line): field '\(field.name)' cannot be filled; left out")
          result.skipped += 1
          continue
        }
        do throws(PDFError) {
          if field.type == .listBox, field.flags.contains(.multiSelect) {
            var indices: [Int] = []
            for value in assignment.values {
              guard let index = field.options.firstIndex(where: { $0.exportValue == value || $0.displayName == value })
              else { throw PDFError(.invalidArgument, "'\(value)' is not an option of list box '\(field.name)'") }
              indices.append(index)
            }
            try setFieldSelection(field.id, indices)
          } else {
            try setFieldValue(field.id, assignment.values[0])
          }
        } catch {
          throw PDFError(error.kind, "XFDF line \(assignment.line): \(error.message)")
        }
        result.filled += 1
      }
    }
    return result
  }
}
