// SPDX-License-Identifier: GPL-3.0-or-later
import CPDFTools
import CShims
import PDFToolsCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The pointer to a static string's bytes, as a C string that lives forever.
func cString(_ text: StaticString) -> UnsafePointer<CChar> {
  UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

/// The run-time version number (major * 10000 + minor * 100 + patch).
@_cdecl("pdftools_version_number")
public func abiVersionNumber() -> Int32 {
  Int32(PDFTOOLS_VERSION_MAJOR * 10000 + PDFTOOLS_VERSION_MINOR * 100 + PDFTOOLS_VERSION_PATCH)
}

/// The run-time version string: PDFTOOLS_VERSION_STRING, kept in a buffer that lives as long
/// as the process.
@_cdecl("pdftools_version_string")
public func abiVersionString() -> UnsafePointer<CChar> { versionString }

/// PDFTOOLS_VERSION_STRING as a C string that is never freed. It is written once, by the
/// lazy initialisation (which Swift runs once), and only read afterwards.
nonisolated(unsafe) private let versionString: UnsafePointer<CChar> = {
  let bytes = Array(PDFTOOLS_VERSION_STRING.utf8CString)
  let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
  buffer.initialize(from: bytes, count: bytes.count)
  return UnsafePointer(buffer)
}()

/// A static English name for a status code.
@_cdecl("pdftools_status_string")
public func abiStatusString(_ status: pdftools_status) -> UnsafePointer<CChar> {
  switch status {
  case PDFTOOLS_OK: return cString("ok")
  case PDFTOOLS_E_INVALID_ARGUMENT: return cString("invalid argument")
  case PDFTOOLS_E_INVALID_HANDLE: return cString("invalid handle")
  case PDFTOOLS_E_OUT_OF_RANGE: return cString("out of range")
  case PDFTOOLS_E_BUFFER_TOO_SMALL: return cString("buffer too small")
  case PDFTOOLS_E_NOT_FOUND: return cString("not found")
  case PDFTOOLS_E_UNSUPPORTED: return cString("unsupported")
  case PDFTOOLS_E_NOT_PERMITTED: return cString("not permitted")
  case PDFTOOLS_E_FILE_NOT_FOUND: return cString("file not found")
  case PDFTOOLS_E_PERMISSION_DENIED: return cString("permission denied")
  case PDFTOOLS_E_NOT_A_FILE: return cString("not a regular file")
  case PDFTOOLS_E_IO: return cString("input/output error")
  case PDFTOOLS_E_NOT_PDF: return cString("not a PDF")
  case PDFTOOLS_E_DAMAGED: return cString("damaged beyond repair")
  case PDFTOOLS_E_PASSWORD_REQUIRED: return cString("password required")
  case PDFTOOLS_E_WRONG_PASSWORD: return cString("wrong password")
  case PDFTOOLS_E_OUT_OF_MEMORY: return cString("out of memory")
  case PDFTOOLS_E_CANCELLED: return cString("cancelled")
  case PDFTOOLS_E_INTERNAL: return cString("internal error")
  default: return cString("unknown status")
  }
}

/// The calling thread's last error message ("" after a success).
@_cdecl("pdftools_last_error_message")
public func abiLastErrorMessage() -> UnsafePointer<CChar> { pdft_shim_error() }

/// Frees memory the library returned by pointer.
@_cdecl("pdftools_free")
public func abiFree(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }

/// Sets the process-wide log callback (NULL removes it).
@_cdecl("pdftools_set_log_callback")
public func abiSetLogCallback(
  _ callback: pdftools_log_callback?, _ minimumLevel: pdftools_log_level,
  _ userData: UnsafeMutableRawPointer?
) {
  let minimum = LogLevel(rawValue: Int32(clamping: minimumLevel.rawValue)) ?? .debug
  LogDelivery.set(callback, minimum: minimum, userData: userData)
}
