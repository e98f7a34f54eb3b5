#!/bin/sh
# Runs every test: the core's Swift tests, then the production build with the C tests, the
# header/export check, the reliability tests and the Python binding's tests (ctest runs all but
# the first). Python tools come from the virtual environment install-deps.sh makes.
set -eu
. "$(dirname "$0")/env.sh"
"$root/scripts/install-deps.sh" --tests
echo "== swift test (core)"
(cd "$root" && swift test)
echo "== cmake build and ctest (C, ABI, reliability, Python)"
mkdir -p "$build"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=ON \
  -DPython3_EXECUTABLE="$venv/bin/python" > "$build/configure.log" 2>&1 ||
  { cat "$build/configure.log"; exit 1; }
cmake --build "$build"
ctest --test-dir "$build" --output-on-failure
