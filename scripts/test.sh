#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs every test:
#  1. the core's Swift tests (swift test);
#  2. the production build with ctest: C tests through the library, the header/export and
#     licence checks, the Python binding's tests, the command-line tool's tests, the mutation
#     sweep, the kill -9 save test and the quick side-by-side benchmark;
#  3. the C tests again with AddressSanitizer and UndefinedBehaviorSanitizer, and the thread
#     stress test with ThreadSanitizer (scripts/sanitize.sh);
#  4. a short libFuzzer run of every fuzz harness and the replay of every reproducer
#     (scripts/fuzz.sh);
#  5. the Debian packages: built, checked with lintian and the symbols file, installed, tested
#     with the autopkgtest programs and removed (tests/package/package_test.sh). It needs root
#     or password-less sudo; without them it says so and is reported as skipped.
# Python tools come from the virtual environment install-deps.sh makes.
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
echo "== AddressSanitizer and UndefinedBehaviorSanitizer: the C tests"
"$root/scripts/sanitize.sh" address
echo "== ThreadSanitizer: the thread stress test"
"$root/scripts/sanitize.sh" thread
echo "== libFuzzer: a short run of every harness, and the reproducers"
"$root/scripts/fuzz.sh"
echo "== Debian packages: build, lintian, symbols, install, autopkgtest, remove"
status=0
PDFTOOLS_PACKAGE_JOBS=${PDFTOOLS_PACKAGE_JOBS:-2} "$root/tests/package/package_test.sh" || status=$?
case "$status" in
  0) ;;
  77) echo "== the package test was SKIPPED (the reason is above); every other test passed" ;;
  *) exit "$status" ;;
esac
