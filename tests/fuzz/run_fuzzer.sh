#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs one libFuzzer harness for a bounded time and reports its throughput and coverage.
# Usage: run_fuzzer.sh HARNESS SECONDS DICTIONARY WORK_DIR [SEED_DIR...]
# New inputs go to WORK_DIR (created); crashes, timeouts and leaks are written next to it and
# make the run fail.  Extra arguments for libFuzzer can come in $PDFTOOLS_FUZZ_ARGS.
set -eu
harness=$1 seconds=$2 dictionary=$3 work=$4
shift 4
mkdir -p "$work" "$work.artifacts"
log="$work.log"
status=0
# -close_fd_mask=1: the harness's own output is noise; libFuzzer's and sanitizer reports stay.
# An input is a hang when it runs 30 s; slower inputs below that are poppler's slow paths (a
# TrueType font whose 'post' table poppler 22.12 reads in quadratic time renders in 11 s in
# pdftocairo too), so libFuzzer's slow-unit reports (from 10 s) are not failures.
"$harness" -max_total_time="$seconds" -timeout=30 -report_slow_units=30 -rss_limit_mb=3072 -max_len=1000000 \
  -dict="$dictionary" -print_final_stats=1 -close_fd_mask=1 \
  -artifact_prefix="$work.artifacts/" ${PDFTOOLS_FUZZ_ARGS:-} "$work" "$@" > "$log" 2>&1 || status=$?
grep -E '^#[0-9]+ +(INITED|DONE)|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb' "$log" || true
grep -E 'cov: [0-9]+' "$log" | tail -n 1 || true
if [ "$status" -ne 0 ] || ls "$work.artifacts"/* > /dev/null 2>&1; then
  echo "FAIL: $(basename "$harness") found a problem (exit $status); the input is in $work.artifacts:"
  # The report: from a few lines before the first error (a harness's own message, a Swift
  # runtime's "Fatal error") through the stack trace.
  first=$(grep -n -m 1 -E 'ERROR|Fatal error|deadly signal|timeout|^exercise:|^a refused|^the library' "$log" | cut -d: -f1)
  if [ -n "$first" ]; then
    start=$((first > 10 ? first - 10 : 1))
    sed -n "${start},$((first + 60))p" "$log"
  else
    tail -n 40 "$log"
  fi
  exit 1
fi
echo "ok: $(basename "$harness") ran $seconds s without finding a problem"
