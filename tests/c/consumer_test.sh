#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# consumer_test.sh — the c_consumer ctest: installs the built project into
# <build>/stage with `cmake --install`, then uses it the way a consumer would:
#   1. builds the bindings/c samples with `pkg-config --cflags --libs pdftools`
#      (bindings/c/Makefile) and runs them on corpus files;
#   2. configures and builds tests/c/consumer (find_package(pdftools) and
#      pdftools::pdftools) with CMAKE_PREFIX_PATH=<stage> and runs it.
# Prints one line per check and a last line "N passed, M failed"; exits 1 if
# anything failed, 77 (ctest: skipped) if a needed tool is missing.
#
# Usage: consumer_test.sh --build-dir DIR --source-dir DIR --corpus DIR
#          --work-dir DIR --cmake PATH --generator NAME [--config NAME]
#          [--make PATH] [--pkg-config PATH]

BUILD_DIR= SOURCE_DIR= CORPUS= WORK= CMAKE=cmake GENERATOR= CONFIG= MAKE_PROG= PKG_CONFIG_PROG=
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) BUILD_DIR=$2 ;;
    --source-dir) SOURCE_DIR=$2 ;;
    --corpus) CORPUS=$2 ;;
    --work-dir) WORK=$2 ;;
    --cmake) CMAKE=$2 ;;
    --generator) GENERATOR=$2 ;;
    --config) CONFIG=$2 ;;
    --make) MAKE_PROG=$2 ;;
    --pkg-config) PKG_CONFIG_PROG=$2 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
  shift 2
done
[ -n "$MAKE_PROG" ] || MAKE_PROG=$(command -v make)
[ -n "$PKG_CONFIG_PROG" ] || PKG_CONFIG_PROG=$(command -v pkg-config)
if [ -z "$BUILD_DIR" ] || [ -z "$SOURCE_DIR" ] || [ -z "$CORPUS" ] || [ -z "$WORK" ]; then
  echo "usage: $0 --build-dir DIR --source-dir DIR --corpus DIR --work-dir DIR --cmake PATH --generator NAME" >&2
  exit 2
fi
for tool in "$MAKE_PROG" "$PKG_CONFIG_PROG"; do
  if [ -z "$tool" ] || ! [ -x "$tool" ]; then
    echo "skipped: make or pkg-config not found"
    echo "0 passed, 0 failed"
    exit 77
  fi
done

PASSED=0
FAILED=0
ok() { PASSED=$((PASSED + 1)); echo "ok - $*"; }
fail() { FAILED=$((FAILED + 1)); echo "FAIL - $*"; }
check() { # check DESCRIPTION COMMAND...
  desc=$1; shift
  if "$@"; then ok "$desc"; else fail "$desc"; fi
}
show() { # prints a log file indented
  [ -f "$1" ] && sed 's/^/    | /' "$1" | tail -n 40
}
finish() {
  echo "$PASSED passed, $FAILED failed"
  [ "$FAILED" -eq 0 ] && exit 0
  exit 1
}
contains() { # contains FILE REGEX
  grep -Eq "$2" "$1"
}

STAGE=$BUILD_DIR/stage
rm -rf "$STAGE" "$WORK"
mkdir -p "$WORK"
LOG=$WORK/log

# ---- install --------------------------------------------------------------

if [ -n "$CONFIG" ]; then
  "$CMAKE" --install "$BUILD_DIR" --prefix "$STAGE" --config "$CONFIG" >"$LOG.install" 2>&1
else
  "$CMAKE" --install "$BUILD_DIR" --prefix "$STAGE" >"$LOG.install" 2>&1
fi
if [ $? -eq 0 ]; then ok "cmake --install $BUILD_DIR --prefix $STAGE"; else
  fail "cmake --install $BUILD_DIR --prefix $STAGE"; show "$LOG.install"; finish; fi

LIBDIR=
for d in "$STAGE/lib" "$STAGE/lib64" "$STAGE"/lib/*-linux-gnu*; do
  if [ -e "$d/libpdftools.so.1" ]; then LIBDIR=$d; break; fi
done
if [ -n "$LIBDIR" ]; then ok "library installed in ${LIBDIR#"$STAGE"/}"; else
  fail "libpdftools.so.1 installed under $STAGE/lib*"; find "$STAGE" | sed 's/^/    | /'; finish; fi
check "include/pdftools.h installed" test -f "$STAGE/include/pdftools.h"
check "installed pdftools.h is the source header" cmp -s "$STAGE/include/pdftools.h" "$SOURCE_DIR/include/pdftools.h"
check "development symlink libpdftools.so installed" test -e "$LIBDIR/libpdftools.so"
check "$(basename "$LIBDIR")/pkgconfig/pdftools.pc installed" test -f "$LIBDIR/pkgconfig/pdftools.pc"
check "$(basename "$LIBDIR")/cmake/pdftools/pdftools-config.cmake installed" \
  test -f "$LIBDIR/cmake/pdftools/pdftools-config.cmake"
check "$(basename "$LIBDIR")/cmake/pdftools/pdftools-config-version.cmake installed" \
  test -f "$LIBDIR/cmake/pdftools/pdftools-config-version.cmake"
if command -v objdump >/dev/null 2>&1; then
  check "SONAME is libpdftools.so.1" sh -c "objdump -p '$LIBDIR/libpdftools.so.1' | grep -Eq 'SONAME +libpdftools\\.so\\.1\$'"
  check "no Swift runtime library needed at run time" \
    sh -c "! objdump -p '$LIBDIR/libpdftools.so.1' | grep NEEDED | grep -q swift"
  check "every exported function is in a version node PDFTOOLS_1.x" sh -c \
    "objdump -T '$LIBDIR/libpdftools.so.1' | grep -E ' pdftools_' | grep -Ev ' PDFTOOLS_1\\.[0-9]+( +\\.protected)? +pdftools_' | grep -q . && exit 1; exit 0"
  check "the functions of 1.0 are in PDFTOOLS_1.0 (pdftools_document_open)" sh -c \
    "objdump -T '$LIBDIR/libpdftools.so.1' | grep -Eq ' PDFTOOLS_1\\.0( +\\.protected)? +pdftools_document_open\$'"
  check "a function added in 1.1 is in PDFTOOLS_1.1 (pdftools_annotation_translate)" sh -c \
    "objdump -T '$LIBDIR/libpdftools.so.1' | grep -Eq ' PDFTOOLS_1\\.1( +\\.protected)? +pdftools_annotation_translate\$'"
fi

HEADER_VERSION=$(sed -n 's/^#define PDFTOOLS_VERSION_STRING "\(.*\)"$/\1/p' "$STAGE/include/pdftools.h")

# ---- pkg-config and the bindings/c samples --------------------------------

PKG_CONFIG_PATH=$LIBDIR/pkgconfig
export PKG_CONFIG_PATH
PC_VERSION=$("$PKG_CONFIG_PROG" --modversion pdftools 2>"$LOG.pc")
if [ "$PC_VERSION" = "$HEADER_VERSION" ]; then ok "pkg-config --modversion pdftools is $HEADER_VERSION"; else
  fail "pkg-config --modversion pdftools is '$PC_VERSION', header says '$HEADER_VERSION'"; show "$LOG.pc"; fi
CFLAGS_PC=$("$PKG_CONFIG_PROG" --cflags pdftools 2>/dev/null)
LIBS_PC=$("$PKG_CONFIG_PROG" --libs pdftools 2>/dev/null)
echo "    pkg-config --cflags: $CFLAGS_PC"
echo "    pkg-config --libs:   $LIBS_PC"
inc_ok=no
for f in $CFLAGS_PC; do
  case "$f" in -I*) [ -f "${f#-I}/pdftools.h" ] && inc_ok=yes ;; esac
done
[ -z "$CFLAGS_PC" ] && [ -f /usr/include/pdftools.h ] && inc_ok=yes
if [ $inc_ok = yes ]; then ok "pkg-config --cflags points at the staged header (relocatable .pc)"; else
  fail "pkg-config --cflags ($CFLAGS_PC) does not point at $STAGE/include (is the .pc relocatable?)"; fi
lib_ok=no
for f in $LIBS_PC; do
  case "$f" in -L*) [ -e "${f#-L}/libpdftools.so" ] && lib_ok=yes ;; esac
done
if [ $lib_ok = yes ]; then ok "pkg-config --libs points at the staged library"; else
  fail "pkg-config --libs ($LIBS_PC) does not point at $LIBDIR"; fi

SAMPLES=$WORK/samples
"$MAKE_PROG" -C "$SOURCE_DIR/bindings/c" BUILDDIR="$SAMPLES" \
  CFLAGS="-O1 -g -Werror" CXXFLAGS="-O1 -g -Werror" >"$LOG.make" 2>&1
if [ $? -eq 0 ]; then ok "bindings/c samples build with pkg-config (-Werror)"; else
  fail "bindings/c samples build with pkg-config"; show "$LOG.make"; fi

run_sample() { # run_sample OUTFILE PROGRAM ARGS... ; sets RC
  out=$1; shift
  LD_LIBRARY_PATH=$LIBDIR "$@" >"$out" 2>"$out.err"
  RC=$?
}

INFO=$SAMPLES/pdftools-info
if [ -x "$INFO" ]; then
  run_sample "$WORK/info-boxes" "$INFO" "$CORPUS/qpdf-boxes.pdf"
  if [ $RC -eq 0 ]; then ok "pdftools-info qpdf-boxes.pdf exits 0"; else
    fail "pdftools-info qpdf-boxes.pdf exits $RC"; show "$WORK/info-boxes.err"; fi
  check "pdftools-info: 'Pages: 8'" contains "$WORK/info-boxes" '^Pages: +8$'
  check "pdftools-info: 'PDF version: 1.3'" contains "$WORK/info-boxes" '^PDF version: +1\.3'
  check "pdftools-info: 'Encrypted: no'" contains "$WORK/info-boxes" '^Encrypted: +no'
  check "pdftools-info: library version line" contains "$WORK/info-boxes" "^Library: +libpdftools $HEADER_VERSION"
  check "pdftools-info: page 8 is listed" contains "$WORK/info-boxes" '^Page 8 '
  check "pdftools-info: crop box [10 20 582 752]" contains "$WORK/info-boxes" 'crop box: +\[10 20 582 752\]'
  check "pdftools-info: a page rotated by 90" contains "$WORK/info-boxes" 'rotation: +90'
  check "pdftools-info: nothing on stderr" test ! -s "$WORK/info-boxes.err"

  run_sample "$WORK/info-enc" "$INFO" "$CORPUS/qpdf-enc-r3-rc4-128.pdf" view
  if [ $RC -eq 0 ]; then ok "pdftools-info with a password exits 0"; else
    fail "pdftools-info with a password exits $RC"; show "$WORK/info-enc.err"; fi
  check "pdftools-info: 'Encrypted: yes'" contains "$WORK/info-enc" '^Encrypted: +yes'
  check "pdftools-info: 'Pages: 30'" contains "$WORK/info-enc" '^Pages: +30$'

  run_sample "$WORK/info-nopw" "$INFO" "$CORPUS/qpdf-enc-r3-rc4-128.pdf"
  check "pdftools-info without the password exits 1 (got $RC)" test $RC -eq 1
  check "pdftools-info without the password explains on stderr" test -s "$WORK/info-nopw.err"
  run_sample "$WORK/info-missing" "$INFO" "$WORK/no-such-file.pdf"
  check "pdftools-info on a missing file exits 1 (got $RC)" test $RC -eq 1
  run_sample "$WORK/info-bad" "$INFO" "$CORPUS/qpdf-bad1-not-a-pdf.pdf"
  check "pdftools-info on a non-PDF exits 1 (got $RC)" test $RC -eq 1
  run_sample "$WORK/info-usage" "$INFO"
  check "pdftools-info without arguments exits 2 (got $RC)" test $RC -eq 2
  check "pdftools-info without arguments prints a usage line" contains "$WORK/info-usage.err" '[Uu]sage'
else
  fail "pdftools-info was built"
fi

REPLAY=$SAMPLES/pdftools-replay
if [ -x "$REPLAY" ]; then
  run_sample "$WORK/replay" "$REPLAY" "$SOURCE_DIR/samples/sample.pdf" "$SOURCE_DIR/samples/gestures.txt" \
    "$WORK/replayed.pdf"
  if [ $RC -eq 0 ]; then ok "pdftools-replay samples/gestures.txt exits 0 (its expect lines hold)"; else
    fail "pdftools-replay samples/gestures.txt exits $RC"; show "$WORK/replay.err"; fi
  check "pdftools-replay: a Highlight was added" contains "$WORK/replay" 'added on page 0: #[0-9]+ Highlight'
  check "pdftools-replay: a sticky note was added" contains "$WORK/replay" 'added on page 0: #[0-9]+ Text'
  check "pdftools-replay: the result was saved" test -s "$WORK/replayed.pdf"
  if [ -x "$INFO" ]; then
    run_sample "$WORK/replayed-info" "$INFO" "$WORK/replayed.pdf"
    check "pdftools-info reads the replayed document" test $RC -eq 0
  fi
  printf 'tool rectangle\nbogus 1 2 3\n' >"$WORK/bad-gestures.txt"
  run_sample "$WORK/replay-bad" "$REPLAY" "$SOURCE_DIR/samples/sample.pdf" "$WORK/bad-gestures.txt" "$WORK/never.pdf"
  check "pdftools-replay on a bad gesture file exits 1 (got $RC)" test $RC -eq 1
  check "pdftools-replay names the bad line" contains "$WORK/replay-bad.err" ':2'
  check "pdftools-replay saves nothing after an error" test ! -e "$WORK/never.pdf"
else
  fail "pdftools-replay was built"
fi

NEWDOC=$SAMPLES/pdftools-newdoc
if [ -x "$NEWDOC" ]; then
  run_sample "$WORK/newdoc" "$NEWDOC" "$WORK/new.pdf" "Consumer test"
  if [ $RC -eq 0 ]; then ok "pdftools-newdoc exits 0"; else
    fail "pdftools-newdoc exits $RC"; show "$WORK/newdoc.err"; fi
  check "pdftools-newdoc wrote a PDF" sh -c "head -c 5 '$WORK/new.pdf' | grep -q '%PDF-'"
  if [ -x "$INFO" ]; then
    run_sample "$WORK/info-new" "$INFO" "$WORK/new.pdf"
    check "pdftools-info reads the new document (exit $RC)" test $RC -eq 0
    check "new document: 4 pages" contains "$WORK/info-new" '^Pages: +4$'
    check "new document: Title set" contains "$WORK/info-new" 'Title: +Consumer test'
    check "new document: Author set" contains "$WORK/info-new" 'Author: '
  fi
  run_sample "$WORK/newdoc-missing" "$NEWDOC" "$WORK/no-such-folder/new.pdf"
  check "pdftools-newdoc into a missing folder exits 1 (got $RC)" test $RC -eq 1
else
  fail "pdftools-newdoc was built"
fi

SIZES=$SAMPLES/pdftools-pagesizes
if [ -x "$SIZES" ]; then
  run_sample "$WORK/sizes" "$SIZES" "$CORPUS/samplefiles-pdflatex-4-pages.pdf"
  if [ $RC -eq 0 ]; then ok "pdftools-pagesizes exits 0"; else
    fail "pdftools-pagesizes exits $RC"; show "$WORK/sizes.err"; fi
  check "pdftools-pagesizes lists 4 pages" contains "$WORK/sizes" '^4 pages'
  run_sample "$WORK/sizes-missing" "$SIZES" "$WORK/no-such-file.pdf"
  check "pdftools-pagesizes on a missing file exits 1 (got $RC)" test $RC -eq 1
else
  fail "pdftools-pagesizes was built"
fi

# ---- find_package(pdftools) -----------------------------------------------

CBUILD=$WORK/cmake-consumer
set -- -S "$SOURCE_DIR/tests/c/consumer" -B "$CBUILD" -DCMAKE_PREFIX_PATH="$STAGE" \
  -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DPDFTOOLS_EXPECTED_PREFIX="$STAGE" \
  -DPDFTOOLS_EXPECTED_VERSION="$HEADER_VERSION" -DCMAKE_BUILD_TYPE=Release
[ -n "$GENERATOR" ] && set -- "$@" -G "$GENERATOR"
"$CMAKE" "$@" >"$LOG.cmake-configure" 2>&1
if [ $? -eq 0 ]; then ok "configure a find_package(pdftools) project with CMAKE_PREFIX_PATH=stage"; else
  fail "configure a find_package(pdftools) project"; show "$LOG.cmake-configure"; finish; fi
"$CMAKE" --build "$CBUILD" --config Release >"$LOG.cmake-build" 2>&1
if [ $? -eq 0 ]; then ok "build it against pdftools::pdftools"; else
  fail "build it against pdftools::pdftools"; show "$LOG.cmake-build"; finish; fi
EXE=
for e in "$CBUILD/pdftools_consumer" "$CBUILD/Release/pdftools_consumer"; do
  [ -x "$e" ] && EXE=$e && break
done
if [ -n "$EXE" ]; then
  # No LD_LIBRARY_PATH: the imported target must give a runnable program.
  "$EXE" "$CORPUS/qpdf-boxes.pdf" >"$WORK/consumer.out" 2>&1
  RC=$?
  if [ $RC -eq 0 ]; then ok "the consumer program runs"; else
    fail "the consumer program exits $RC"; show "$WORK/consumer.out"; fi
  check "the consumer program reads 8 pages" contains "$WORK/consumer.out" '^pages 8$'
  check "the consumer program sees library $HEADER_VERSION" contains "$WORK/consumer.out" "^library $HEADER_VERSION\$"
else
  fail "the consumer program was built"
fi

finish
