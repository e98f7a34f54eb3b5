#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds libpdftools and its C tests with a sanitizer and runs them (part of scripts/test.sh):
#   scripts/sanitize.sh address   AddressSanitizer + UndefinedBehaviorSanitizer, every C test
#   scripts/sanitize.sh thread    ThreadSanitizer, the thread stress test (c_threads)
# Extra arguments go to ctest (e.g. -R c_api).  Build folders: build-asan, build-tsan.
set -eu
. "$(dirname "$0")/env.sh"
kind=${1:-address}
shift || true
case "$kind" in
  address) dir="$root/build-asan" ;;
  thread) dir="$root/build-tsan"; [ $# -gt 0 ] || set -- -R c_threads ;;
  *) echo "usage: $0 address|thread [ctest arguments]" >&2; exit 2 ;;
esac
clang="$(dirname "$(command -v swiftc)")/clang"
mkdir -p "$dir"
cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=ON -DPDFTOOLS_SANITIZER="$kind" \
  -DCMAKE_C_COMPILER="$clang" -DCMAKE_CXX_COMPILER="$clang++" -DPython3_EXECUTABLE="$venv/bin/python" \
  > "$dir/configure.log" 2>&1 || { cat "$dir/configure.log"; exit 1; }
cmake --build "$dir" > "$dir/build.log" 2>&1 || { tail -n 40 "$dir/build.log"; exit 1; }
ctest --test-dir "$dir" --output-on-failure "$@"
