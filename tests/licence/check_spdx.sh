#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Checks that every source, build and script file the repository tracks says its licence in an
# SPDX line within its first three lines, and that COPYING holds the GPL version 3.
# Data files (the corpus, fuzz seeds and reproducers, the sample gestures, PDFs) and Markdown are
# not source. Usage: check_spdx.sh [REPOSITORY]
set -eu
cd "${1:-$(dirname "$0")/../..}"
id="SPDX-License-Identifier: GPL-3.0-or-later"
missing=0 checked=0
for file in $(git ls-files | grep -Ev '^tests/(corpus|fuzz/seeds|fuzz/reproducers)/|^samples/gestures\.txt$' \
    | grep -E '\.(swift|modulemap|c|h|cpp|map|py|sh|cmake|in|supp|dict|toml|txt|scd)$|(^|/)Makefile$|^\.ci/run$'); do
  checked=$((checked + 1))
  if ! head -n 3 "$file" | grep -qF "$id"; then
    echo "no '$id' line at the top of $file"
    missing=$((missing + 1))
  fi
done
grep -q "GNU GENERAL PUBLIC LICENSE" COPYING && grep -q "Version 3, 29 June 2007" COPYING || {
  echo "COPYING does not hold the GNU GPL version 3"
  missing=$((missing + 1))
}
echo "$checked files checked, $missing without their licence"
[ "$missing" -eq 0 ] && [ "$checked" -gt 300 ]
