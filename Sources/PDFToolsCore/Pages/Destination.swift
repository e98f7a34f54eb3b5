// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// How a destination shows its page (ISO 32000-1, 12.3.2.2).
public enum DestinationFit: Int32, Sendable, CaseIterable {
  /// /XYZ left top zoom: the point (left, top) at the window's top-left corner at the zoom;
  /// a missing value keeps the viewer's.
  case xyz = 1
  /// /Fit: the whole page.
  case fit = 2
  /// /FitH top: the page's width, `top` at the top.
  case fitH = 3
  /// /FitV left: the page's height, `left` at the left.
  case fitV = 4
  /// /FitR left bottom right top: the rectangle.
  case fitR = 5
  /// /FitB: the page's bounding box of content.
  case fitB = 6
  /// /FitBH top: the bounding box's width.
  case fitBH = 7
  /// /FitBV left: the bounding box's height.
  case fitBV = 8

  /// The PDF name.
  var name: String {
    switch self {
    case .xyz: return "XYZ"
    case .fit: return "Fit"
    case .fitH: return "FitH"
    case .fitV: return "FitV"
    case .fitR: return "FitR"
    case .fitB: return "FitB"
    case .fitBH: return "FitBH"
    case .fitBV: return "FitBV"
    }
  }

  /// The fit of a PDF name.
  init?(name: String) {
    guard let found = DestinationFit.allCases.first(where: { $0.name == name }) else { return nil }
    self = found
  }

  /// The parameters after the name, in order.
  var parameters: [WritableKeyPath<Destination, Double?>] {
    switch self {
    case .xyz: return [\.left, \.top, \.zoom]
    case .fit, .fitB: return []
    case .fitH, .fitBH: return [\.top]
    case .fitV, .fitBV: return [\.left]
    case .fitR: return [\.left, \.bottom, \.right, \.top]
    }
  }
}

/// A place in the document: a page and how to show it. Coordinates are page space; a nil
/// parameter is PDF's null ("keep what the viewer has").
public struct Destination: Sendable, Equatable {
  /// The page index.
  public var page: Int
  /// How the page is shown.
  public var fit: DestinationFit
  /// Left edge (XYZ, FitV, FitBV, FitR).
  public var left: Double?
  /// Top edge (XYZ, FitH, FitBH, FitR).
  public var top: Double?
  /// Right edge (FitR).
  public var right: Double?
  /// Bottom edge (FitR).
  public var bottom: Double?
  /// Zoom factor (XYZ); nil or 0 keeps the viewer's.
  public var zoom: Double?

  /// A destination; the parameters its fit does not use are ignored.
  public init(
    page: Int, fit: DestinationFit = .xyz, left: Double? = nil, top: Double? = nil, right: Double? = nil,
    bottom: Double? = nil, zoom: Double? = nil
  ) {
    self.page = page
    self.fit = fit
    self.left = left
    self.top = top
    self.right = right
    self.bottom = bottom
    self.zoom = zoom
  }

  /// This destination with only the parameters of its fit, checked: finite, within the
  /// coordinate limit, a zoom of at least 0, and FitR with all four edges.
  func checked() throws(PDFError) -> Destination {
    var result = Destination(page: page, fit: fit)
    for path in fit.parameters {
      guard let value = self[keyPath: path] else { continue }
      guard value.isFinite, abs(value) <= Limits.maximumCoordinate else {
        throw PDFError(.invalidArgument, "a destination parameter is \(value); it must be a finite coordinate")
      }
      result[keyPath: path] = value
    }
    if let zoom = result.zoom, zoom < 0 {
      throw PDFError(.invalidArgument, "the destination's zoom is \(zoom); it must be 0 (keep) or more")
    }
    if fit == .fitR, fit.parameters.contains(where: { result[keyPath: $0] == nil }) {
      throw PDFError(.invalidArgument, "a FitR destination needs its left, bottom, right and top")
    }
    return result
  }
}

extension Document {
  /// Reads a destination value (an explicit array, or a name or string looked up in
  /// `names`); nil when it does not lead to a page of the document. Call under the lock.
  func destination(_ value: qpdf_oh, names: inout NamedDestinations?) -> Destination? {
    var target = value
    if qpdf.items(value) == nil {
      let key = qpdf.name(value) ?? qpdf.text(value)
      if names == nil { names = NamedDestinations.read(qpdf) }
      guard let key, let found = names?.lookup(key, qpdf) else { return nil }
      target = found
    }
    guard let items = qpdf.items(target), let first = items.first, items.count >= 2,
      let kind = qpdf.name(items[1]).flatMap(DestinationFit.init(name:))
    else { return nil }
    let page: Int?
    if let identity = qpdf.identity(first) {
      page = pageIndex(of: identity)
    } else {
      // Some writers give a page number, as remote destinations do.
      page = qpdf.integer(first).flatMap { $0 >= 0 && $0 < pageTree.count ? $0 : nil }
    }
    guard let page else { return nil }
    var result = Destination(page: page, fit: kind)
    for (offset, path) in kind.parameters.enumerated() where offset + 2 < items.count {
      result[keyPath: path] = qpdf.number(items[offset + 2])
    }
    return result
  }

  /// The explicit destination array of `destination` (checked by the caller); call under the
  /// lock.
  func destinationArray(_ destination: Destination) throws(PDFError) -> qpdf_oh {
    let page = try pageObject(destination.page)
    var items = [page, qpdf.makeName(destination.fit.name)]
    for path in destination.fit.parameters {
      items.append(destination[keyPath: path].map { qpdf.makeReal($0) } ?? qpdf.makeNull())
    }
    return qpdf.makeArray(items)
  }
}

/// The named destinations of a document: the catalog's /Dests dictionary (PDF 1.1) and the
/// /Dests name tree of /Names, read once per outline read.
struct NamedDestinations {
  private var byName: [String: qpdf_oh] = [:]

  /// Both sources, the name tree walked once (within the depth limit, each node once).
  static func read(_ qpdf: QPDF) -> NamedDestinations {
    var result = NamedDestinations()
    if let dests = qpdf.value(qpdf.root, "Dests") {
      for key in qpdf.keys(dests) {
        if let value = qpdf.value(dests, key) { result.byName[key] = value }
      }
    }
    if let names = qpdf.value(qpdf.root, "Names"), let tree = qpdf.value(names, "Dests") {
      var seen = Set<ObjectIdentity>()
      result.walk(tree, depth: 0, seen: &seen, qpdf)
    }
    return result
  }

  /// The destination array named `key` (a /D entry of a dictionary unwrapped).
  func lookup(_ key: String, _ qpdf: QPDF) -> qpdf_oh? {
    guard let value = byName[key] else { return nil }
    if qpdf.isDictionary(value) { return qpdf.value(value, "D") }
    return value
  }

  private mutating func walk(_ node: qpdf_oh, depth: Int, seen: inout Set<ObjectIdentity>, _ qpdf: QPDF) {
    guard depth < Limits.maximumTreeDepth, qpdf.isDictionary(node) else { return }
    if let identity = qpdf.identity(node) {
      guard seen.insert(identity).inserted else { return }
    }
    if let pairs = qpdf.value(node, "Names").flatMap({ qpdf.items($0) }) {
      var index = 0
      while index + 1 < pairs.count {
        if let key = qpdf.text(pairs[index]), byName[key] == nil { byName[key] = pairs[index + 1] }
        index += 2
      }
    }
    for kid in qpdf.value(node, "Kids").flatMap({ qpdf.items($0) }) ?? [] {
      walk(kid, depth: depth + 1, seen: &seen, qpdf)
    }
  }
}
