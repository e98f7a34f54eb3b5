// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF
import Testing

@testable import PDFToolsCore

/// Designing forms: creating every field type, changing and deleting fields, undo.
@Suite struct FormDesignTests {
  /// A new two-page document.
  private func blank() throws -> Document {
    let document = try Document.makeNew()
    try document.insertBlankPage(at: 0, width: 612, height: 792)
    try document.insertBlankPage(at: 1, width: 612, height: 792)
    return document
  }

  /// A spec of `type` named `name` at `rect` on page 0.
  private func spec(_ type: FieldType, _ name: String, _ rect: Rect, page: Int = 0) -> FieldSpec {
    FieldSpec(type: type, name: name, page: page, rect: rect)
  }

  @Test func createsEveryFieldTypeAndFillsIt() throws {
    let document = try blank()
    var text = spec(.text, "name", Rect(50, 700, 250, 720))
    text.defaultValue = "Ada"
    text.tooltip = "Your name"
    let name = try document.createField(text)
    var check = spec(.checkbox, "agree", Rect(50, 660, 66, 676))
    check.options = [FieldOption(exportValue: "On", displayName: "On")]
    let agree = try document.createField(check)
    var radio = spec(.radio, "size", Rect(50, 620, 66, 636))
    radio.options = [FieldOption(exportValue: "S", displayName: "S")]
    let size = try document.createField(radio)
    let medium = try document.addFieldWidget(size, page: 0, rect: Rect(80, 620, 96, 636), exportValue: "M")
    _ = try document.addFieldWidget(size, page: 1, rect: Rect(80, 620, 96, 636), exportValue: "L")
    var combo = spec(.comboBox, "city", Rect(50, 580, 250, 600))
    combo.options = [FieldOption(exportValue: "be", displayName: "Berlin"), FieldOption(exportValue: "pa", displayName: "Paris")]
    combo.defaultValue = "Paris"
    let city = try document.createField(combo)
    var list = spec(.listBox, "langs", Rect(50, 500, 250, 560))
    list.options = ["Swift", "C", "Python"].map { FieldOption(exportValue: $0, displayName: $0) }
    list.flags = [.multiSelect]
    let langs = try document.createField(list)
    var button = spec(.pushButton, "send", Rect(300, 700, 400, 720))
    button.options = [FieldOption(exportValue: "Send", displayName: "Send")]
    let send = try document.createField(button)
    let sign = try document.createField(spec(.signature, "signature", Rect(300, 600, 450, 650)))
    var comb = spec(.text, "zip", Rect(300, 550, 400, 570))
    comb.flags = [.comb]
    comb.maxLength = 5
    let zip = try document.createField(comb)

    let fields = try document.formFields()
    #expect(fields.map(\.name) == ["name", "agree", "size", "city", "langs", "send", "signature", "zip"])
    #expect(fields.map(\.type) == [.text, .checkbox, .radio, .comboBox, .listBox, .pushButton, .signature, .text])
    #expect(try document.formField(name).values == ["Ada"] && document.formField(name).tooltip == "Your name")
    #expect(try document.formField(city).values == ["pa"] && document.formField(city).selected == [1])
    #expect(try document.formField(size).options.map(\.exportValue) == ["S", "M", "L"])
    #expect(try document.formField(size).widgets.map(\.page) == [0, 0, 1])
    #expect(try document.formField(agree).values == ["Off"])
    #expect(try document.formField(send).widgets.count == 1 && document.formField(sign).type == .signature)
    #expect(try document.field(ofWidget: medium) == size)

    try document.setFieldValue(name, "Grace")
    try document.setFieldChecked(agree, true)
    try document.setFieldValue(size, "M")
    try document.setFieldSelection(langs, [0, 2])
    try document.setFieldValue(zip, "12345")
    #expect(try document.formField(agree).values == ["On"])
    #expect(try document.formField(size).widgets.map(\.isOn) == [false, true, false])
    #expect(try document.formField(langs).values == ["Swift", "Python"])
    let digits = try Fixtures.appearanceContent(document, try document.formField(zip).widgets[0].annotationID)
    #expect(digits.components(separatedBy: " Tj").count == 6, "a comb draws each of 5 digits on its own")
    // What was made reads back after a full save.
    var full = SaveOptions()
    full.mode = .full  // a new document with a signature field is saved in full on request only
    let saved = try document.withSavedBytes(full) { (bytes) throws(PDFError) in Array(bytes) }
    let reread = try Document.open(bytes: saved)
    #expect(try reread.formFields().map(\.values) == document.formFields().map(\.values))
    // Creation is undoable, field by field.
    var steps = 0
    while try document.undo() { steps += 1 }
    #expect(try steps == 17 && document.formFields().isEmpty)
    while try document.redo() {}
    #expect(try document.formFields().map(\.values) == reread.formFields().map(\.values))
  }

  @Test func changesAndDeletesFields() throws {
    let document = try blank()
    var text = spec(.text, "note", Rect(50, 700, 250, 760))
    text.defaultValue = "one two three four five six seven eight nine ten eleven twelve thirteen"
    let note = try document.createField(text)
    let widget = try document.formField(note).widgets[0].annotationID
    let single = try Fixtures.appearanceContent(document, widget)
    try document.setFieldFlags(note, [.multiline, .required])
    let field = try document.formField(note)
    #expect(field.flags.contains(.multiline) && field.flags.contains(.required))
    let multi = try Fixtures.appearanceContent(document, widget)
    #expect(single.components(separatedBy: " Tj").count == 2 && multi.components(separatedBy: " Tj").count > 2)
    try document.renameField(note, to: "remark")
    #expect(try document.formField(note).name == "remark")
    var style = FieldStyle()
    style.borderColor = RGBColor(1, 0, 0)
    style.backgroundColor = nil
    style.fontSize = 9
    try document.setFieldStyle(note, style)
    #expect(try document.annotationRawValue(widget, key: "MK") == "<< /BC [ 1 0 0 ] /BG [ ] >>")
    #expect(try document.formField(note).defaultAppearance == "/Helv 9 Tf 0 0 0 rg")
    // A resized widget is laid out again.
    try document.updateAnnotation(widget, [.rect(Rect(50, 600, 450, 760))])
    let bbox = try document.locked { () throws(PDFError) -> String in
      let qpdf = document.qpdf
      let object = try document.annotationObject(widget).object
      guard let normal = qpdf.entry(object, "/AP").flatMap({ qpdf.entry($0, "/N") }),
        let box = qpdf.entry(qpdf_oh_get_dict(qpdf.data, normal), "/BBox"), let text = qpdf_oh_unparse(qpdf.data, box)
      else { return "" }
      return String(cString: text)
    }
    #expect(bbox == "[ 0 0 400 160 ]")
    var choice = spec(.comboBox, "pick", Rect(50, 500, 250, 520))
    choice.options = [FieldOption(exportValue: "a", displayName: "a")]
    let pick = try document.createField(choice)
    try document.setFieldValue(pick, "a")
    try document.setFieldOptions(pick, [FieldOption(exportValue: "b", displayName: "Bee")])
    #expect(try document.formField(pick).values.isEmpty, "a value that is no longer an option is cleared")
    try document.setFieldDefaultValue(pick, "Bee")
    #expect(try document.formField(pick).defaultValues == ["b"])
    expectError(.invalidArgument) { () throws(PDFError) in try document.setFieldDefaultValue(pick, "Sea") }
    expectError(.invalidArgument) { () throws(PDFError) in try document.renameField(pick, to: "remark") }
    expectError(.invalidArgument) { () throws(PDFError) in try document.renameField(pick, to: "a.b") }
    try document.deleteField(pick)
    #expect(try document.formFields().map(\.name) == ["remark"])
    #expect(try document.annotations(onPage: 0).count == 1)
    // Deleting the widget annotation takes its field out of the form.
    try document.deleteAnnotation(widget)
    #expect(try document.formFields().isEmpty)
    #expect(try document.undo() && document.formFields().map(\.name) == ["remark"])
  }

  @Test func refusesBadSpecs() throws {
    let document = try blank()
    _ = try document.createField(spec(.text, "a", Rect(0, 0, 10, 10)))
    for bad in [
      spec(.text, "a", Rect(0, 0, 10, 10)), spec(.text, "", Rect(0, 0, 10, 10)), spec(.text, "x.y", Rect(0, 0, 10, 10)),
      spec(.unknown, "b", Rect(0, 0, 10, 10)), spec(.text, "b", Rect(0, 0, 0, 10)),
    ] {
      expectError(.invalidArgument) { () throws(PDFError) in try document.createField(bad) }
    }
    var comb = spec(.text, "c", Rect(0, 0, 10, 10))
    comb.flags = [.comb]
    expectError(.invalidArgument) { () throws(PDFError) in try document.createField(comb) }
    var off = spec(.checkbox, "d", Rect(0, 0, 10, 10))
    off.options = [FieldOption(exportValue: "Off", displayName: "Off")]
    expectError(.invalidArgument) { () throws(PDFError) in try document.createField(off) }
    expectError(.outOfRange) { () throws(PDFError) in try document.createField(spec(.text, "e", Rect(0, 0, 10, 10), page: 5)) }
    #expect(try document.formFields().count == 1)
  }

  @Test func signedDocumentsRefuseDesign() throws {
    let signed = try FormFieldTests.form()
    expectError(.notPermitted) { () throws(PDFError) in
      try signed.createField(FieldSpec(type: .text, name: "new", page: 0, rect: Rect(0, 0, 10, 10)))
    }
    expectError(.notPermitted) { () throws(PDFError) in try signed.deleteField(try signed.findField(named: "name")) }
  }
}
