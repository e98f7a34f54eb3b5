// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// What an encrypted document allows; the raw values match `pdftools_permission`.
public struct Permissions: OptionSet, Sendable {
  /// The bits.
  public let rawValue: UInt32
  /// Creates a set from bits.
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  /// Print (possibly at low resolution only).
  public static let print = Permissions(rawValue: 1 << 0)
  /// Print at full quality.
  public static let printHighQuality = Permissions(rawValue: 1 << 1)
  /// Other changes to the document.
  public static let modify = Permissions(rawValue: 1 << 2)
  /// Copy or extract text and graphics.
  public static let copy = Permissions(rawValue: 1 << 3)
  /// Extract for accessibility.
  public static let accessibility = Permissions(rawValue: 1 << 4)
  /// Add or change annotations, fill forms.
  public static let annotate = Permissions(rawValue: 1 << 5)
  /// Fill existing form fields.
  public static let fillForms = Permissions(rawValue: 1 << 6)
  /// Insert, rotate and delete pages.
  public static let assemble = Permissions(rawValue: 1 << 7)
  /// Everything.
  public static let all = Permissions(rawValue: (1 << 8) - 1)
}

extension Document {
  /// The permissions granted: everything for unencrypted documents and for the owner.
  public var permissions: Permissions { lock.withLock { currentPermissions() } }

  /// The permissions; call under the lock.
  func currentPermissions() -> Permissions {
    let data = qpdf.data
    guard qpdf_is_encrypted(data) != QPDF_FALSE, !openedAsOwner else { return .all }
    var granted: Permissions = []
    let checks: [(Permissions, (qpdf_data?) -> QPDF_BOOL)] = [
      (.print, qpdf_allow_print_low_res), (.printHighQuality, qpdf_allow_print_high_res),
      (.modify, qpdf_allow_modify_other), (.copy, qpdf_allow_extract_all),
      (.accessibility, qpdf_allow_accessibility), (.annotate, qpdf_allow_modify_annotation),
      (.fillForms, qpdf_allow_modify_form), (.assemble, qpdf_allow_modify_assembly),
    ]
    for (permission, check) in checks where check(data) != QPDF_FALSE {
      granted.insert(permission)
    }
    return granted
  }

  /// Throws `.notPermitted` unless `permission` is granted; call under the lock.
  func requirePermission(_ permission: Permissions, _ action: String) throws(PDFError) {
    guard currentPermissions().contains(permission) else {
      throw PDFError(.notPermitted, "the document's permissions do not allow to \(action)")
    }
  }

  /// True when the document has a signature form field (/FT /Sig), signed or not.
  public var hasSignatureFields: Bool {
    (try? locked { () throws(PDFError) -> Bool in hasSignatureFieldsLocked() }) ?? false
  }

  /// Whether the document has signature fields; call under the lock.
  func hasSignatureFieldsLocked() -> Bool {
    guard let form = qpdf.value(qpdf.root, "AcroForm"),
      let fields = qpdf.value(form, "Fields").flatMap({ qpdf.items($0) })
    else { return false }
    var seen = Set<ObjectIdentity>()
    return fields.contains { hasSignature($0, inheritedType: nil, depth: 0, seen: &seen) }
  }

  /// Whether the field or one of its kids is a signature field.
  private func hasSignature(
    _ field: qpdf_oh, inheritedType: String?, depth: Int, seen: inout Set<ObjectIdentity>
  ) -> Bool {
    guard depth < Document.maximumTreeDepth, qpdf.isDictionary(field) else { return false }
    if let identity = qpdf.identity(field), !seen.insert(identity).inserted { return false }
    let type = qpdf.value(field, "FT").flatMap { qpdf.name($0) } ?? inheritedType
    if type == "Sig" { return true }
    for kid in qpdf.value(field, "Kids").flatMap({ qpdf.items($0) }) ?? []
    where hasSignature(kid, inheritedType: type, depth: depth + 1, seen: &seen) {
      return true
    }
    return false
  }
}
