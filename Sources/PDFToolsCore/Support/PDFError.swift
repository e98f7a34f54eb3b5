// SPDX-License-Identifier: GPL-3.0-or-later
/// A failed core operation: what kind of failure, and a message for people.
///
/// The C layer maps each ``Kind`` to one `pdftools_status` code.
public struct PDFError: Error, Sendable, Equatable {
  /// The kinds of failure the core reports.
  public enum Kind: Sendable, Equatable {
    /// An argument is invalid (bad value, bad size, bad text).
    case invalidArgument
    /// A handle is NULL, closed, or not one the library made.
    case invalidHandle
    /// A caller's buffer is too small.
    case bufferTooSmall
    /// An index is outside its range.
    case outOfRange
    /// The thing asked for does not exist.
    case notFound
    /// The feature or option is not supported.
    case unsupported
    /// The operation is forbidden by the document's permissions or state.
    case notPermitted
    /// The file does not exist.
    case fileNotFound
    /// The file or folder may not be accessed.
    case permissionDenied
    /// The path names something other than a regular file.
    case notAFile
    /// Reading or writing failed.
    case io
    /// The data is not a PDF.
    case notPDF
    /// The PDF is damaged beyond repair.
    case damaged
    /// The document needs a password and none was given.
    case passwordRequired
    /// The password given is wrong.
    case wrongPassword
    /// Memory ran out or a size is too large.
    case outOfMemory
    /// The caller's progress handler stopped the call; nothing was changed.
    case cancelled
    /// An unexpected failure.
    case `internal`
  }

  /// The kind of failure.
  public let kind: Kind
  /// A one-line English description.
  public let message: String

  /// Creates an error of `kind` described by `message`.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }
}
