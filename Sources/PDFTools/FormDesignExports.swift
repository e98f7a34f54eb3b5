// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// The versioned structs of form design.
enum FormStructs {
  /// pdftools_field_style: Helvetica fitted, black, a 1-point black border.
  static let style = GrowingStruct<pdftools_field_style>(
    name: "pdftools_field_style", sizes: [MemoryLayout<pdftools_field_style>.size],
    defaults: pdftools_field_style(
      version: 1, font: nil, font_size: 0, text_color: pdftools_color(r: 0, g: 0, b: 0), has_border: 1,
      border_color: pdftools_color(r: 0, g: 0, b: 0), has_background: 0, background_color: pdftools_color(r: 1, g: 1, b: 1),
      border_width: 1, border_style: PDFTOOLS_BORDER_SOLID, alignment: 0))
  /// pdftools_field_spec.
  static let spec = GrowingStruct<pdftools_field_spec>(
    name: "pdftools_field_spec", sizes: [MemoryLayout<pdftools_field_spec>.size],
    defaults: pdftools_field_spec(
      version: 1, type: PDFTOOLS_FIELD_TEXT, name: nil, page_index: 0, rect: pdftools_rect(x0: 0, y0: 0, x1: 0, y1: 0),
      flags: 0, options: nil, option_names: nil, option_count: 0, default_value: nil, max_length: -1, tooltip: nil,
      style: style.defaults))
}

/// The core form of a C style.
private func coreStyle(_ value: pdftools_field_style) throws(PDFError) -> FieldStyle {
  guard value.version >= 1 else { throw PDFError(.invalidArgument, "pdftools_field_style.version 0 is not supported") }
  var style = FieldStyle()
  style.font = try optionalText(value.font, "style.font") ?? "Helvetica"
  style.fontSize = value.font_size
  style.textColor = RGBColor(value.text_color.r, value.text_color.g, value.text_color.b)
  style.borderColor = value.has_border != 0 ? RGBColor(value.border_color.r, value.border_color.g, value.border_color.b) : nil
  style.backgroundColor = value.has_background != 0
    ? RGBColor(value.background_color.r, value.background_color.g, value.background_color.b) : nil
  style.borderWidth = value.border_width
  let styles = BorderStyle.allCases
  guard Int(value.border_style.rawValue) < styles.count else {
    throw PDFError(.invalidArgument, "\(value.border_style.rawValue) is not a pdftools_border_style value")
  }
  style.borderStyle = styles[Int(value.border_style.rawValue)]
  style.alignment = Int(value.alignment)
  return style
}

/// `count` strings of a caller's array (NULL entries refused).
private func strings(_ pointer: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int32, _ name: String) throws(PDFError)
  -> [String]?
{
  guard let items = try givenArray(pointer, count, name) else { return nil }
  var result: [String] = []
  for (index, item) in items.enumerated() { result.append(try text(item, "\(name)[\(index)]")) }
  return result
}

/// Options from export values and (optional) names.
private func options(
  _ exports: UnsafePointer<UnsafePointer<CChar>?>?, _ names: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int32
) throws(PDFError) -> [FieldOption] {
  let values = try strings(exports, count, "options") ?? []
  let shown = names == nil ? values : try strings(names, count, "option names") ?? values
  return zip(values, shown).map { FieldOption(exportValue: $0, displayName: $1) }
}

/// Creates a field.
@_cdecl("pdftools_form_add_field")
public func abiFormAddField(
  _ document: OpaquePointer?, _ spec: UnsafePointer<pdftools_field_spec>?, _ outID: UnsafeMutablePointer<Int64>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    guard let spec else { throw PDFError(.invalidArgument, "spec is NULL") }
    let value = try FormStructs.spec.read(spec)
    guard let type = FieldType(rawValue: Int32(bitPattern: value.type.rawValue)), type != .unknown else {
      throw PDFError(.invalidArgument, "\(value.type.rawValue) is not a pdftools_field_type a field can be made of")
    }
    let rect = Rect(value.rect.x0, value.rect.y0, value.rect.x1, value.rect.y1)
    var core = FieldSpec(type: type, name: try text(value.name, "spec.name"), page: Int(value.page_index), rect: rect)
    core.flags = FieldFlags(rawValue: value.flags)
    core.options = try options(value.options, value.option_names, value.option_count)
    core.defaultValue = try optionalText(value.default_value, "spec.default_value")
    core.maxLength = value.max_length < 0 ? nil : Int(value.max_length)
    core.tooltip = try optionalText(value.tooltip, "spec.tooltip")
    core.style = try coreStyle(value.style)
    let id = try doc.createField(core)
    outID?.pointee = id
  }
}

/// Adds a widget to a field.
@_cdecl("pdftools_field_add_widget")
public func abiFieldAddWidget(
  _ document: OpaquePointer?, _ id: Int64, _ page: Int32, _ rect: UnsafePointer<pdftools_rect>?,
  _ exportValue: UnsafePointer<CChar>?, _ outAnnotation: UnsafeMutablePointer<Int64>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    guard let rect = rect?.pointee else { throw PDFError(.invalidArgument, "rect is NULL") }
    let annotation = try doc.addFieldWidget(
      id, page: Int(page), rect: Rect(rect.x0, rect.y0, rect.x1, rect.y1),
      exportValue: try optionalText(exportValue, "export_value"))
    outAnnotation?.pointee = annotation
  }
}

/// Deletes a field.
@_cdecl("pdftools_field_delete")
public func abiFieldDelete(_ document: OpaquePointer?, _ id: Int64) -> pdftools_status {
  call { () throws(PDFError) in try Registry.document(document).deleteField(id) }
}

/// Renames a field.
@_cdecl("pdftools_field_rename")
public func abiFieldRename(_ document: OpaquePointer?, _ id: Int64, _ name: UnsafePointer<CChar>?) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    try doc.renameField(id, to: try text(name, "name"))
  }
}

/// Sets a field's flags.
@_cdecl("pdftools_field_set_flags")
public func abiFieldSetFlags(_ document: OpaquePointer?, _ id: Int64, _ flags: UInt32) -> pdftools_status {
  call { () throws(PDFError) in try Registry.document(document).setFieldFlags(id, FieldFlags(rawValue: flags)) }
}

/// Replaces a choice field's options.
@_cdecl("pdftools_field_set_options")
public func abiFieldSetOptions(
  _ document: OpaquePointer?, _ id: Int64, _ exports: UnsafePointer<UnsafePointer<CChar>?>?,
  _ names: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int32
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    try doc.setFieldOptions(id, try options(exports, names, count))
  }
}

/// Sets a field's default value.
@_cdecl("pdftools_field_set_default_value")
public func abiFieldSetDefaultValue(_ document: OpaquePointer?, _ id: Int64, _ value: UnsafePointer<CChar>?) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    try doc.setFieldDefaultValue(id, try optionalText(value, "value"))
  }
}

/// Sets a field's tooltip.
@_cdecl("pdftools_field_set_tooltip")
public func abiFieldSetTooltip(_ document: OpaquePointer?, _ id: Int64, _ tooltip: UnsafePointer<CChar>?) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    try doc.setFieldTooltip(id, try optionalText(tooltip, "tooltip"))
  }
}

/// Sets a text field's maximum length.
@_cdecl("pdftools_field_set_max_length")
public func abiFieldSetMaxLength(_ document: OpaquePointer?, _ id: Int64, _ length: Int32) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    try doc.setFieldMaxLength(id, length < 0 ? nil : Int(length))
  }
}

/// Sets a field's style.
@_cdecl("pdftools_field_set_style")
public func abiFieldSetStyle(_ document: OpaquePointer?, _ id: Int64, _ style: UnsafePointer<pdftools_field_style>?) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    guard let style else { throw PDFError(.invalidArgument, "style is NULL") }
    try doc.setFieldStyle(id, try coreStyle(try FormStructs.style.read(style)))
  }
}
