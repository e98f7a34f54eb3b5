#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what building (and, with --tests, testing) libpdftools needs on Debian bookworm,
# with the Swift toolchain already at /opt/swift or on PATH:
#  - Debian packages: the C libraries, CMake, Ninja, the tools the tests call; through apt-get
#    as root, through sudo otherwise; without either, it names the missing packages and stops;
#  - with --tests: a virtual environment made from Debian's /usr/bin/python3 (at $PDFTOOLS_VENV,
#    default .venv in the repository) holding the pinned Python test tools of
#    bindings/python/requirements-test.txt. Nothing is pip-installed into a system interpreter.
# Does nothing that is already done, so it runs without root on a ready machine.
set -eu
. "$(dirname "$0")/env.sh"
tests=0
[ "${1:-}" = "--tests" ] && tests=1

packages="libqpdf-dev libpoppler-glib-dev libcairo2-dev libglib2.0-dev pkg-config cmake ninja-build gcc g++ make scdoc
python3 python3-venv libharfbuzz-dev libfontconfig-dev libfreetype-dev libfribidi-dev libunibreak-dev"
# The tests' peers: the qpdf and poppler tools, and poppler-glib for /usr/bin/python3 (the
# side-by-side benchmark's poppler worker).
# Fonts for text in many scripts (Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari, CJK), and
# poppler's CMaps for CJK documents whose fonts are not embedded; the standard 14 fonts (the
# ZapfDingbats of other programs' check boxes, which poppler draws from an installed font).
[ "$tests" -eq 1 ] && packages="$packages fonts-dejavu-core fonts-noto-core fonts-noto-cjk poppler-data fonts-urw-base35"
[ "$tests" -eq 1 ] && packages="$packages qpdf poppler-utils python3-gi gir1.2-poppler-0.18 python3-gi-cairo python3-cairo abigail-tools"
# The package test's tools and the Debian build's dependencies (debian/control).
[ "$tests" -eq 1 ] && packages="$packages dpkg-dev debhelper lintian dh-python python3-all python3-setuptools
pybuild-plugin-pyproject zlib1g-dev binutils git"
missing=""
for package in $packages; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing="$missing $package"
done
if [ -n "$missing" ]; then
  if [ "$(id -u)" -eq 0 ]; then
    sudo=""
  elif command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
  else
    echo "libpdftools needs these Debian packages:$missing" >&2
    echo "Install them as root (apt-get install$missing) and run this again." >&2
    exit 1
  fi
  echo "installing:$missing"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
fi
if ! command -v swiftc >/dev/null 2>&1; then
  echo "The Swift toolchain is missing: install it at /opt/swift (swift.org, 6.x for Linux) or put swiftc on PATH." >&2
  exit 1
fi

[ "$tests" -eq 1 ] || exit 0
requirements="$root/bindings/python/requirements-test.txt"
stamp="$venv/.pdftools-requirements"
if [ ! -x "$venv/bin/python" ]; then
  /usr/bin/python3 -m venv "$venv"
fi
if ! cmp -s "$requirements" "$stamp" 2>/dev/null; then
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
  cp "$requirements" "$stamp"
fi
