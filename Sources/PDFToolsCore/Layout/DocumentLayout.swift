// SPDX-License-Identifier: GPL-3.0-or-later

extension Document {
  /// Every page's size (crop box times user unit, unrotated) and rotation, for a
  /// ``PageLayout``, read under one lock. A page whose crop box has no area counts as 1 x 1.
  public func layoutPages() throws(PDFError) -> [LayoutPage] {
    try locked { () throws(PDFError) -> [LayoutPage] in
      var result: [LayoutPage] = []
      let count = pageTree.count
      result.reserveCapacity(count)
      for index in 0..<count {
        let geometry = try geometry(index)
        let extent = { (value: Double) in min(max(value * geometry.userUnit, 1), LayoutLimits.pageExtent) }
        result.append(
          LayoutPage(
            width: extent(geometry.cropBox.width), height: extent(geometry.cropBox.height),
            rotation: geometry.rotation))
      }
      return result
    }
  }
}
