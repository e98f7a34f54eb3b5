// SPDX-License-Identifier: GPL-3.0-or-later
/// A PDF date ("D:YYYYMMDDHHmmSSOHH'mm'") or ISO 8601 date ("2026-12-01T10:00:00Z") as a
/// moment: seconds since 1970 in UTC, so that dates written in different zones compare.
struct PDFDateValue: Comparable {
  /// Seconds since 1970-01-01T00:00:00Z.
  let seconds: Int64

  /// Orders moments.
  static func < (lhs: PDFDateValue, rhs: PDFDateValue) -> Bool { lhs.seconds < rhs.seconds }

  /// Reads a PDF or ISO date; nil when `text` is neither. Missing parts default as PDF says
  /// (month and day 1, time 0, zone UTC).
  init?(_ text: String) {
    var digits: [Int] = []
    var rest = Substring(text.hasPrefix("D:") ? String(text.dropFirst(2)) : text)
    // The date and time digits, ISO separators skipped.
    while let first = rest.first, digits.count < 14 {
      if let value = first.wholeNumberValue, first.isASCII {
        digits.append(value)
      } else if first == "-" && digits.count < 8 || first == ":" || first == "T" || first == " " {
        // separators of ISO 8601
      } else {
        break
      }
      rest = rest.dropFirst()
    }
    guard digits.count >= 4, digits.count % 2 == 0 else { return nil }
    func number(_ from: Int, _ count: Int, _ fallback: Int) -> Int {
      guard from + count <= digits.count else { return fallback }
      return digits[from..<(from + count)].reduce(0) { $0 * 10 + $1 }
    }
    let year = number(0, 4, 1970)
    let month = number(4, 2, 1)
    let day = number(6, 2, 1)
    let hour = number(8, 2, 0)
    let minute = number(10, 2, 0)
    let second = number(12, 2, 0)
    guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
    var offset = 0
    if let sign = rest.first, sign == "+" || sign == "-" {
      let zone = rest.dropFirst().filter { $0.isASCII && $0.isNumber }.compactMap(\.wholeNumberValue)
      guard zone.count >= 2 else { return nil }
      let hours = zone[0] * 10 + zone[1]
      let minutes = zone.count >= 4 ? zone[2] * 10 + zone[3] : 0
      offset = (hours * 60 + minutes) * 60 * (sign == "-" ? -1 : 1)
    } else if let zone = rest.first, zone != "Z" && zone != "'" {
      return nil
    }
    // Days from the civil date (proleptic Gregorian).
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
  }

  /// The moment as a PDF date in UTC: "D:YYYYMMDDHHmmSSZ".
  var pdfText: String {
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let time = Int(seconds - days * 86_400)
    // The civil date of a day count (proleptic Gregorian).
    let shifted = Int(days) + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    return "D:" + yearText + two(month) + two(day) + two(time / 3600) + two(time / 60 % 60) + two(time % 60) + "Z"
  }
}
