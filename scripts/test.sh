#!/bin/sh
# Runs every test: the core's Swift tests, then the production build with the C tests, the
# header/export check and the Python binding's tests (ctest runs the last three).
set -eu
. "$(dirname "$0")/env.sh"
"$root/scripts/install-deps.sh"
echo "== swift test (core)"
(cd "$root" && swift test)
echo "== cmake build and ctest (C, ABI, Python)"
mkdir -p "$build"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=ON \
  -DPython3_EXECUTABLE="$(command -v python3)" > "$build/configure.log" 2>&1 ||
  { cat "$build/configure.log"; exit 1; }
cmake --build "$build"
ctest --test-dir "$build" --output-on-failure
