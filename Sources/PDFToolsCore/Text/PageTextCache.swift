// SPDX-License-Identifier: GPL-3.0-or-later
/// What was read of pages' text (characters, fonts, text folded for search), kept within a
/// memory budget: when it is exceeded, the pages used least recently are dropped (and read
/// again if needed).
struct PageTextCache {
  /// One page's entry.
  private struct Entry {
    /// What was read of the page's characters: its text page, or only poppler's plain text.
    var characters: PageCharacters
    var fonts: TextFonts? = nil
    var folded: FoldedText? = nil
    var cost: Int
    var used: UInt64
  }

  /// The default budget, in bytes.
  static let defaultBudget = 8 << 20

  /// A pass over many pages keeps pages only while the cache holds at most this fraction
  /// (one over it) of the budget: enough for the first pages of a document, where a viewer
  /// shows a search's first matches, without holding the budget's worth of pages that nobody
  /// may look at again after the pass.
  static let passShare = 4

  /// The most bytes kept (one page is always kept, whatever its size).
  private(set) var budget = PageTextCache.defaultBudget
  /// The search flags the folded texts were made for.
  private(set) var foldedFlags: SearchOptions.Flags = []
  private var entries: [Int: Entry] = [:]
  private var total = 0
  private var clock: UInt64 = 0

  /// The bytes held (an estimate).
  var bytes: Int { total }

  /// The cost of the page a pass offered last, kept or not (an estimate of the next one's).
  private var lastPassCost = 0

  /// False when a pass would keep no further page: the cache could not take one more page
  /// like the one a pass offered last within the pass's share of the budget.
  var passHasRoom: Bool { total + lastPassCost <= budget / PageTextCache.passShare }

  /// The text of `page`; a read `.inUse` marks it used, one of a `.pass` leaves the order
  /// in which pages are dropped as it was.
  mutating func text(_ page: Int, _ reading: TextReading = .inUse) -> TextPage? {
    guard case .page(let text)? = reading == .inUse ? touch(page)?.characters : entries[page]?.characters else {
      return nil
    }
    return text
  }

  /// The plain text of `page`, from its text page or its plain text alone, marking it used.
  mutating func plainText(_ page: Int) -> String? {
    switch touch(page)?.characters {
    case .page(let text)?: return text.text
    case .plain(let text)?: return text
    case nil: return nil
    }
  }

  /// Poppler's plain text of `page` when only that was read of it, leaving the order in which
  /// pages are dropped as it was (for a pass).
  func plainTextAlone(_ page: Int) -> String? {
    guard case .plain(let text)? = entries[page]?.characters else { return nil }
    return text
  }

  /// The fonts of `page`, marking it used.
  mutating func fonts(_ page: Int) -> TextFonts? { touch(page)?.fonts }

  /// The folded text of `page` for `flags`; only a read `.inUse` marks the page used.
  mutating func folded(_ page: Int, _ flags: SearchOptions.Flags, _ reading: TextReading = .inUse) -> FoldedText? {
    guard flags == foldedFlags else { return nil }
    return reading == .inUse ? touch(page)?.folded : entries[page]?.folded
  }

  /// Keeps the text of `page`. A page read `.inUse` is kept as the one used last, dropping
  /// the pages used least recently past the budget; a page read in a `.pass` is kept only
  /// when the cache then holds at most ``passShare``'s share of the budget (so no page is
  /// dropped for it), and as the first to go.
  mutating func store(_ text: TextPage, page: Int, _ reading: TextReading = .inUse) {
    let cost = PageTextCache.cost(of: text)
    switch reading {
    case .inUse:
      keepInUse(.page(text), cost: cost, page: page)
    case .pass:
      lastPassCost = cost
      guard entries[page] == nil, total + cost <= budget / PageTextCache.passShare else { return }
      entries[page] = Entry(characters: .page(text), cost: cost, used: 0)
      total += cost
    }
  }

  /// Keeps poppler's plain text of `page`, read in use, as the page used last (its text page,
  /// when read later, takes its place).
  mutating func store(plain text: String, page: Int) {
    keepInUse(.plain(text), cost: text.utf8.count + 256, page: page)
  }

  /// Keeps `characters` of `page` as the page used last, in place of what was kept of it,
  /// dropping the pages used least recently past the budget.
  private mutating func keepInUse(_ characters: PageCharacters, cost: Int, page: Int) {
    remove(page)
    clock += 1
    entries[page] = Entry(characters: characters, cost: cost, used: clock)
    total += cost
    evict(keeping: page)
  }

  /// Keeps the fonts of `page` (whose text is kept).
  mutating func store(_ fonts: TextFonts, page: Int) {
    guard var entry = entries[page], case .page = entry.characters else { return }
    let added = fonts.perChar.count * MemoryLayout<(Int32, Double)>.stride + fonts.names.count * 32
    entry.fonts = fonts
    entry.cost += added
    entries[page] = entry
    total += added
    evict(keeping: page)
  }

  /// Keeps the folded text of `page` for `flags` (whose text is kept); folded texts of other
  /// flags are dropped.
  mutating func store(_ folded: FoldedText, flags: SearchOptions.Flags, page: Int) {
    fold(for: flags)
    guard var entry = entries[page] else { return }
    let added = PageTextCache.cost(of: folded)
    entry.folded = folded
    entry.cost += added
    entries[page] = entry
    total += added
    evict(keeping: page)
  }

  /// Keeps the folded text of `page` for `flags` (in a pass) when its text is kept and the
  /// cache then holds at most ``passShare``'s share of the budget.
  mutating func storeIfRoom(_ folded: FoldedText, flags: SearchOptions.Flags, page: Int) {
    fold(for: flags)
    guard entries[page] != nil, total + PageTextCache.cost(of: folded) <= budget / PageTextCache.passShare
    else { return }
    store(folded, flags: flags, page: page)
  }

  /// Makes `flags` the flags of the folded texts kept, dropping those folded for others.
  private mutating func fold(for flags: SearchOptions.Flags) {
    guard flags != foldedFlags else { return }
    for key in Array(entries.keys) {
      guard var entry = entries[key], let old = entry.folded else { continue }
      let freed = PageTextCache.cost(of: old)
      entry.folded = nil
      entry.cost -= freed
      total -= freed
      entries[key] = entry
    }
    foldedFlags = flags
  }

  /// Sets the budget in bytes, dropping pages until it holds.
  mutating func setBudget(_ bytes: Int) {
    budget = max(0, bytes)
    evict(keeping: nil)
  }

  /// Forgets everything.
  mutating func removeAll() {
    entries.removeAll()
    total = 0
  }

  private mutating func touch(_ page: Int) -> Entry? {
    guard var entry = entries[page] else { return nil }
    clock += 1
    entry.used = clock
    entries[page] = entry
    return entry
  }

  private mutating func remove(_ page: Int) {
    if let entry = entries.removeValue(forKey: page) { total -= entry.cost }
  }

  /// Drops the least recently used pages (never `keeping`) until the budget holds.
  private mutating func evict(keeping kept: Int?) {
    while total > budget, entries.count > (kept == nil ? 0 : 1) {
      guard let oldest = entries.filter({ $0.key != kept }).min(by: { $0.value.used < $1.value.used })?.key else { return }
      remove(oldest)
    }
  }

  /// An estimate of the bytes a text page holds.
  static func cost(of text: TextPage) -> Int {
    bytes(text.chars) + text.text.utf8.count + bytes(text.words) + bytes(text.lines)
      + bytes(text.lineDirections) + bytes(text.lineBounds) + bytes(text.sources) + 256
  }

  /// An estimate of the bytes a folded text holds.
  static func cost(of folded: FoldedText) -> Int {
    bytes(folded.scalars) + bytes(folded.origins) + 64
  }

  /// The bytes an array's storage takes, room for growth included.
  private static func bytes<Element>(_ array: [Element]) -> Int {
    array.capacity * MemoryLayout<Element>.stride + 32
  }
}
