#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds libpdftools in build-demo, installs it into build-demo/stage, builds the C samples against the
# installed library with pkg-config, and runs the C and Python samples on samples/sample.pdf
# (pdftools-replay replays samples/gestures.txt on it into build-demo/sample-annotated.pdf).
set -eu
. "$(dirname "$0")/env.sh"
"$root/scripts/install-deps.sh"
# The demo has a build folder of its own, so that it never changes the tests' build options.
build=${PDFTOOLS_DEMO_BUILD_DIR:-$root/build-demo}
mkdir -p "$build"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF \
  > "$build/configure.log" 2>&1 || { cat "$build/configure.log"; exit 1; }
cmake --build "$build"
cmake --install "$build" --prefix "$build/stage" > /dev/null
pcdir=$(dirname "$(find "$build/stage" -name pdftools.pc | head -n 1)")
export PKG_CONFIG_PATH="$pcdir"
export LD_LIBRARY_PATH="$(dirname "$pcdir")"
make -s -C "$root/bindings/c" BUILDDIR="$build/samples"
sample="$root/samples/sample.pdf"
echo
echo "== C: pdftools-info $sample"
"$build/samples/pdftools-info" "$sample"
echo
echo "== C: pdftools-replay $sample $root/samples/gestures.txt $build/sample-annotated.pdf"
"$build/samples/pdftools-replay" "$sample" "$root/samples/gestures.txt" "$build/sample-annotated.pdf"
echo
echo "== CLI: pdftools annots $build/sample-annotated.pdf"
"$build/stage/bin/pdftools" annots "$build/sample-annotated.pdf"
echo
echo "== Python: examples/info.py $sample"
PDFTOOLS_LIBRARY="$LD_LIBRARY_PATH/libpdftools.so.1" PYTHONPATH="$root/bindings/python" \
  python3 "$root/bindings/python/examples/info.py" "$sample" "$build/sample-edited.pdf"
