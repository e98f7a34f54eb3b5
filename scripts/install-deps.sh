#!/bin/sh
# Installs what building and testing libpdftools needs on Debian bookworm (with the Swift
# toolchain already at /opt/swift or on PATH): the C libraries, CMake, Ninja, and pytest.
# Skips apt when everything is already there, so it also runs without root on a ready machine.
set -eu
packages="libqpdf-dev libpoppler-glib-dev libcairo2-dev pkg-config cmake ninja-build qpdf poppler-utils gcc g++"
missing=""
for package in $packages; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing="$missing $package"
done
if [ -n "$missing" ]; then
  echo "installing:$missing"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
fi
# pytest runs the binding's tests; pypdfium2 (PDFium) is the reference the text and annotation
# tests compare against; pymupdf (MuPDF) is a peer in the benchmarks; Pillow backs
# RenderedImage.to_pil().
python3 -c "import pytest, pypdfium2, pymupdf, PIL" 2>/dev/null ||
  python3 -m pip install --quiet --disable-pip-version-check pytest pypdfium2 pymupdf pillow
