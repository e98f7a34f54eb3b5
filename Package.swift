// swift-tools-version:6.0
// SPDX-License-Identifier: GPL-3.0-or-later
// The Swift package builds and tests the core (`swift build`, `swift test`).
// The shipped shared library is built by CMake (see CMakeLists.txt).
import PackageDescription

let package = Package(
  name: "pdftools",
  products: [
    .library(name: "PDFToolsCore", targets: ["PDFToolsCore"]),
    .library(name: "pdftools", type: .dynamic, targets: ["PDFTools"]),
  ],
  targets: [
    .systemLibrary(name: "CQPDF", pkgConfig: "libqpdf", providers: [.apt(["libqpdf-dev"])]),
    .systemLibrary(
      name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
    .systemLibrary(name: "CPDFTools"),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(
      name: "CTypography", pkgConfig: "harfbuzz-subset",
      providers: [.apt(["libharfbuzz-dev", "libfontconfig-dev", "libfreetype-dev", "libfribidi-dev", "libunibreak-dev"])]),
    .target(name: "CShims"),
    .target(name: "CSystem"),
    .target(
      name: "CQPDFCrypto", linkerSettings: [.linkedLibrary("qpdf"), .linkedLibrary("stdc++")]),
    .target(
      name: "PDFToolsCore", dependencies: ["CQPDF", "CPoppler", "CSystem", "CQPDFCrypto", "CZlib", "CTypography"],
      // The pkg-config entries bring poppler-glib, GObject, GLib and HarfBuzz; GIO and the other
      // text libraries are linked here, as the module maps link nothing the shared library built
      // by CMake loads when first needed.
      linkerSettings: [
        .linkedLibrary("gio-2.0"), .linkedLibrary("fontconfig"), .linkedLibrary("freetype"),
        .linkedLibrary("fribidi"), .linkedLibrary("unibreak"),
      ]),
    .target(name: "PDFTools", dependencies: ["PDFToolsCore", "CPDFTools", "CShims"]),
    .testTarget(name: "PDFToolsCoreTests", dependencies: ["PDFToolsCore"]),
  ],
  cxxLanguageStandard: .cxx17
)
