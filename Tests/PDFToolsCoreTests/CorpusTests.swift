// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import PDFToolsCore

/// Every corpus file opens, repairs or fails as its manifest entry says, and nothing crashes.
@Suite struct CorpusTests {
  @Test func manifestIsPresent() {
    #expect(Fixtures.manifest.count >= 70, "the corpus manifest is missing or short")
  }

  @Test(arguments: Fixtures.manifest)
  func opensAsExpected(_ entry: Fixtures.CorpusEntry) throws {
    let path = Fixtures.corpusFile(entry.name)
    let result = Result { () throws(PDFError) -> Document in
      try Document.open(path: path, password: entry.userPassword)
    }
    switch (entry.expect, result) {
    case ("error", .success):
      Issue.record("\(entry.name) should fail to open")
    case ("error", .failure(let error)):
      #expect([.notPDF, .damaged].contains(error.kind), "\(entry.name): \(error)")
    case (_, .failure(let error)):
      #expect(entry.alsoAcceptable == "error", "\(entry.name) failed: \(error.message)")
      #expect([.notPDF, .damaged].contains(error.kind))
    case (_, .success(let document)):
      #expect(document.pageCount == entry.pages, "\(entry.name) page count")
      // Damage inside objects (a stream length, a page listed twice) is found when they are read,
      // not while opening: pages are read on first use.
      let objectDamage: Set<String> = ["qpdf-bad22-no-stream-length.pdf", "qpdf-xref-compressed-in-compressed.pdf"]
      if entry.expect == "repair" && !objectDamage.contains(entry.name) {
        #expect(document.wasRepaired, "\(entry.name) should report its repair")
      }
      for index in 0..<document.pageCount {
        let media = try document.pageBox(index, .media)
        let crop = try document.pageBox(index, .crop)
        #expect(!media.isEmpty && !crop.isEmpty)
        #expect(crop.intersection(media) == crop, "crop box lies inside the media box")
        #expect([0, 90, 180, 270].contains(try document.pageRotation(index)))
        _ = try document.pageLabel(index)
      }
      _ = try document.metadataKeys()
      let saved = try document.withSavedBytes(SaveOptions()) { (bytes) throws(PDFError) in
        Array(bytes)
      }
      let reopened = try Document.open(bytes: saved, password: entry.userPassword)
      #expect(reopened.pageCount == document.pageCount)
    }
  }

  @Test(arguments: Fixtures.manifest.filter { $0.userPassword != nil })
  func passwords(_ entry: Fixtures.CorpusEntry) throws {
    let path = Fixtures.corpusFile(entry.name)
    if let user = entry.userPassword, !user.isEmpty {
      expectError(.passwordRequired) { () throws(PDFError) in try Document.open(path: path) }
    }
    expectError(.wrongPassword) { () throws(PDFError) in
      try Document.open(path: path, password: "wrong-password")
    }
    let asUser = try Document.open(path: path, password: entry.userPassword)
    #expect(asUser.isEncrypted)
    #expect(asUser.permissions == expectedPermissions(entry), "permissions of \(entry.name)")
    if let owner = entry.ownerPassword {
      let asOwner = try Document.open(path: path, password: owner)
      #expect(asOwner.permissions == .all)
    }
  }

  /// The permissions the P value grants to a user, per ISO 32000 table 22 (R2 has fewer bits).
  private func expectedPermissions(_ entry: Fixtures.CorpusEntry) -> Permissions {
    guard let p = entry.p, let revision = entry.revision else { return [] }
    func bit(_ n: Int) -> Bool { (p >> (n - 1)) & 1 == 1 }
    var result: Permissions = []
    if bit(3) { result.insert(.print) }
    if bit(4) { result.insert(.modify) }
    if bit(5) { result.insert(.copy) }
    if bit(6) { result.insert(.annotate) }
    if revision < 3 {
      if bit(3) { result.insert(.printHighQuality) }
      if bit(5) { result.insert(.accessibility) }
      if bit(6) { result.insert(.fillForms) }
      if bit(4) { result.insert(.assemble) }
    } else {
      if bit(9) { result.insert(.fillForms) }
      if bit(10) { result.insert(.accessibility) }
      if bit(11) { result.insert(.assemble) }
      if bit(12) { result.insert(.printHighQuality) }
    }
    return result
  }
}
