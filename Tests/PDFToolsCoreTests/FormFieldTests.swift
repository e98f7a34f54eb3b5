// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF
import Testing

@testable import PDFToolsCore

/// Form fields: reading the field tree, filling every type, refusals, reset, undo and saves.
@Suite struct FormFieldTests {
  /// A one-page form: text `name` (MaxLen 10, blue text, bordered), read-only `fixed`, check
  /// box `agree`, radio group `color` (export values Red/Blue through /Opt, states 0 and 1),
  /// combo box `city` (turned 90 degrees, pairs be/Berlin pa/Paris), multi-select list `langs`
  /// (default C), comb `zip` (5 cells) and a signed signature `sig` whose lock covers `zip`.
  static func form(docMDP: Int? = nil) throws -> Document {
    let empty = "<< /Type /XObject /Subtype /Form /BBox [0 0 20 20] /Length 0 >>\nstream\n\nendstream"
    let page = "/Type /Annot /Subtype /Widget /P 3 0 R"
    var catalog = "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R 5 0 R 6 0 R 7 0 R 10 0 R 11 0 R 12 0 R 13 0 R]"
      + " /DA (/Helv 0 Tf 0 g) /DR << /Font << /Helv 14 0 R >> >> >>"
    if docMDP != nil { catalog += " /Perms << /DocMDP 16 0 R >>" }
    catalog += " >>"
    let reference = docMDP.map { " /Reference [<< /Type /SigRef /TransformMethod /DocMDP /TransformParams << /P \($0) >> >>]" } ?? ""
    let bytes = Fixtures.pdf([
      catalog,
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R 5 0 R 6 0 R 8 0 R 9 0 R 10 0 R 11 0 R 12 0 R 13 0 R] >>",
      "<< \(page) /FT /Tx /T (name) /MaxLen 10 /Rect [50 700 250 720] /DA (/Helv 12 Tf 0 0 1 rg) /MK << /BC [0 0 0] /BG [1 1 0.8] >> >>",
      "<< \(page) /FT /Tx /T (fixed) /Ff 1 /V (keep) /Rect [50 660 250 680] >>",
      "<< \(page) /FT /Btn /T (agree) /Rect [50 620 70 640] /AP << /N << /Yes 15 0 R /Off 15 0 R >> >> /AS /Off >>",
      "<< /FT /Btn /Ff 49152 /T (color) /Kids [8 0 R 9 0 R] /V /Off /Opt [(Red) (Blue)] >>",
      "<< \(page) /Parent 7 0 R /Rect [50 580 70 600] /AP << /N << /0 15 0 R /Off 15 0 R >> >> /AS /Off >>",
      "<< \(page) /Parent 7 0 R /Rect [80 580 100 600] /AP << /N << /1 15 0 R /Off 15 0 R >> >> /AS /Off >>",
      "<< \(page) /FT /Ch /Ff 131072 /T (city) /Opt [[(be) (Berlin)] [(pa) (Paris)]] /Rect [300 500 320 600] /MK << /R 90 >> >>",
      "<< \(page) /FT /Ch /Ff 2097152 /T (langs) /Opt [(Swift) (C) (Python)] /DV (C) /Rect [50 460 250 520] >>",
      "<< \(page) /FT /Tx /Ff 16777216 /MaxLen 5 /T (zip) /Rect [300 700 400 720] >>",
      "<< \(page) /FT /Sig /T (sig) /V 16 0 R /Lock << /Type /SigFieldLock /Action /Include /Fields [(zip)] >> /Rect [300 620 400 640] >>",
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      empty,
      "<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange [0 0 0 0] /Contents <00>\(reference) >>",
    ])
    return try Document.open(bytes: bytes)
  }

  /// The field named `name`.
  private func field(_ document: Document, _ name: String) throws -> FormField {
    try document.formField(try document.findField(named: name))
  }

  /// Every field's values, by name.
  private func values(_ document: Document) throws -> [String: [String]] {
    Dictionary(uniqueKeysWithValues: try document.formFields().map { ($0.name, $0.values) })
  }

  /// The raw value of `key` in `object`'s dictionary (PDF syntax), via the widget annotation id.
  private func raw(_ document: Document, _ annotation: Int64, _ key: String) throws -> String? {
    try document.annotationRawValue(annotation, key: key)
  }

  @Test func readsTheFieldTree() throws {
    let document = try Self.form()
    let info = try document.formInfo()
    #expect(info.hasForm && info.fieldCount == 8 && info.signedCount == 1 && !info.needAppearances && !info.hasXFA)
    let fields = try document.formFields()
    #expect(fields.map(\.name) == ["name", "fixed", "agree", "color", "city", "langs", "zip", "sig"])
    #expect(fields.map(\.type) == [.text, .text, .checkbox, .radio, .comboBox, .listBox, .text, .signature])
    let color = try field(document, "color")
    #expect(color.options.map(\.exportValue) == ["Red", "Blue"])
    #expect(color.values == ["Off"] && color.selected.isEmpty)
    #expect(color.widgets.map(\.onState) == ["0", "1"] && color.widgets.allSatisfy { $0.page == 0 && $0.annotationID > 0 })
    let city = try field(document, "city")
    #expect(city.options == [FieldOption(exportValue: "be", displayName: "Berlin"), FieldOption(exportValue: "pa", displayName: "Paris")])
    let langs = try field(document, "langs")
    #expect(langs.flags.contains(.multiSelect) && langs.defaultValues == ["C"] && langs.values.isEmpty)
    #expect(try field(document, "name").maxLength == 10)
    #expect(try field(document, "fixed").flags.contains(.readOnly))
    #expect(try field(document, "zip").isLocked && field(document, "sig").isLocked && field(document, "sig").isSigned)
    #expect(!(try field(document, "name").isLocked))
    #expect(try document.field(ofWidget: color.widgets[1].annotationID) == color.id)
    expectError(.notFound) { () throws(PDFError) in try document.findField(named: "nothing") }
  }

  @Test func fillsATextFieldWithAnAppearance() throws {
    let document = try Self.form()
    let name = try field(document, "name")
    try document.setFieldValue(name.id, "Ada (1815)")
    #expect(try field(document, "name").values == ["Ada (1815)"])
    let widget = name.widgets[0].annotationID
    #expect(try raw(document, widget, "V") == "(Ada \\(1815\\))")
    let content = try Fixtures.appearanceContent(document, widget)
    #expect(content.contains("/Tx BMC") && content.contains("(Ada \\(1815\\)) Tj") && content.contains("0 0 1 rg"))
    #expect(content.contains("1 1 0.8 rg"), "the /MK background is painted")
    // Refusals change nothing.
    expectError(.invalidArgument) { () throws(PDFError) in try document.setFieldValue(name.id, "Eleven char") }
    expectError(.notPermitted) { () throws(PDFError) in try document.setFieldValue(try document.findField(named: "fixed"), "x") }
    expectError(.notPermitted) { () throws(PDFError) in try document.setFieldValue(try document.findField(named: "zip"), "12345") }
    expectError(.notPermitted, "a signed signature locks itself") { () throws(PDFError) in
      try document.setFieldValue(try document.findField(named: "sig"), "x")
    }
    #expect(try field(document, "name").values == ["Ada (1815)"] && field(document, "fixed").values == ["keep"])
  }

  @Test func textInOtherScriptsIsTypeset() throws {
    let document = try Self.form()
    let name = try field(document, "name")
    try document.setFieldValue(name.id, "Ωμέγα 東京")
    let content = try Fixtures.appearanceContent(document, name.widgets[0].annotationID)
    #expect(content.contains("TJ") && content.contains("/T0 "), "typeset in an embedded subset: \(content)")
    #expect(try field(document, "name").values == ["Ωμέγα 東京"])
  }

  @Test func checksBoxesAndRadioButtons() throws {
    let document = try Self.form()
    let agree = try field(document, "agree")
    try document.setFieldChecked(agree.id, true)
    #expect(try field(document, "agree").values == ["Yes"] && field(document, "agree").widgets[0].isOn)
    #expect(try raw(document, agree.widgets[0].annotationID, "AS") == "/Yes")
    try document.setFieldChecked(agree.id, false)
    #expect(try field(document, "agree").values == ["Off"])
    let color = try field(document, "color")
    try document.setFieldValue(color.id, "Blue")
    var now = try field(document, "color")
    #expect(now.values == ["Blue"] && now.selected == [1] && now.widgets.map(\.isOn) == [false, true])
    #expect(try raw(document, color.widgets[0].annotationID, "AS") == "/Off")
    try document.setFieldValue(color.id, "0")  // a state name works too
    now = try field(document, "color")
    #expect(now.values == ["Red"] && now.widgets.map(\.isOn) == [true, false])
    expectError(.invalidArgument) { () throws(PDFError) in try document.setFieldValue(color.id, "Green") }
    expectError(.invalidArgument) { () throws(PDFError) in try document.setFieldChecked(color.id, true) }
  }

  @Test func choosesInComboAndListBoxes() throws {
    let document = try Self.form()
    let city = try field(document, "city")
    try document.setFieldValue(city.id, "Paris")  // display name
    #expect(try field(document, "city").values == ["pa"] && field(document, "city").selected == [1])
    let content = try Fixtures.appearanceContent(document, city.widgets[0].annotationID)
    #expect(content.contains("(Paris) Tj"))
    let matrix = try document.locked { () throws(PDFError) -> String? in
      let widget = try document.annotationObject(city.widgets[0].annotationID).object
      let qpdf = document.qpdf
      guard let normal = qpdf.entry(widget, "/AP").flatMap({ qpdf.entry($0, "/N") }),
        let matrix = qpdf.entry(qpdf_oh_get_dict(qpdf.data, normal), "/Matrix"),
        let text = qpdf_oh_unparse(qpdf.data, matrix)
      else { return nil }
      return String(cString: text)
    }
    #expect(matrix == "[ 0 1 -1 0 0 0 ]", "/MK /R 90 turns the appearance")
    expectError(.invalidArgument) { () throws(PDFError) in try document.setFieldValue(city.id, "Rome") }
    let langs = try field(document, "langs")
    try document.setFieldSelection(langs.id, [2, 0, 2])
    #expect(try field(document, "langs").values == ["Swift", "Python"] && field(document, "langs").selected == [0, 2])
    #expect(try raw(document, langs.widgets[0].annotationID, "I") == "[ 0 2 ]")
    let list = try Fixtures.appearanceContent(document, langs.widgets[0].annotationID)
    #expect(list.components(separatedBy: "0.6 0.757 0.855 rg").count == 3, "two selected rows are banded")
    expectError(.invalidArgument) { () throws(PDFError) in try document.setFieldSelection(city.id, [0, 1]) }
    expectError(.invalidArgument) { () throws(PDFError) in try document.setFieldSelection(langs.id, [3]) }
  }

  @Test func resetsFieldsAndTheForm() throws {
    let document = try Self.form()
    let before = try values(document)
    for (name, value) in [("name", "Ada"), ("color", "Blue"), ("city", "be")] {
      try document.setFieldValue(try document.findField(named: name), value)
    }
    try document.setFieldSelection(try document.findField(named: "langs"), [0])
    try document.resetField(try document.findField(named: "name"))
    #expect(try field(document, "name").values.isEmpty)
    #expect(try document.resetForm() == 5, "name, agree, color, city, langs (not read-only fixed, locked zip)")
    var expected = before
    expected["langs"] = ["C"]
    #expect(try values(document) == expected)
    #expect(try field(document, "langs").selected == [1])
  }

  @Test func fillsUndoAndRedoExactly() throws {
    let document = try Self.form()
    let start = try values(document)
    try document.setFieldValue(try document.findField(named: "name"), "A")
    try document.setFieldValue(try document.findField(named: "name"), "Ad")
    try document.setFieldValue(try document.findField(named: "name"), "Ada")
    let typed = try values(document)
    try document.setFieldChecked(try document.findField(named: "agree"), true)
    try document.setFieldValue(try document.findField(named: "color"), "Red")
    try document.setFieldSelection(try document.findField(named: "langs"), [1, 2])
    let end = try values(document)
    for _ in 0..<3 { #expect(try document.undo()) }
    #expect(try values(document) == typed)
    #expect(try document.undo(), "typing into one field is one step")
    #expect(try values(document) == start)
    #expect(!(try document.undo()))
    while try document.redo() {}
    #expect(try values(document) == end)
  }

  @Test func certifiedDocumentsRefuseFilling() throws {
    let locked = try Self.form(docMDP: 1)
    #expect(try locked.formInfo().isCertifiedNoChanges)
    expectError(.notPermitted) { () throws(PDFError) in try locked.setFieldValue(try locked.findField(named: "name"), "x") }
    expectError(.notPermitted) { () throws(PDFError) in try locked.resetField(try locked.findField(named: "agree")) }
    #expect(try locked.resetForm() == 0)
    let open = try Self.form(docMDP: 2)
    try open.setFieldValue(try open.findField(named: "name"), "x")
    #expect(try field(open, "name").values == ["x"])
  }

  @Test func incrementalSavesKeepTheOriginalAndTheValues() throws {
    let document = try Self.form()
    let original = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) }
    let reread = try Document.open(bytes: original)
    try reread.setFieldValue(try reread.findField(named: "name"), "Grace")
    try reread.setFieldValue(try reread.findField(named: "color"), "Blue")
    var options = SaveOptions()
    options.mode = .incremental
    let saved = try reread.withSavedBytes(options) { (bytes) throws(PDFError) in Array(bytes) }
    #expect(saved.starts(with: original))
    let again = try Document.open(bytes: saved)
    #expect(try field(again, "name").values == ["Grace"] && field(again, "color").values == ["Blue"])
  }

  /// Each file with the number of its text fields that carry a rich text value (/RV).
  @Test(arguments: [
    ("pdfbox-acroforms-basic-fields.pdf", 3), ("pdfbox-acroform-9-revisions.pdf", 1),
    ("qpdf-field-types-need-appearances.pdf", 0),
  ])
  func fillsFormsOfOtherPrograms(_ name: String, richTextFields: Int) throws {
    let document = try Document.open(path: Fixtures.corpusFile(name))
    let rich = try richTextFieldIDs(document)
    #expect(rich.count == richTextFields, "\(name): \(rich.count) fields with /RV")
    var filled = 0
    for field in try document.formFields() where !field.flags.contains(.readOnly) && !field.isLocked {
      switch field.type {
      case .text:
        try document.setFieldValue(field.id, "Filled \(filled)")
        #expect(try document.formField(field.id).values == ["Filled \(filled)"])
      case .checkbox, .radio:
        guard let last = field.options.last else { continue }
        try document.setFieldValue(field.id, last.exportValue)
        #expect(try document.formField(field.id).values == [last.exportValue], "\(field.name)")
      case .comboBox, .listBox:
        guard !field.options.isEmpty else { continue }
        try document.setFieldSelection(field.id, [field.options.count - 1])
        #expect(try document.formField(field.id).values == [field.options[field.options.count - 1].exportValue])
      default:
        continue
      }
      filled += 1
    }
    #expect(filled >= 8, "\(name): \(filled) fields filled")
    let filledFields = Set(try document.formFields().filter { $0.type == .text && !$0.flags.contains(.readOnly) && !$0.isLocked }.map(\.id))
    #expect(try richTextFieldIDs(document) == rich.subtracting(filledFields), "\(name): no stale /RV on a filled field")
    for field in try document.formFields() where field.type == .pushButton || field.type == .signature {
      expectError(.invalidArgument, "\(field.name) takes no value") { () throws(PDFError) in
        try document.setFieldValue(field.id, "x")
      }
    }
    let saved = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in Array(bytes) }
    let reread = try Document.open(bytes: saved)
    #expect(try reread.formFields().map(\.values) == document.formFields().map(\.values))
  }

  /// The ids of the text fields whose field dictionary holds a rich text value (/RV).
  private func richTextFieldIDs(_ document: Document) throws -> Set<Int64> {
    let textFields = try document.formFields().filter { $0.type == .text }.map(\.id)
    return try document.locked { () throws(PDFError) -> Set<Int64> in
      var ids = Set<Int64>()
      for id in textFields where document.qpdf.value(try document.fieldNode(id).object, "RV") != nil { ids.insert(id) }
      return ids
    }
  }

  @Test func formDataGoesThroughXFDF() throws {
    let source = try Document.open(path: Fixtures.corpusFile("pdfbox-acroform-9-revisions.pdf"))
    let xfdf = try source.exportFormData()
    #expect(xfdf.contains("<field name=\"ListBoxMultiSelect\"><value>Earth</value><value>Sun</value><value>Venus</value></field>"))
    #expect(!xfdf.contains("\"Button\""), "push buttons carry no data")
    let target = try Document.open(path: Fixtures.corpusFile("pdfbox-acroform-9-revisions.pdf"))
    try target.resetForm()
    try target.clearUndo()
    let result = try target.importFormData(xfdf)
    #expect(result.filled == 10 && result.skipped == 0)
    #expect(try target.formFields().map(\.values) == source.formFields().map(\.values))
    #expect(try target.undo() && !target.undo(), "one undo step")
    // Nested names, an unknown field, and a value that is no option (which changes nothing).
    let document = try Self.form()
    let nested = """
      <?xml version="1.0"?><xfdf xmlns="http://ns.adobe.com/xfdf/"><fields>
      <field name="name"><value>Ada</value></field><field name="nope"><value>x</value></field>
      <field name="langs"><value>C</value><value>Python</value></field></fields></xfdf>
      """
    #expect(try document.importFormData(nested) == { var r = FormDataImport(); r.filled = 2; r.skipped = 1; return r }())
    #expect(try field(document, "langs").values == ["C", "Python"])
    let bad = "<xfdf xmlns=\"http://ns.adobe.com/xfdf/\"><fields><field name=\"name\"><value>Bo</value></field>\n<field name=\"city\"><value>Rome</value></field></fields></xfdf>"
    expectError(.invalidArgument) { () throws(PDFError) in try document.importFormData(bad) }
    #expect(try field(document, "name").values == ["Ada"], "all or nothing")
  }

  /// A form of nested fields: `address` (no widget) with the only kid `city`, a field named by
  /// 200 dots, a multi-select list whose /V lists its options backwards, and a text field whose
  /// value is longer than its /MaxLen.
  private func oddForm() throws -> Document {
    let page = "/Type /Annot /Subtype /Widget /P 3 0 R"
    let dots = String(repeating: ".", count: 200)
    return try Document.open(bytes: Fixtures.pdf([
      "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R 6 0 R 7 0 R 8 0 R] >> >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [5 0 R 6 0 R 7 0 R 8 0 R] >>",
      "<< /T (address) /Kids [5 0 R] >>",
      "<< \(page) /FT /Tx /T (city) /Rect [50 700 250 720] >>",
      "<< \(page) /FT /Tx /T (\(dots)) /V (x) /Rect [50 650 250 670] >>",
      "<< \(page) /FT /Ch /Ff 2097152 /T (langs) /Opt [(A) (B) (C)] /V [(C) (A)] /Rect [50 550 250 620] >>",
      "<< \(page) /FT /Tx /T (short) /MaxLen 3 /V (abcdef) /Rect [300 700 400 720] >>",
    ]))
  }

  @Test func oddFormsAreReadFilledAndPruned() throws {
    let document = try oddForm()
    #expect(try field(document, "langs").values == ["A", "C"], "values in option order")
    let short = try document.findField(named: "short")
    try document.setFieldValue(short, "abcde")  // shorter than before: allowed, though over /MaxLen
    expectError(.invalidArgument) { () throws(PDFError) in try document.setFieldValue(short, "abcdefg") }
    let xfdf = try document.exportFormData()
    #expect(xfdf.contains("<field name=\"address\">") && xfdf.contains("<field name=\"city\"></field>"))
    // Deleting the only kid of `address` takes `address` out of the form too.
    try document.deleteField(try document.findField(named: "address.city"))
    #expect(try !document.formFields().map(\.name).contains { $0.hasPrefix("address") })
    #expect(try !document.exportFormData().contains("address"))
    #expect(try document.undo() && document.formFields().map(\.name).contains("address.city"))
  }

  @Test func widgetsOfSignedFormsAreNotDeleted() throws {
    let document = try Self.form()
    let widget = try field(document, "name").widgets[0].annotationID
    expectError(.notPermitted) { () throws(PDFError) in try document.deleteAnnotation(widget) }
    #expect(try field(document, "name").widgets.count == 1)
  }
}
