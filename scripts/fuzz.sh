#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Fuzzes libpdftools with libFuzzer and AddressSanitizer (build folder build-fuzz).
#   scripts/fuzz.sh                       the short smoke of every harness and the reproducers
#                                         (what scripts/test.sh runs)
#   scripts/fuzz.sh HARNESS SECONDS [J]   a long campaign of one harness (fuzz_open, fuzz_save,
#                                         fuzz_edit or fuzz_xfdf) with J processes (default 2), its inputs kept in
#                                         tests/fuzz/work/HARNESS between campaigns
# A campaign prints libFuzzer's statistics (executions per second, coverage) at the end; inputs
# that crash, hang or leak are written to tests/fuzz/work/HARNESS.artifacts.
set -eu
. "$(dirname "$0")/env.sh"
dir="$root/build-fuzz"
clang="$(dirname "$(command -v swiftc)")/clang"
mkdir -p "$dir"
cmake -S "$root" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=ON -DPDFTOOLS_FUZZ=ON \
  -DCMAKE_C_COMPILER="$clang" -DCMAKE_CXX_COMPILER="$clang++" -DPython3_EXECUTABLE="$venv/bin/python" \
  > "$dir/configure.log" 2>&1 || { cat "$dir/configure.log"; exit 1; }
cmake --build "$dir" > "$dir/build.log" 2>&1 || { tail -n 40 "$dir/build.log"; exit 1; }
if [ $# -eq 0 ]; then
  exec ctest --test-dir "$dir" --output-on-failure
fi
harness=$1 seconds=$2 jobs=${3:-2}
work="$root/tests/fuzz/work/$harness"
case "$harness" in
  fuzz_edit) seeds="$root/tests/fuzz/seeds/edit" ;;
  fuzz_xfdf) seeds="$root/tests/fuzz/seeds/xfdf" ;;
  *) seeds="$root/tests/fuzz/seeds/pdf $root/tests/corpus" ;;
esac
dictionary="$root/tests/fuzz/pdf.dict"
[ "$harness" = fuzz_xfdf ] && dictionary="$root/tests/fuzz/xfdf.dict"
export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1
export LSAN_OPTIONS="suppressions=$root/tests/sanitize/lsan.supp"
PDFTOOLS_FUZZ_ARGS="-fork=$jobs -ignore_crashes=1" \
  "$root/tests/fuzz/run_fuzzer.sh" "$dir/tests/fuzz/$harness" "$seconds" "$dictionary" "$work" $seeds
