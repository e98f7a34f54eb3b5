#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a libFuzzer harness once on every input in a folder of reproducers (inputs that once
# crashed, hung or lost data); each must now run to the end within 60 seconds.
# Usage: replay.sh HARNESS FOLDER
set -eu
harness=$1 folder=$2
passed=0 failed=0
for input in "$folder"/*; do
  [ -f "$input" ] || continue
  if timeout 120 "$harness" -timeout=60 -rss_limit_mb=3072 -close_fd_mask=1 "$input" > /tmp/pdftools-replay.$$ 2>&1; then
    passed=$((passed + 1))
    echo "ok - $(basename "$input")"
  else
    failed=$((failed + 1))
    echo "FAIL - $(basename "$input"):"
    # The sanitizer's or the Swift runtime's report, or the harness's own complaint.
    grep -E 'ERROR|SUMMARY|deadly signal|timeout|Fatal error|^exercise:|^a refused|^the library' \
      /tmp/pdftools-replay.$$ | head -n 10 || true
  fi
done
rm -f /tmp/pdftools-replay.$$
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
