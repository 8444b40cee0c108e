#!/usr/bin/env bash
# full-disk.sh DIR [--put FILE]... -- COMMAND [ARGS...]
#
# Runs COMMAND with a full file system at DIR: mounts a 64 KiB tmpfs there
# (DIR is created), copies each FILE into it (with its mode), fills what is
# left, runs COMMAND, copies what DIR then holds (the filling left out) to
# DIR.after for the checks that follow, and unmounts DIR whatever happened.
# Exit status: COMMAND's (2 when the tmpfs cannot be mounted). Mounting
# needs root: lit tests that use it say `REQUIRES: full-disk` (lit.cfg.py
# checks that a tmpfs can be mounted) and are reported UNSUPPORTED, i.e.
# skipped, elsewhere.
set -u
usage() { echo "usage: full-disk.sh DIR [--put FILE]... -- COMMAND [ARGS...]" >&2; exit 2; }
[ $# -ge 1 ] || usage
dir=$1
shift
puts=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  [ "$1" = --put ] && [ $# -ge 2 ] || usage
  puts+=("$2")
  shift 2
done
[ $# -ge 2 ] || usage
shift
rm -rf "$dir.after"
mkdir -p "$dir" "$dir.after" || exit 2
if ! mount -t tmpfs -o size=64k,mode=0755 ownmap-full-disk "$dir"; then
  echo "full-disk.sh: cannot mount a tmpfs at $dir" >&2
  exit 2
fi
trap 'umount "$dir"' EXIT
for file in "${puts[@]+"${puts[@]}"}"; do
  cp -p "$file" "$dir/" || exit 2
done
# Whole pages first, then single bytes: nothing is left.
dd if=/dev/zero of="$dir/.filling" bs=4096 2>/dev/null
dd if=/dev/zero of="$dir/.filling" bs=1 oflag=append conv=notrunc 2>/dev/null
"$@"
status=$?
(cd "$dir" && find . -mindepth 1 -maxdepth 1 ! -name .filling -exec cp -a {} "$dir.after/" \;)
exit $status
