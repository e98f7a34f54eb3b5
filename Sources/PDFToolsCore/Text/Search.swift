// SPDX-License-Identifier: GPL-3.0-or-later
import CPoppler

/// Options of a text search; the raw flag values match `pdftools_search_flags`.
public struct SearchOptions: Sendable, Equatable {
  /// Search flags.
  public struct Flags: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt32
    /// Creates flags from bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Match case exactly.
    public static let caseSensitive = Flags(rawValue: 1 << 0)
    /// Match whole words only.
    public static let wholeWords = Flags(rawValue: 1 << 1)
    /// Ignore diacritics.
    public static let ignoreDiacritics = Flags(rawValue: 1 << 2)
    /// Let matches run across a hyphen at a line end.
    public static let joinHyphens = Flags(rawValue: 1 << 3)
    /// Every flag this version knows.
    public static let known: Flags = [.caseSensitive, .wholeWords, .ignoreDiacritics, .joinHyphens]
  }

  /// The flags.
  public var flags: Flags = []
  /// First page searched.
  public var firstPage = 0
  /// Last page searched; nil for the last page.
  public var lastPage: Int? = nil

  /// Default options: ignore case, whole document.
  public init() {}
}

/// A page's text folded for searching, with the character each folded scalar came from.
struct FoldedText {
  /// Folded scalars.
  var scalars: [UInt32] = []
  /// For each folded scalar, the index of its character on the page.
  var origins: [Int] = []

  /// Folds the scalars of `chars` according to `flags`.
  init(_ chars: [TextChar], flags: SearchOptions.Flags) {
    self.init(scalars: chars.lazy.map(\.scalar), flags: flags)
  }

  /// Folds `text`, one character a scalar, according to `flags`.
  init(text: String, flags: SearchOptions.Flags) {
    if TextPage.isASCII(text),
      let folded = text.utf8.withContiguousStorageIfAvailable({ bytes in
        FoldedText(scalars: bytes.lazy.map { Unicode.Scalar($0) }, flags: flags)
      })
    {
      self = folded
      return
    }
    self.init(scalars: Array(text.unicodeScalars), flags: flags)
  }

  /// Folds `characters` (a page's characters in order, one scalar each) according to `flags`.
  private init<Characters: RandomAccessCollection<Unicode.Scalar>>(
    scalars characters: Characters, flags: SearchOptions.Flags
  ) where Characters.Index == Int {
    let count = characters.count
    scalars.reserveCapacity(count)
    origins.reserveCapacity(count)
    let lowerASCII = !flags.contains(.caseSensitive)
    let joinHyphens = flags.contains(.joinHyphens)
    var index = characters.startIndex
    var lastWasSpace = true
    while index < characters.endIndex {
      let scalar = characters[index]
      if joinHyphens, FoldedText.isHyphen(scalar), index + 1 < characters.endIndex,
        characters[index + 1] == "\n"
      {
        index += 2  // "exam-\nple" reads "example"
        continue
      }
      if TextPage.isSpace(scalar) {
        if !lastWasSpace {
          scalars.append(0x20)
          origins.append(index)
        }
        lastWasSpace = true
        index += 1
        continue
      }
      lastWasSpace = false
      let value = scalar.value
      if value < 0x80 {
        // ASCII folds to one scalar: no array for it.
        scalars.append(lowerASCII && value >= 0x41 && value <= 0x5A ? value + 32 : value)
        origins.append(index)
      } else {
        for folded in FoldedText.fold(scalar, flags: flags) {
          scalars.append(folded)
          origins.append(index)
        }
      }
      index += 1
    }
  }

  /// Folds a query the way page text is folded; leading and trailing white space is dropped.
  static func query(_ text: String, flags: SearchOptions.Flags) -> [UInt32] {
    let chars = text.unicodeScalars.map {
      TextChar(scalar: $0, box: Rect(0, 0, 0, 0), flags: [], word: 0, line: 0)
    }
    var folded = FoldedText(chars, flags: flags.subtracting(.joinHyphens)).scalars
    while folded.last == 0x20 { folded.removeLast() }
    return folded
  }

  /// Hyphens that may end a line inside a word.
  static func isHyphen(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "-" || scalar == "\u{AD}" || scalar == "\u{2010}"
  }

  /// The folded form of one scalar: presentation forms as their letters, lower case unless
  /// case-sensitive, without combining marks when ignoring diacritics.
  static func fold(_ scalar: Unicode.Scalar, flags: SearchOptions.Flags) -> [UInt32] {
    let value = scalar.value
    if value < 0x80 {
      if !flags.contains(.caseSensitive), value >= 0x41, value <= 0x5A { return [value + 32] }
      return [value]
    }
    var text = String(Character(scalar))
    // Presentation forms (Arabic and Hebrew contextual forms, Latin ligatures) are the letters
    // they show: text extracted as forms matches text typed as letters.
    if (0xFB00...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value) { text = decomposed(text) }
    if !flags.contains(.caseSensitive) { text = text.lowercased() }
    if flags.contains(.ignoreDiacritics) {
      text = decomposed(text).unicodeScalars.filter {
        switch $0.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: return true
        }
      }.reduce(into: "") { $0.unicodeScalars.append($1) }
    }
    return text.unicodeScalars.map(\.value)
  }

  /// The compatibility decomposition (NFKD) of `text`, by GLib.
  private static func decomposed(_ text: String) -> String {
    guard let result = g_utf8_normalize(text, -1, G_NORMALIZE_NFKD) else { return text }
    defer { g_free(result) }
    return String(cString: result)
  }

  /// True when the folded scalar at `index` is a letter or digit.
  func isWordScalar(at index: Int) -> Bool {
    guard index >= 0, index < scalars.count, let scalar = Unicode.Scalar(scalars[index]) else {
      return false
    }
    let properties = scalar.properties
    return properties.isAlphabetic || properties.numericType != nil || scalar == "_"
  }

  /// The character ranges of every occurrence of `query`.
  func matches(of query: [UInt32], wholeWords: Bool) -> [Range<Int>] {
    guard !query.isEmpty, query.count <= scalars.count else { return [] }
    var result: [Range<Int>] = []
    let first = query[0]
    var start = 0
    let lastStart = scalars.count - query.count
    while start <= lastStart {
      if scalars[start] == first {
        var offset = 1
        while offset < query.count && scalars[start + offset] == query[offset] { offset += 1 }
        if offset == query.count {
          let end = start + query.count
          let bounded = !wholeWords || (!isWordScalar(at: start - 1) && !isWordScalar(at: end))
          if bounded {
            result.append(origins[start]..<(origins[end - 1] + 1))
            start = end
            continue
          }
        }
      }
      start += 1
    }
    return result
  }
}

/// One match of a whole search, in 12 bytes: a search can find hundreds of thousands.
public struct SearchMatch: Sendable, Equatable {
  /// The page.
  public let page: Int32
  /// The first character.
  public let start: Int32
  /// One past the last character.
  public let end: Int32

  /// The match as a selection.
  public var selection: TextSelection {
    TextSelection(startPage: Int(page), startChar: Int(start), endPage: Int(page), endChar: Int(end))
  }
}

extension Document {
  /// Every occurrence of `query` in the pages `options` names, in page and reading order.
  /// `progress` hears of each page searched and may stop the search (`.cancelled`).
  public func search(
    _ query: String, options: SearchOptions, progress: ProgressHandler? = nil
  ) throws(PDFError) -> [TextSelection] {
    try searchMatches(query, options: options, progress: progress).map(\.selection)
  }

  /// As ``search(_:options:progress:)``, in the compact form. The result is kept for one more
  /// identical call (a caller's size query and fill), until ``forgetLastSearch()`` or a change
  /// of page content.
  public func searchMatches(
    _ query: String, options: SearchOptions, progress: ProgressHandler? = nil
  ) throws(PDFError) -> [SearchMatch] {
    let folded = try Document.foldedQuery(query, options)
    let reporter = progressReporter(progress)
    return try locked { () throws(PDFError) -> [SearchMatch] in
      let pages = try searchPages(options)
      let key = SearchKey(query: folded, flags: options.flags, pages: pages)
      if let last = lastSearch, last.key == key {
        try reporter.report(pages.count, of: pages.count)
        return last.matches
      }
      var result: [SearchMatch] = []
      for page in pages {
        try reporter.report(page - pages.lowerBound, of: pages.count)
        for range in try foldedText(page, options.flags).matches(
          of: folded, wholeWords: options.flags.contains(.wholeWords))
        {
          result.append(
            SearchMatch(
              page: Int32(clamping: page), start: Int32(clamping: range.lowerBound),
              end: Int32(clamping: range.upperBound)))
        }
      }
      try reporter.report(pages.count, of: pages.count)
      lastSearch = (key, result)
      return result
    }
  }

  /// Lets go of the result ``searchMatches(_:options:progress:)`` keeps, once it was delivered.
  public func forgetLastSearch() {
    lock.withLock { lastSearch = nil }
  }

  /// The next (or previous) occurrence of `query` after (or before) `position`, reading pages
  /// only as far as needed; nil when there is none.
  public func searchNext(
    _ query: String, options: SearchOptions, from position: TextSelection?, forward: Bool
  ) throws(PDFError) -> TextSelection? {
    let folded = try Document.foldedQuery(query, options)
    return try locked { () throws(PDFError) -> TextSelection? in
      let pages = try searchPages(options)
      if let position { try validate(position) }
      let ordered = forward ? Array(pages) : pages.reversed()
      for page in ordered {
        if let position {
          if forward && page < position.startPage { continue }
          if !forward && page > position.startPage { continue }
        }
        var ranges = try foldedText(page, options.flags).matches(
          of: folded, wholeWords: options.flags.contains(.wholeWords))
        if let position, page == position.startPage {
          ranges = ranges.filter {
            forward ? $0.lowerBound > position.startChar : $0.lowerBound < position.startChar
          }
        }
        guard let found = forward ? ranges.first : ranges.last else { continue }
        return TextSelection(startPage: page, startChar: found.lowerBound, endPage: page, endChar: found.upperBound)
      }
      return nil
    }
  }

  /// The folded query, or an error for an empty one.
  private static func foldedQuery(_ query: String, _ options: SearchOptions) throws(PDFError) -> [UInt32] {
    guard options.flags.isSubset(of: .known) else {
      throw PDFError(.invalidArgument, "unknown search flags \(options.flags.rawValue)")
    }
    let folded = FoldedText.query(query, flags: options.flags)
    guard !folded.isEmpty else { throw PDFError(.invalidArgument, "the search text is empty") }
    return folded
  }

  /// The pages a search covers; call under the lock.
  private func searchPages(_ options: SearchOptions) throws(PDFError) -> Range<Int> {
    let count = pageTree.count
    let last = options.lastPage ?? (count - 1)
    // An empty document has nothing to search (unless the options name pages it lacks).
    if count == 0 && options.firstPage == 0 && options.lastPage == nil { return 0..<0 }
    try checkPageIndex(options.firstPage)
    try checkPageIndex(last)
    guard options.firstPage <= last else {
      throw PDFError(.invalidArgument, "the first page \(options.firstPage) is after the last page \(last)")
    }
    return options.firstPage..<(last + 1)
  }

  /// The folded text of a page for `flags`, cached for the flags of the last search; call under
  /// the lock.
  private func foldedText(_ page: Int, _ flags: SearchOptions.Flags) throws(PDFError) -> FoldedText {
    if let cached = pageTexts.folded(page, flags, .pass) { return cached }
    switch try passCharacters(page) {
    case .plain(let text):
      return FoldedText(text: text, flags: flags)
    case .page(let text):
      let folded = FoldedText(text.chars, flags: flags)
      pageTexts.storeIfRoom(folded, flags: flags, page: page)
      return folded
    }
  }
}

/// What identifies a whole search: its folded query, flags and pages.
struct SearchKey: Equatable {
  let query: [UInt32]
  let flags: SearchOptions.Flags
  let pages: Range<Int>
}

extension Document {
  /// Sets the memory budget of what is read of pages' text, in bytes (8 MiB by default):
  /// pages used least recently are dropped first, and read again when needed.
  public func setTextCacheLimit(bytes: Int) throws(PDFError) {
    guard bytes >= 0 else { throw PDFError(.invalidArgument, "the cache limit must not be negative") }
    try locked { () throws(PDFError) in pageTexts.setBudget(bytes) }
  }

  /// The bytes the text cache holds now (an estimate).
  public var textCacheBytes: Int { lock.withLock { pageTexts.bytes } }
}

extension Document {
  /// The plain text of the pages in `pages`, each followed by a form feed (U+000C) but the
  /// last. `progress` hears of each page read and may stop (`.cancelled`). The pages are read
  /// as a pass: the pages in use stay cached (see ``TextReading``).
  public func text(ofPages pages: Range<Int>, progress: ProgressHandler? = nil) throws(PDFError) -> String {
    let reporter = progressReporter(progress)
    return try locked { () throws(PDFError) -> String in
      guard !pages.isEmpty else { return "" }
      try checkPageIndex(pages.lowerBound)
      try checkPageIndex(pages.upperBound - 1)
      var text = ""
      for page in pages {
        try reporter.report(page - pages.lowerBound, of: pages.count)
        if page > pages.lowerBound { text += "\u{0C}" }
        switch try passCharacters(page) {
        case .plain(let plain): text += plain
        case .page(let read): text += read.text
        }
      }
      try reporter.report(pages.count, of: pages.count)
      return text
    }
  }
}
