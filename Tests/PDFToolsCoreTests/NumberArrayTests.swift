// SPDX-License-Identifier: GPL-3.0-or-later
import CQPDF
import Testing

@testable import PDFToolsCore

/// Number arrays are built from their syntax in one parse; they must hold the same numbers as
/// arrays built one number at a time.
@Suite struct NumberArrayTests {
  @Test func writesIntegersAndRealsWithFourDecimals() {
    #expect(QPDF.numberSyntax(0) == "0")
    #expect(QPDF.numberSyntax(-0.0) == "0")
    #expect(QPDF.numberSyntax(42) == "42")
    #expect(QPDF.numberSyntax(-7) == "-7")
    #expect(QPDF.numberSyntax(0.5) == "0.5")
    #expect(QPDF.numberSyntax(-0.25) == "-0.25")
    #expect(QPDF.numberSyntax(1.23456) == "1.2346")
    #expect(QPDF.numberSyntax(100.0001) == "100.0001")
    #expect(QPDF.numberSyntax(-7.05) == "-7.05")
    #expect(QPDF.numberSyntax(0.0302) == "0.0302")
    #expect(QPDF.numberSyntax(-0.00004) == "0")
    #expect(QPDF.numberSyntax(0.03125) == "0.0312", "an exact tie goes to the even neighbour")
    #expect(QPDF.numberSyntax(-0.09375) == "-0.0938")
    #expect(QPDF.numberSyntax(2.00001) == "2", "rounds to a whole number: written as one")
    #expect(QPDF.numberSyntax(4.5e11) == "450000000000")
    #expect(QPDF.numberSyntax(4.6e11 + 0.5) == nil, "beyond exact rounding: made by qpdf")
    #expect(QPDF.numberSyntax(1e20) == nil, "beyond Int64 and exact rounding: made by qpdf")
    #expect(QPDF.numberSyntax(.infinity) == nil)
  }

  @Test func holdsTheGivenNumbers() throws {
    let qpdf = QPDF()
    defer { qpdf.releaseHandles() }
    try qpdf.makeEmpty()
    let values: [Double] = [0, 1, -2, 0.5, 612.75, -0.0302, 1e20, 123456.789]
    let array = qpdf.numberArray(values)
    #expect(qpdf_oh_get_array_n_items(qpdf.data, array) == Int32(values.count))
    for (index, value) in values.enumerated() {
      let item = qpdf_oh_get_array_item(qpdf.data, array, Int32(index))
      let read = qpdf_oh_get_numeric_value(qpdf.data, item)
      #expect(abs(read - value) <= max(5e-5, value.magnitude * 1e-12), "item \(index): \(read) for \(value)")
      #expect((qpdf_oh_is_integer(qpdf.data, item) != QPDF_FALSE) == (Int64(exactly: value) != nil), "item \(index)")
    }
    #expect(qpdf_oh_get_array_n_items(qpdf.data, qpdf.numberArray([])) == 0)
  }

  /// The syntax is what qpdf writes for the same real with four decimals, near ties included.
  @Test func roundsAsQPDFDoes() throws {
    let qpdf = QPDF()
    defer { qpdf.releaseHandles() }
    try qpdf.makeEmpty()
    var generator = SystemRandomNumberGenerator()
    var values: [Double] = [0.03125, -0.09375, 2.00005, 1.00005, -3.00015, 0.00005, 1e-9, 123.45675]
    var magnitude = 1e-5
    for _ in 0..<16 {
      magnitude *= 10
      for _ in 0..<100 { values.append(Double.random(in: -1...1, using: &generator) * magnitude) }
    }
    for _ in 0..<500 {
      // The double nearest a decimal tie: just above it, just below it or on it.
      let tie = (Double(Int.random(in: -10_000_000...10_000_000, using: &generator)) + 0.5) / 10_000
      values.append(tie)
    }
    for value in values where value.magnitude < 4e11 {
      let real = qpdf_oh_new_real_from_double(qpdf.data, value, 4)
      var written = String(cString: qpdf_oh_unparse(qpdf.data, real))
      if written == "-0" { written = "0" }
      #expect(QPDF.numberSyntax(value) == written, "\(value)")
    }
  }
}
