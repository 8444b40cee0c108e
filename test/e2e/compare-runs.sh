# compare-runs.sh - what compare-with-plugin.sh and compare-copies.sh share
# (each sources it first): their arguments, the temporary folder where
# they keep the runs' output ($tmp, removed on exit), and the comparison
# of the runs' standard output ($compare names the script in messages).
compare=$(basename "$0" .sh)
if [ $# -lt 1 ]; then
  echo "usage: $compare.sh PROGRAM [ARGS...]" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Fails unless the runs without and with the plugin printed the same
# standard output ($tmp/bare.out, $tmp/plugin.out), and not nothing.
require_same_output() {
  if ! cmp -s "$tmp/bare.out" "$tmp/plugin.out"; then
    echo "$compare: output differs with the plugin:" >&2
    diff "$tmp/bare.out" "$tmp/plugin.out" | head -20 >&2
    exit 1
  fi
  if [ ! -s "$tmp/bare.out" ]; then
    echo "$compare: the program printed nothing; nothing was compared" >&2
    exit 1
  fi
}
