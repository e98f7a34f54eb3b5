#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Proves that include/pdftools.h and the built library agree:
#  1. the library exports exactly the functions the header declares (and nothing else);
#  2. every exported Swift @_cdecl function has the header's signature: the header swiftc
#     generates for them is compiled together with pdftools.h, so any difference in a
#     parameter or return type is a "conflicting types" error.
# Usage: check_abi.sh LIBRARY HEADER SWIFT_GENERATED_HEADER
set -eu
lib=$1 header=$2 generated=$(realpath "$3")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

nm -D --defined-only "$lib" | awk '$2 == "T" { sub(/@.*/, "", $3); print $3 }' | sort > "$work/exported"
grep -vE '^[[:space:]]*(\*|/\*|#)' "$header" | grep -oE 'pdftools_[a-z0-9_]+\(' | tr -d '(' | sort > "$work/declared"
if diff -u "$work/declared" "$work/exported" > "$work/names.diff"; then
  passed=$((passed + 1))
  echo "ok: the $(wc -l < "$work/declared") declared functions are exactly the exported ones"
else
  failed=$((failed + 1))
  echo "FAIL: declared (-) and exported (+) functions differ:"
  cat "$work/names.diff"
fi
if nm -D --defined-only "$lib" | grep -v ' A ' | awk '{print $3}' | grep -vq '^pdftools_'; then
  failed=$((failed + 1))
  echo "FAIL: the library exports symbols outside pdftools_*"
else
  passed=$((passed + 1))
  echo "ok: only pdftools_* symbols are exported"
fi

# At the ABI level a handle pointer is a pointer; Swift spells it void *.
sed -e 's/^typedef struct pdftools_document pdftools_document;/typedef void pdftools_document;/' \
  -e 's/^typedef struct pdftools_tool_manager pdftools_tool_manager;/typedef void pdftools_tool_manager;/' \
  -e 's/^typedef struct pdftools_layout pdftools_layout;/typedef void pdftools_layout;/' \
  "$header" > "$work/pdftools.h"
mkdir -p "$work/Foundation"
printf 'typedef long NSInteger;\ntypedef unsigned long NSUInteger;\n' > "$work/Foundation/Foundation.h"
printf 'module CPDFTools {\n  header "pdftools.h"\n  export *\n}\n' > "$work/module.modulemap"
printf '#include "pdftools.h"\n#include "%s"\n' "$generated" > "$work/check.m"
clang=${CLANG:-clang}
if "$clang" -x objective-c -fsyntax-only -fmodules -fmodules-cache-path="$work/cache" \
  -fmodule-map-file="$work/module.modulemap" -I "$work" "$work/check.m" > "$work/clang.log" 2>&1; then
  passed=$((passed + 1))
  echo "ok: every exported function has the header's signature ($(grep -c 'SWIFT_EXTERN.*pdftools_' "$generated") checked)"
else
  failed=$((failed + 1))
  echo "FAIL: signatures differ between the header and the Swift exports:"
  grep -E 'error' "$work/clang.log" | head -n 40
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
