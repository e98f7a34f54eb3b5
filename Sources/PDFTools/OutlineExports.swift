// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import PDFToolsCore

/// The C form of a destination.
private func cDestination(_ destination: Destination) -> pdftools_destination {
  var value = pdftools_destination()
  value.page_index = Int32(truncatingIfNeeded: destination.page)
  value.fit = pdftools_destination_fit(rawValue: UInt32(bitPattern: destination.fit.rawValue))
  let fields: [(KeyPath<Destination, Double?>, WritableKeyPath<pdftools_destination, Double>, pdftools_destination_field)] = [
    (\.left, \.left, PDFTOOLS_DEST_LEFT), (\.top, \.top, PDFTOOLS_DEST_TOP), (\.right, \.right, PDFTOOLS_DEST_RIGHT),
    (\.bottom, \.bottom, PDFTOOLS_DEST_BOTTOM), (\.zoom, \.zoom, PDFTOOLS_DEST_ZOOM),
  ]
  for (source, target, bit) in fields {
    guard let number = destination[keyPath: source] else { continue }
    value[keyPath: target] = number
    value.has |= bit.rawValue
  }
  return value
}

/// The core form of the caller's destination (NULL: nil), its fit checked.
private func coreDestination(_ pointer: UnsafePointer<pdftools_destination>?) throws(PDFError) -> Destination? {
  guard let value = pointer?.pointee else { return nil }
  guard let fit = DestinationFit(rawValue: Int32(bitPattern: value.fit.rawValue)) else {
    throw PDFError(.invalidArgument, "\(value.fit.rawValue) is not a pdftools_destination_fit value")
  }
  func field(_ number: Double, _ bit: pdftools_destination_field) -> Double? {
    value.has & bit.rawValue != 0 ? number : nil
  }
  return Destination(
    page: Int(value.page_index), fit: fit, left: field(value.left, PDFTOOLS_DEST_LEFT),
    top: field(value.top, PDFTOOLS_DEST_TOP), right: field(value.right, PDFTOOLS_DEST_RIGHT),
    bottom: field(value.bottom, PDFTOOLS_DEST_BOTTOM), zoom: field(value.zoom, PDFTOOLS_DEST_ZOOM))
}

/// The outline, depth first.
@_cdecl("pdftools_document_get_outline")
public func abiDocumentGetOutline(
  _ document: OpaquePointer?, _ elementSize: UInt, _ buffer: UnsafeMutablePointer<pdftools_outline_item>?,
  _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outCount, "out_count")
    let items = try doc.outline().map(cOutlineItem)
    try copyStrided(
      items, UnsafeMutableRawPointer(buffer), elementSize: elementSize,
      minimum: MemoryLayout<pdftools_outline_item>.size, capacity, outCount)
  }
}

/// One outline item as the C struct.
private func cOutlineItem(_ item: OutlineItem) -> pdftools_outline_item {
  var value = pdftools_outline_item()
  value.id = item.id
  value.parent = item.parent
  value.depth = Int32(truncatingIfNeeded: item.depth)
  value.child_count = Int32(truncatingIfNeeded: item.childCount)
  switch item.target {
  case .none: value.target = PDFTOOLS_OUTLINE_TARGET_NONE
  case .destination(let destination):
    value.target = PDFTOOLS_OUTLINE_TARGET_DESTINATION
    value.destination = cDestination(destination)
  case .uri: value.target = PDFTOOLS_OUTLINE_TARGET_URI
  case .action: value.target = PDFTOOLS_OUTLINE_TARGET_ACTION
  }
  if let color = item.color {
    value.color = pdftools_color(r: color.r, g: color.g, b: color.b)
    value.has_color = 1
  }
  value.bold = item.bold ? 1 : 0
  value.italic = item.italic ? 1 : 0
  value.open = item.isOpen ? 1 : 0
  value.title_size = item.title.utf8.count
  return value
}

/// One outline item, read on its own.
@_cdecl("pdftools_outline_get_item")
public func abiOutlineGetItem(
  _ document: OpaquePointer?, _ id: Int64, _ elementSize: UInt, _ out: UnsafeMutablePointer<pdftools_outline_item>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(out, "out_item")
    var count: Int32 = 0
    try copyStrided(
      [cOutlineItem(try doc.outlineItemInfo(id))], UnsafeMutableRawPointer(out), elementSize: elementSize,
      minimum: MemoryLayout<pdftools_outline_item>.size, 1, &count)
  }
}

/// An item's title (two-call pattern).
@_cdecl("pdftools_outline_get_title")
public func abiOutlineGetTitle(
  _ document: OpaquePointer?, _ id: Int64, _ buffer: UnsafeMutablePointer<CChar>?, _ bufferSize: UInt,
  _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outSize, "out_size")
    try copyOut(try doc.outlineTitle(id), buffer, bufferSize, outSize)
  }
}

/// An item's address or action type (two-call pattern).
@_cdecl("pdftools_outline_get_action")
public func abiOutlineGetAction(
  _ document: OpaquePointer?, _ id: Int64, _ buffer: UnsafeMutablePointer<CChar>?, _ bufferSize: UInt,
  _ outSize: UnsafeMutablePointer<UInt>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    _ = try require(outSize, "out_size")
    let text: String
    switch try doc.outlineTarget(id) {
    case .uri(let address): text = address
    case .action(let kind): text = kind
    case .none, .destination: text = ""
    }
    try copyOut(text, buffer, bufferSize, outSize)
  }
}

/// Adds an item.
@_cdecl("pdftools_outline_add")
public func abiOutlineAdd(
  _ document: OpaquePointer?, _ parent: Int64, _ index: Int32, _ title: UnsafePointer<CChar>?,
  _ destination: UnsafePointer<pdftools_destination>?, _ outID: UnsafeMutablePointer<Int64>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let name = try text(title, "title")
    let target = try coreDestination(destination)
    let id = try doc.addOutlineItem(parent: parent, at: index == -1 ? nil : Int(index), title: name, destination: target)
    outID?.pointee = id
  }
}

/// Removes an item.
@_cdecl("pdftools_outline_remove")
public func abiOutlineRemove(_ document: OpaquePointer?, _ id: Int64) -> pdftools_status {
  call { () throws(PDFError) in try Registry.document(document).removeOutlineItem(id) }
}

/// Moves an item.
@_cdecl("pdftools_outline_move")
public func abiOutlineMove(_ document: OpaquePointer?, _ id: Int64, _ parent: Int64, _ index: Int32) -> pdftools_status {
  call { () throws(PDFError) in
    try Registry.document(document).moveOutlineItem(id, parent: parent, at: index == -1 ? nil : Int(index))
  }
}

/// Renames an item.
@_cdecl("pdftools_outline_set_title")
public func abiOutlineSetTitle(_ document: OpaquePointer?, _ id: Int64, _ title: UnsafePointer<CChar>?)
  -> pdftools_status
{
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    try doc.setOutlineTitle(id, try text(title, "title"))
  }
}

/// Retargets an item.
@_cdecl("pdftools_outline_set_destination")
public func abiOutlineSetDestination(
  _ document: OpaquePointer?, _ id: Int64, _ destination: UnsafePointer<pdftools_destination>?
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    try doc.setOutlineDestination(id, try coreDestination(destination))
  }
}

/// Restyles an item.
@_cdecl("pdftools_outline_set_style")
public func abiOutlineSetStyle(
  _ document: OpaquePointer?, _ id: Int64, _ color: UnsafePointer<pdftools_color>?, _ bold: Int32, _ italic: Int32
) -> pdftools_status {
  call { () throws(PDFError) in
    let doc = try Registry.document(document)
    let colour = color.map { RGBColor($0.pointee.r, $0.pointee.g, $0.pointee.b) }
    try doc.setOutlineStyle(id, color: colour, bold: bold != 0, italic: italic != 0)
  }
}

/// Opens or closes an item.
@_cdecl("pdftools_outline_set_open")
public func abiOutlineSetOpen(_ document: OpaquePointer?, _ id: Int64, _ open: Int32) -> pdftools_status {
  call { () throws(PDFError) in try Registry.document(document).setOutlineOpen(id, open != 0) }
}
