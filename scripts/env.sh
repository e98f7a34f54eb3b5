# SPDX-License-Identifier: GPL-3.0-or-later
# Sourced by the scripts: puts the Swift toolchain on PATH and names the build folder and the
# Python virtual environment of the tests.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
  PATH=/opt/swift/usr/bin:$PATH
  export PATH
fi
root=$(cd "$(dirname "$0")/.." && pwd)
build=${PDFTOOLS_BUILD_DIR:-$root/build}
venv=${PDFTOOLS_VENV:-$root/.venv}
