// SPDX-License-Identifier: GPL-3.0-or-later
/// What poppler reads text from. Annotations never change a page's text, so the source is
/// kept across changes that leave page content alone, and only such changes drop it.
enum TextViewSource {
  /// Nothing read yet, or page content changed since.
  case none
  /// The render view of the moment text was first read (no page had to be turned upright).
  case shared(PopplerView)
  /// A chain of its own, with the rotated pages read so far at /Rotate 0.
  case upright(ViewChain)
}
