#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the Debian packages from a copy of the source tree, checks them and tries them on this
# machine:
#   1. dpkg-buildpackage -us -uc -b in a temporary copy (the repository stays as it is), with
#      nice -n 10 and one job (PDFTOOLS_PACKAGE_JOBS=N for more);
#   2. lintian on the built .changes and on the source package: any E: or W: line fails;
#   3. dpkg-gensymbols -c4 with debian/libpdftools1.symbols on the library of the built .deb,
#      and the symbols file lists exactly the functions the library exports; the library's
#      package depends on those holding poppler-glib and cairo, which it loads when first needed;
#   4. apt-get install -y ./<the four packages>.deb (needs root, or sudo without a password);
#   5. each test of debian/tests/control, run as autopkgtest would run it: from a clean copy of
#      the source, with a plain environment (no LD_LIBRARY_PATH, no PYTHONPATH, no Swift
#      toolchain on PATH); a test fails on a non-zero exit or on output to stderr;
#   6. apt-get remove of the four packages, also when a step failed or the run is interrupted.
# Exit status: 0 everything passed, 1 something failed, 77 skipped (a prerequisite is missing,
# the script cannot install packages, or the packages are installed already); the reason is
# printed. The temporary folder is removed after a pass and kept after a failure (or with
# --keep). Usage: tests/package/package_test.sh [--keep]
set -u
keep=0
[ "${1:-}" = "--keep" ] && keep=1
root=$(cd "$(dirname "$0")/../.." && pwd)
jobs=${PDFTOOLS_PACKAGE_JOBS:-1}
packages="libpdftools1 libpdftools-dev python3-pdftools pdftools"
started=$(date +%s)

skip() {
  echo "SKIP: $*"
  echo "package_test: skipped"
  exit 77
}

# ---- prerequisites ----------------------------------------------------------
if ! command -v swiftc >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swiftc ]; then
  PATH=/opt/swift/usr/bin:$PATH
fi
for tool in dpkg-buildpackage dpkg-source dpkg-gensymbols dpkg-deb lintian apt-get swiftc nm objdump git; do
  command -v "$tool" >/dev/null 2>&1 || case "$tool" in
    swiftc) skip "swiftc (the Swift 6 toolchain) is missing: install it at /opt/swift or put it on PATH" ;;
    lintian) skip "lintian is missing (apt-get install lintian)" ;;
    nm | objdump) skip "$tool is missing (apt-get install binutils)" ;;
    *) skip "$tool is missing (apt-get install dpkg-dev $([ "$tool" = git ] && echo git))" ;;
  esac
done
swift_dir=$(dirname "$(command -v swiftc)")
if [ "$(id -u)" -eq 0 ]; then
  sudo=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  sudo="sudo -n"
else
  skip "installing the packages needs root or sudo without a password; run as root"
fi
missing_deps=$(cd "$root" && dpkg-checkbuilddeps 2>&1 >/dev/null | sed -n 's/.*Unmet build dependencies: //p')
[ -z "$missing_deps" ] || skip "build dependencies are missing: $missing_deps (apt-get install them)"
for package in $packages; do
  if dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q ' installed$'; then
    skip "$package is installed already; this test installs and removes the packages itself (remove them first: apt-get remove $packages)"
  fi
done

# ---- bookkeeping --------------------------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/pdftools-package.XXXXXX")
summary=$work/summary
: > "$summary"
failed=0
installed=0
pass() { echo "PASS  $*" >> "$summary"; echo "== PASS: $*"; }
fail() { echo "FAIL  $*" >> "$summary"; echo "== FAIL: $*"; failed=$((failed + 1)); }
show() { sed 's/^/    | /' "$1" | tail -n "${2:-40}"; }

cleanup() {
  status=$?
  trap - EXIT INT TERM HUP
  if [ "$installed" -eq 1 ]; then
    echo "== removing the packages"
    # shellcheck disable=SC2086 # the package names are words
    if DEBIAN_FRONTEND=noninteractive $sudo apt-get remove -y -q $packages > "$work/remove.log" 2>&1; then
      echo "PASS  removed $packages" >> "$summary"
    else
      echo "FAIL  apt-get remove $packages (see $work/remove.log)" >> "$summary"
      show "$work/remove.log" 20
      failed=$((failed + 1))
    fi
    for package in $packages; do
      if dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q ' installed$'; then
        echo "FAIL  $package is still installed" >> "$summary"
        failed=$((failed + 1))
      fi
    done
  fi
  echo
  echo "== summary"
  cat "$summary"
  echo "wall time: $(( $(date +%s) - started )) s"
  if [ "$failed" -eq 0 ] && [ "$status" -eq 0 ]; then
    echo "package_test: PASS"
    if [ "$keep" -eq 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
    exit 0
  fi
  echo "package_test: FAIL (logs in $work)"
  exit 1
}
trap cleanup EXIT
trap 'echo "interrupted"; failed=$((failed + 1)); exit 1' INT TERM HUP

# ---- 1. build -------------------------------------------------------------------
# The files git tracks, and new ones it does not ignore: what a commit of this tree would hold.
mkdir -p "$work/src"
if ! (cd "$root" && git ls-files -z --cached --others --exclude-standard |
      tar --null -T - -cf - 2>/dev/null) | tar -xf - -C "$work/src"; then
  fail "copy the source tree to $work/src"
  exit 1
fi
version=$(cd "$work/src" && dpkg-parsechangelog -SVersion)
# The source package, made before the build adds its files to the tree.
if (cd "$work" && dpkg-source -b src) > "$work/source.log" 2>&1; then
  pass "dpkg-source -b: libpdftools_$version.dsc"
else
  fail "dpkg-source -b"; show "$work/source.log"
fi
# The tests run in a copy that the build does not touch, as autopkgtest unpacks the source.
cp -a "$work/src" "$work/test-src"
echo "== dpkg-buildpackage -us -uc -b (nice -n 10, parallel=$jobs); log: $work/build.log"
build_started=$(date +%s)
if (cd "$work/src" && env -i PATH="$swift_dir:/usr/sbin:/usr/bin:/sbin:/bin" HOME="${HOME:-/root}" \
      LANG=C.UTF-8 DEB_BUILD_OPTIONS="parallel=$jobs" nice -n 10 dpkg-buildpackage -us -uc -b) \
    > "$work/build.log" 2>&1; then
  pass "dpkg-buildpackage -us -uc -b ($(( $(date +%s) - build_started )) s)"
else
  fail "dpkg-buildpackage -us -uc -b"
  show "$work/build.log" 60
  exit 1
fi
changes=$work/libpdftools_${version}_$(dpkg-architecture -qDEB_HOST_ARCH).changes
ls "$work"/*.deb | sed "s|^$work/|    built |"

# ---- 2. lintian --------------------------------------------------------------------
echo "== lintian"
lintian --fail-on error,warning --show-overrides "$changes" "$work/libpdftools_$version.dsc" \
  > "$work/lintian.log" 2> "$work/lintian.err"
lintian_status=$?
grep -v '^running with root privileges is not recommended!$' "$work/lintian.err" >> "$work/lintian.log"
sed 's/^/    /' "$work/lintian.log"
if [ "$lintian_status" -eq 0 ] && ! grep -q '^[EW]: ' "$work/lintian.log"; then
  pass "lintian: no errors, no warnings ($(grep -c '^O: ' "$work/lintian.log") overridden)"
else
  fail "lintian: $(grep -c '^E: ' "$work/lintian.log") errors, $(grep -c '^W: ' "$work/lintian.log") warnings (exit $lintian_status)"
fi

# ---- 3. symbols -----------------------------------------------------------------------
echo "== dpkg-gensymbols -c4"
mkdir -p "$work/libdeb"
dpkg-deb -x "$work"/libpdftools1_"${version}"_*.deb "$work/libdeb"
if (cd "$work/src" && dpkg-gensymbols -plibpdftools1 -P"$work/libdeb" -v"$version" -c4 \
      -I"$work/src/debian/libpdftools1.symbols" -O"$work/symbols.generated") \
    > "$work/gensymbols.log" 2>&1; then
  pass "dpkg-gensymbols -c4 accepts debian/libpdftools1.symbols ($(grep -c '^ pdftools_' "$work/src/debian/libpdftools1.symbols") functions)"
else
  fail "dpkg-gensymbols -c4 rejects debian/libpdftools1.symbols"
  show "$work/gensymbols.log"
fi
# dpkg-gensymbols does not report a listed symbol that is gone when it was added in the current
# version (a rename before a release): compare the names both ways.
library=$(find "$work/libdeb" -name 'libpdftools.so.1' | head -n 1)
# (dpkg's names: a version node is NODE@NODE, an unversioned symbol name@Base)
nm -D --defined-only "$library" | awk '{ n = $3; sub(/@@/, "@", n)
  if (n !~ /@/) n = n "@" ($2 == "A" ? n : "Base"); print n }' | sort > "$work/exported"
sed -n 's/^ \([^ #][^ ]*\) .*/\1/p' "$work/src/debian/libpdftools1.symbols" | sort > "$work/listed"
if diff -u "$work/listed" "$work/exported" > "$work/symbols.diff"; then
  pass "debian/libpdftools1.symbols lists exactly the $(wc -l < "$work/exported") exported symbols"
else
  fail "debian/libpdftools1.symbols (-) and the exported symbols (+) differ (run debian/update-symbols)"
  show "$work/symbols.diff"
fi

# The libraries loaded when first needed (dlopen) are no DT_NEEDED entries: the package must
# name the packages holding them, poppler-glib's, cairo's and the text libraries', itself.
depends=$(dpkg-deb -f "$work"/libpdftools1_"${version}"_*.deb Depends)
missing_lazy=""
for library in poppler-glib cairo harfbuzz harfbuzz-subset fontconfig freetype2 fribidi libunibreak; do
  dir=$(pkg-config --variable=libdir "$library")
  name=$(pkg-config --libs-only-l "$library" | sed 's/^ *-l\([^ ]*\).*/\1/')
  file=$dir/$(objdump -p "$dir/lib$name.so" | sed -n 's/^ *SONAME *//p')
  holder=$(dpkg-query -S "$file" 2>/dev/null | sed -n '1s/[:,].*//p')
  echo "$depends" | tr ',' '\n' | sed 's/^ *//; s/[ (].*//' | grep -qx "$holder" || missing_lazy="$missing_lazy $library($holder)"
done
if [ -z "$missing_lazy" ]; then
  pass "libpdftools1 depends on the packages of the libraries it loads when first needed"
else
  fail "libpdftools1's Depends ($depends) lacks the packages of:$missing_lazy"
fi

# ---- 4. install ---------------------------------------------------------------------------
echo "== apt-get install"
debs=""
for package in $packages; do
  debs="$debs ./$(cd "$work" && ls "${package}_${version}"_*.deb)"
done
installed=1
# shellcheck disable=SC2086 # the file names are words
if (cd "$work" && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q $debs) \
    > "$work/install.log" 2>&1; then
  pass "apt-get install -y$debs"
else
  fail "apt-get install -y$debs"
  show "$work/install.log"
  exit 1
fi

# ---- 5. the autopkgtest programs against the installed packages ----------------------------
tests=$(sed -n 's/^Tests:[[:space:]]*//p' "$work/test-src/debian/tests/control" | tr ',' ' ')
for test in $tests; do
  echo "== debian/tests/$test"
  mkdir -p "$work/autopkgtest/$test/tmp" "$work/autopkgtest/$test/home"
  out=$work/autopkgtest/$test/stdout err=$work/autopkgtest/$test/stderr
  (cd "$work/test-src" && env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME="$work/autopkgtest/$test/home" \
     LANG=C.UTF-8 AUTOPKGTEST_TMP="$work/autopkgtest/$test/tmp" "debian/tests/$test") > "$out" 2> "$err"
  status=$?
  sed 's/^/    /' "$out"
  if [ "$status" -eq 0 ] && [ ! -s "$err" ]; then
    pass "autopkgtest $test"
  else
    fail "autopkgtest $test (exit $status$([ -s "$err" ] && echo ", output on stderr"))"
    show "$err"
  fi
done
[ "$failed" -eq 0 ]
