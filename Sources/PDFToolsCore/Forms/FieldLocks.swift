// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF

/// What the signatures of a document forbid changing in its form.
///
/// - A signed signature field's /Lock (ISO 32000-1 12.7.4.5, table 233) and the FieldMDP
///   transforms of its signature (/Reference, 12.8.2.4) lock all fields, the fields named
///   (`Include`) or all but them (`Exclude`); a name covers the field and its descendants.
/// - A certifying signature (catalog /Perms /DocMDP) with /P 1 forbids every change.
/// - A signed signature field is locked itself.
struct FieldLocks {
  /// One rule of a lock.
  enum Rule {
    /// Every field.
    case all
    /// The fields named and their descendants.
    case include([String])
    /// Every field except those named and their descendants.
    case exclude([String])

    /// Whether the rule locks the field named `name`.
    func locks(_ name: String) -> Bool {
      switch self {
      case .all: return true
      case .include(let names): return names.contains { FieldLocks.covers($0, name) }
      case .exclude(let names): return !names.contains { FieldLocks.covers($0, name) }
      }
    }
  }

  /// The rules in force.
  var rules: [Rule] = []
  /// Signed signature fields by object.
  var signedFields = Set<ObjectIdentity>()
  /// True when a certifying signature allows no change.
  var noChanges = false

  /// Whether the field `node` may not change.
  func isLocked(_ node: FieldNode) -> Bool {
    noChanges || signedFields.contains(node.identity) || rules.contains { $0.locks(node.name) }
  }

  /// True when `lockName` names `field` or one of its ancestors.
  static func covers(_ lockName: String, _ field: String) -> Bool {
    field == lockName || field.hasPrefix(lockName + ".")
  }
}

extension Document {
  /// The locks the document's signatures impose on `nodes` (its fields); call under the lock.
  func fieldLocks(_ nodes: [FieldNode]) -> FieldLocks {
    var locks = FieldLocks()
    for node in nodes where node.attributes.fieldType == "Sig" {
      guard let signature = node.attributes.value, qpdf.isDictionary(signature) else { continue }
      locks.signedFields.insert(node.identity)
      if let lock = qpdf.value(node.object, "Lock"), let rule = lockRule(lock) { locks.rules.append(rule) }
      for reference in qpdf.value(signature, "Reference").flatMap({ qpdf.items($0) }) ?? [] {
        guard qpdf.entry(reference, "/TransformMethod").flatMap({ qpdf.name($0) }) == "FieldMDP",
          let parameters = qpdf.value(reference, "TransformParams"), let rule = lockRule(parameters)
        else { continue }
        locks.rules.append(rule)
      }
    }
    locks.noChanges = certificationForbidsChanges()
    return locks
  }

  /// The rule of a /Lock or FieldMDP parameters dictionary; nil when it names no action.
  private func lockRule(_ dictionary: qpdf_oh) -> FieldLocks.Rule? {
    let names = qpdf.value(dictionary, "Fields").flatMap { qpdf.items($0) }?.compactMap { qpdf.text($0) } ?? []
    switch qpdf.entry(dictionary, "/Action").flatMap({ qpdf.name($0) }) {
    case "All": return .all
    case "Include": return .include(names)
    case "Exclude": return .exclude(names)
    default: return nil
    }
  }

  /// True when the document is certified with DocMDP permissions 1 (no changes); call under
  /// the lock.
  func certificationForbidsChanges() -> Bool {
    guard let perms = qpdf.value(qpdf.root, "Perms"), let signature = qpdf.value(perms, "DocMDP") else { return false }
    for reference in qpdf.value(signature, "Reference").flatMap({ qpdf.items($0) }) ?? [] {
      guard qpdf.entry(reference, "/TransformMethod").flatMap({ qpdf.name($0) }) == "DocMDP" else { continue }
      let level = qpdf.value(reference, "TransformParams").flatMap { qpdf.value($0, "P") }.flatMap { qpdf.integer($0) } ?? 2
      if level == 1 { return true }
    }
    return false
  }
}
