#!/usr/bin/env bash
# check-install.sh BUILD_DIR VERSION: install BUILD_DIR into a scratch prefix
# and use it the ways a downstream user would: find_package(ownmap) from a
# CMake project, pkg-config, the installed ownmap-run and ownmap-rewrite.
set -euo pipefail
build=$1 version=$2
src=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix

cmake --install "$build" --prefix "$prefix" >/dev/null
for f in bin/ownmap-rewrite bin/ownmap-run bin/ownmap-report lib/libownmap-plugin.so \
         include/ownmap.h lib/cmake/ownmap/ownmapConfig.cmake lib/pkgconfig/ownmap.pc; do
  [ -e "$prefix/$f" ] || { echo "check-install: missing $f in the install tree" >&2; exit 1; }
done
# ownmap.h is the whole of what programs use: no library of it is installed.
if compgen -G "$prefix/lib/libownmap.so*" >/dev/null; then
  echo "check-install: libownmap.so installed, but ownmap.h needs no library" >&2; exit 1
fi

# find_package(ownmap) from a separate project.
cmake -S "$src/consumer" -B "$work/consumer" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/consumer" >/dev/null
got=$("$work/consumer/consumer")
want="ownmap $version: 3 6 9 12"
[ "$got" = "$want" ] || { echo "check-install: find_package consumer printed '$got', want '$want'" >&2; exit 1; }

# pkg-config gives flags that build the same program.
flags=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs ownmap)
cc -o "$work/pc-consumer" "$src/consumer/main.c" $flags
got=$("$work/pc-consumer")
[ "$got" = "$want" ] || { echo "check-install: pkg-config consumer printed '$got'" >&2; exit 1; }

# The installed tools work from the install tree alone.
"$prefix/bin/ownmap-run" --version | grep -q "$version"
"$prefix/bin/ownmap-run" --summary -- "$work/consumer/consumer" >/dev/null
"$prefix/bin/ownmap-rewrite" "$src/consumer/main.c" -- -I/nonexistent >"$work/rewritten.c"
grep -q '#pragma omp target teams distribute parallel for map(to: in\[0:(n > 0 ? n : 0)\]) map(from: out\[0:(n > 0 ? n : 0)\])' \
  "$work/rewritten.c" || { echo "check-install: installed ownmap-rewrite did not rewrite" >&2; cat "$work/rewritten.c" >&2; exit 1; }
echo "check-install: ok ($prefix)"
