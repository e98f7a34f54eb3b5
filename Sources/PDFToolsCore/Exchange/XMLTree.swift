// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler

/// An XML element read by GLib's GMarkup parser: its name, attributes, children and the line
/// it starts on (for error messages). Namespace prefixes are kept as written; characters XML
/// 1.0 cannot hold are left out of attribute values and text (see ``XMLText/held(_:)``).
struct XMLElement {
  /// One child: an element or a run of character data.
  enum Child {
    /// A child element.
    case element(XMLElement)
    /// Character data (entities and CDATA already resolved).
    case text(String)
  }

  /// The element name as written ("annots", "xhtml:p").
  var name: String
  /// Attributes in document order.
  var attributes: [(name: String, value: String)] = []
  /// Children in document order.
  var children: [Child] = []
  /// The line the start tag is on, counted from 1.
  var line: Int

  /// The value of attribute `name`, or nil.
  func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

  /// The child elements.
  var elements: [XMLElement] {
    children.compactMap { if case .element(let element) = $0 { element } else { nil } }
  }

  /// The levels of elements from this one down to its deepest descendant (1 without child
  /// elements).
  var depth: Int { 1 + elements.reduce(0) { max($0, $1.depth) } }

  /// The first child element called `name`.
  func element(_ name: String) -> XMLElement? { elements.first { $0.name == name } }

  /// The character data of the element and its descendants, in order.
  var text: String {
    children.map {
      switch $0 {
      case .text(let text): return text
      case .element(let element): return element.text
      }
    }.joined()
  }

  /// The element written back as XML (children included).
  var markup: String {
    var out = "<" + name
    for attribute in attributes { out += " \(attribute.name)=\"\(XMLText.escape(attribute.value))\"" }
    guard !children.isEmpty else { return out + "/>" }
    out += ">"
    for child in children {
      switch child {
      case .text(let text): out += XMLText.escape(text)
      case .element(let element): out += element.markup
      }
    }
    return out + "</\(name)>"
  }

  /// The children written back as XML.
  var innerMarkup: String {
    children.map {
      switch $0 {
      case .text(let text): return XMLText.escape(text)
      case .element(let element): return element.markup
      }
    }.joined()
  }
}

/// Escaping text for XML.
enum XMLText {
  /// `text` with &, <, >, " and ' escaped, and the control characters XML 1.0 cannot hold
  /// dropped (tab, line feed and carriage return stay, as character references).
  static func escape(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\t": out += "&#9;"
      case "\n": out += "&#10;"
      case "\r": out += "&#13;"
      default:
        if isHeld(scalar) { out.unicodeScalars.append(scalar) }
      }
    }
    return out
  }

  /// False for the characters XML 1.0 cannot hold: those below U+0020 other than tab, line
  /// feed and carriage return, and U+FFFE and U+FFFF.
  static func isHeld(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x20 ? scalar.value != 0xFFFE && scalar.value != 0xFFFF : scalar == "\t" || scalar == "\n" || scalar == "\r"
  }

  /// `text` without the characters XML 1.0 cannot hold. GMarkup reads them from character
  /// references (it follows XML 1.1 there); dropping them on reading as ``escape(_:)`` does
  /// on writing makes what is read what would be written.
  static func held(_ text: String) -> String {
    guard !text.unicodeScalars.allSatisfy(isHeld) else { return text }
    var out = ""
    out.unicodeScalars.append(contentsOf: text.unicodeScalars.lazy.filter(isHeld))
    return out
  }
}

/// Reads an XML document into an ``XMLElement`` tree with GMarkup (GLib, which poppler-glib
/// already brings). GMarkup accepts well-formed XML in UTF-8 with the predefined entities,
/// character references and CDATA; a DTD is refused.
enum XMLReader {
  /// The deepest element nesting read; deeper documents are refused, not followed.
  static let maximumDepth = 256

  /// Builds the tree as GMarkup reports elements.
  private final class Builder {
    var stack: [XMLElement] = []
    var root: XMLElement? = nil
    var failure: String? = nil
    var context: OpaquePointer? = nil

    func line() -> Int {
      var line: gint = 0
      var column: gint = 0
      if let context { g_markup_parse_context_get_position(context, &line, &column) }
      return Int(line)
    }
  }

  /// The root element of `text`; throws `.invalidArgument` naming the line of the first error.
  static func parse(_ text: String) throws(PDFError) -> XMLElement {
    let builder = Builder()
    var parser = GMarkupParser()
    parser.start_element = { context, name, names, values, data, error in
      guard let data, let name else { return }
      let builder = Unmanaged<Builder>.fromOpaque(data).takeUnretainedValue()
      guard builder.stack.count < XMLReader.maximumDepth else {
        g_set_error_literal(
          error, g_markup_error_quark(), gint(G_MARKUP_ERROR_INVALID_CONTENT.rawValue),
          "elements are nested more than \(XMLReader.maximumDepth) deep")
        return
      }
      var element = XMLElement(name: String(cString: name), line: builder.line())
      var index = 0
      while let names, let attribute = names[index], let values, let value = values[index] {
        element.attributes.append((String(cString: attribute), XMLText.held(String(cString: value))))
        index += 1
      }
      builder.stack.append(element)
    }
    parser.end_element = { _, _, data, _ in
      guard let data else { return }
      let builder = Unmanaged<Builder>.fromOpaque(data).takeUnretainedValue()
      guard let element = builder.stack.popLast() else { return }
      if builder.stack.isEmpty {
        builder.root = element
      } else {
        builder.stack[builder.stack.count - 1].children.append(.element(element))
      }
    }
    parser.text = { _, text, length, data, _ in
      guard let data, let text, !Unmanaged<Builder>.fromOpaque(data).takeUnretainedValue().stack.isEmpty else { return }
      let builder = Unmanaged<Builder>.fromOpaque(data).takeUnretainedValue()
      let value = XMLText.held(String(decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self))
      // Runs stay apart (GMarkup splits text at comments): joining them here would copy the
      // text again for every run.
      builder.stack[builder.stack.count - 1].children.append(.text(value))
    }
    let unmanaged = Unmanaged.passRetained(builder)
    defer { unmanaged.release() }
    return try withUnsafePointer(to: &parser) { (parserPointer) throws(PDFError) -> XMLElement in
      guard let context = g_markup_parse_context_new(parserPointer, G_MARKUP_TREAT_CDATA_AS_TEXT, unmanaged.toOpaque(), nil)
      else { throw PDFError(.outOfMemory, "cannot start the XML parser") }
      defer { g_markup_parse_context_free(context) }
      builder.context = context
      var error: UnsafeMutablePointer<GError>? = nil
      var utf8 = Array(text.utf8)
      if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { utf8.removeFirst(3) }
      let parsed = utf8.withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { chars in
          g_markup_parse_context_parse(context, chars.baseAddress, gssize(chars.count), &error) != 0
            && g_markup_parse_context_end_parse(context, &error) != 0
        }
      }
      if !parsed {
        let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unreadable XML"
        if let error { g_error_free(error) }
        throw PDFError(.invalidArgument, "the XML is not well-formed: \(message)")
      }
      guard let root = builder.root else { throw PDFError(.invalidArgument, "the XML has no root element") }
      return root
    }
  }
}
