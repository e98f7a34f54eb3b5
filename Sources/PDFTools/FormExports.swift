// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// One field as the C struct.
private func cFieldInfo(_ field: FormField) -> pdftools_field_info {
  var info = pdftools_field_info()
  info.id = field.id
  info.type = pdftools_field_type(rawValue: UInt32(bitPattern: field.type.rawValue))
  info.flags = field.flags.rawValue
  info.alignment = Int32(truncatingIfNeeded: field.alignment)
  info.max_length = field.maxLength.map { Int32(clamping: $0) } ?? -1
  info.value_count = Int32(clamping: field.values.count)
  info.default_count = Int32(clamping: field.defaultValues.count)
  info.option_count = Int32(clamping: field.options.count)
  info.selected_count = Int32(clamping: field.selected.count)
  info.widget_count = Int32(clamping: field.widgets.count)
  info.locked = field.isLocked ? 1 : 0
  info.is_signed = field.isSigned ? 1 : 0
  info.name_size = field.name.utf8.count
  return info
}

/// Item `index` of `items`, OUT_OF_RANGE outside them.
private func item<T>(_ items: [T], _ index: Int32, _ what: String) throws(PDFError) -> T {
  guard index >= 0, Int(index) < items.count else {
    throw PDFError(.outOfRange, "\(what) \(index) is out of range (\(items.count))")
  }
  return items[Int(index)]
}

/// What the form holds.
@_cdecl("pdftools_form_get_info")
public func abiFormGetInfo(
  _ document: OpaquePointer?, _ elementSize: UInt, _ out: UnsafeMutablePointer<pdftools_form_info>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(out, "out_info")
    let form = try doc.formInfo()
    var info = pdftools_form_info()
    info.has_form = form.hasForm ? 1 : 0
    info.need_appearances = form.needAppearances ? 1 : 0
    info.has_xfa = form.hasXFA ? 1 : 0
    info.field_count = Int32(clamping: form.fieldCount)
    info.signed_count = Int32(clamping: form.signedCount)
    info.certified_no_changes = form.isCertifiedNoChanges ? 1 : 0
    var count: Int32 = 0
    try copyStrided(
      [info], UnsafeMutableRawPointer(out), elementSize: elementSize,
      minimum: MemoryLayout<pdftools_form_info>.size, 1, &count)
  }
}

/// Every field.
@_cdecl("pdftools_form_get_fields")
public func abiFormGetFields(
  _ document: OpaquePointer?, _ elementSize: UInt, _ buffer: UnsafeMutablePointer<pdftools_field_info>?,
  _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outCount, "out_count")
    try copyStrided(
      try doc.formFields().map(cFieldInfo), UnsafeMutableRawPointer(buffer), elementSize: elementSize,
      minimum: MemoryLayout<pdftools_field_info>.size, capacity, outCount)
  }
}

/// One field.
@_cdecl("pdftools_field_get_info")
public func abiFieldGetInfo(
  _ document: OpaquePointer?, _ id: Int64, _ elementSize: UInt, _ out: UnsafeMutablePointer<pdftools_field_info>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(out, "out_info")
    var count: Int32 = 0
    try copyStrided(
      [cFieldInfo(try doc.formField(id))], UnsafeMutableRawPointer(out), elementSize: elementSize,
      minimum: MemoryLayout<pdftools_field_info>.size, 1, &count)
  }
}

/// The field with a full name.
@_cdecl("pdftools_form_find_field")
public func abiFormFindField(
  _ document: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ outID: UnsafeMutablePointer<Int64>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let target = try require(outID, "out_id")
    target.pointee = try doc.findField(named: try text(name, "name"))
  }
}

/// The field of a widget.
@_cdecl("pdftools_form_get_widget_field")
public func abiFormGetWidgetField(
  _ document: OpaquePointer?, _ annotation: Int64, _ outID: UnsafeMutablePointer<Int64>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let target = try require(outID, "out_id")
    target.pointee = try doc.field(ofWidget: annotation)
  }
}

/// A text of a field (two-call pattern).
@_cdecl("pdftools_field_get_text")
public func abiFieldGetText(
  _ document: OpaquePointer?, _ id: Int64, _ which: pdftools_field_text, _ buffer: UnsafeMutablePointer<CChar>?,
  _ bufferSize: UInt, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outSize, "out_size")
    let field = try doc.formField(id)
    let value: String
    switch which {
    case PDFTOOLS_FIELD_TEXT_NAME: value = field.name
    case PDFTOOLS_FIELD_TEXT_PARTIAL_NAME: value = field.partialName
    case PDFTOOLS_FIELD_TEXT_TOOLTIP: value = field.tooltip ?? ""
    case PDFTOOLS_FIELD_TEXT_MAPPING_NAME: value = field.mappingName ?? ""
    case PDFTOOLS_FIELD_TEXT_DEFAULT_APPEARANCE: value = field.defaultAppearance ?? ""
    default: throw PDFError(.invalidArgument, "\(which.rawValue) is not a pdftools_field_text value")
    }
    try copyOut(value, buffer, bufferSize, outSize)
  }
}

/// A value of a field (two-call pattern).
@_cdecl("pdftools_field_get_value")
public func abiFieldGetValue(
  _ document: OpaquePointer?, _ id: Int64, _ index: Int32, _ buffer: UnsafeMutablePointer<CChar>?,
  _ bufferSize: UInt, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outSize, "out_size")
    try copyOut(try item(try doc.formField(id).values, index, "value"), buffer, bufferSize, outSize)
  }
}

/// A default value of a field (two-call pattern).
@_cdecl("pdftools_field_get_default_value")
public func abiFieldGetDefaultValue(
  _ document: OpaquePointer?, _ id: Int64, _ index: Int32, _ buffer: UnsafeMutablePointer<CChar>?,
  _ bufferSize: UInt, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outSize, "out_size")
    try copyOut(try item(try doc.formField(id).defaultValues, index, "default value"), buffer, bufferSize, outSize)
  }
}

/// An option of a field (two-call pattern).
@_cdecl("pdftools_field_get_option")
public func abiFieldGetOption(
  _ document: OpaquePointer?, _ id: Int64, _ index: Int32, _ display: Int32, _ buffer: UnsafeMutablePointer<CChar>?,
  _ bufferSize: UInt, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outSize, "out_size")
    let option = try item(try doc.formField(id).options, index, "option")
    try copyOut(display != 0 ? option.displayName : option.exportValue, buffer, bufferSize, outSize)
  }
}

/// The selected options.
@_cdecl("pdftools_field_get_selected")
public func abiFieldGetSelected(
  _ document: OpaquePointer?, _ id: Int64, _ buffer: UnsafeMutablePointer<Int32>?, _ capacity: Int32,
  _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outCount, "out_count")
    let selected = try doc.formField(id).selected.map { Int32(clamping: $0) }
    try copyStrided(
      selected, UnsafeMutableRawPointer(buffer), elementSize: UInt(MemoryLayout<Int32>.stride),
      minimum: MemoryLayout<Int32>.size, capacity, outCount)
  }
}

/// The widgets of a field.
@_cdecl("pdftools_field_get_widgets")
public func abiFieldGetWidgets(
  _ document: OpaquePointer?, _ id: Int64, _ elementSize: UInt, _ buffer: UnsafeMutablePointer<pdftools_field_widget>?,
  _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outCount, "out_count")
    let widgets = try doc.formField(id).widgets.map { widget in
      var value = pdftools_field_widget()
      value.annotation = widget.annotationID
      value.page_index = Int32(clamping: widget.page)
      value.rect = pdftools_rect(x0: widget.rect.x0, y0: widget.rect.y0, x1: widget.rect.x1, y1: widget.rect.y1)
      value.on = widget.isOn ? 1 : 0
      value.on_state_size = widget.onState?.utf8.count ?? 0
      return value
    }
    try copyStrided(
      widgets, UnsafeMutableRawPointer(buffer), elementSize: elementSize,
      minimum: MemoryLayout<pdftools_field_widget>.size, capacity, outCount)
  }
}

/// The on state of a widget (two-call pattern).
@_cdecl("pdftools_field_get_widget_state")
public func abiFieldGetWidgetState(
  _ document: OpaquePointer?, _ id: Int64, _ index: Int32, _ buffer: UnsafeMutablePointer<CChar>?,
  _ bufferSize: UInt, _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outSize, "out_size")
    try copyOut(try item(try doc.formField(id).widgets, index, "widget").onState ?? "", buffer, bufferSize, outSize)
  }
}

/// Sets a field's value.
@_cdecl("pdftools_field_set_value")
public func abiFieldSetValue(_ document: OpaquePointer?, _ id: Int64, _ value: UnsafePointer<CChar>?) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    try doc.setFieldValue(id, try text(value, "value"))
  }
}

/// Checks or unchecks a check box.
@_cdecl("pdftools_field_set_checked")
public func abiFieldSetChecked(_ document: OpaquePointer?, _ id: Int64, _ checked: Int32) -> pdftools_status {
  call { () throws(PDFError) in try Registry.document(document).setFieldChecked(id, checked != 0) }
}

/// Selects options of a choice field.
@_cdecl("pdftools_field_set_selection")
public func abiFieldSetSelection(
  _ document: OpaquePointer?, _ id: Int64, _ indices: UnsafePointer<Int32>?, _ count: Int32
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let chosen = try givenArray(indices, count, "indices") ?? []
    try doc.setFieldSelection(id, chosen.map { Int($0) })
  }
}

/// Resets one field.
@_cdecl("pdftools_field_reset")
public func abiFieldReset(_ document: OpaquePointer?, _ id: Int64) -> pdftools_status {
  call { () throws(PDFError) in try Registry.document(document).resetField(id) }
}

/// Resets the form.
@_cdecl("pdftools_form_reset")
public func abiFormReset(_ document: OpaquePointer?, _ outCount: UnsafeMutablePointer<Int32>?) -> pdftools_status {
  call { () throws(PDFError) in
    let count = try Registry.document(document).resetForm()
    outCount?.pointee = Int32(clamping: count)
  }
}

/// The form's data as XFDF.
@_cdecl("pdftools_form_export_xfdf")
public func abiFormExportXFDF(
  _ document: OpaquePointer?, _ outXML: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let xmlOut = try require(outXML, "out_xml")
    let sizeOut = try require(outSize, "out_size")
    try copyAllocated(try doc.exportFormData(), xmlOut, sizeOut)
  }
}

/// Fills the form from XFDF.
@_cdecl("pdftools_form_import_xfdf")
public func abiFormImportXFDF(
  _ document: OpaquePointer?, _ xfdf: UnsafePointer<CChar>?, _ outFilled: UnsafeMutablePointer<Int32>?,
  _ outSkipped: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let result = try doc.importFormData(try text(xfdf, "xfdf"))
    outFilled?.pointee = Int32(clamping: result.filled)
    outSkipped?.pointee = Int32(clamping: result.skipped)
  }
}
