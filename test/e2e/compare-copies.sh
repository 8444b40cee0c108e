#!/usr/bin/env bash
# compare-copies.sh PROGRAM [ARGS...]
#
# Runs an offload program without and with the plugin (through ownmap-run,
# with the environment in OWNMAP_COMPARE_ENV) under LIBOMPTARGET_INFO=32,
# so that libomptarget itself prints every copy it makes, whoever asked for
# it. Fails unless both runs exit 0 with identical, non-empty stdout and the
# plugin run copies fewer bytes host->device (with COMPARE_NOT_MORE=1: not
# more bytes either way; at most COMPARE_MAX_TO_PERCENT
# percent of them, when that is set; COMPARE_MAX_FROM_PERCENT likewise bounds
# the bytes device->host; COMPARE_MAX_TO_COPIES bounds the number of copies
# host->device of the plugin run). Prints one line per run:
#   copies without: to_device BYTES COPIES from_device BYTES COPIES
#   copies with: to_device BYTES COPIES from_device BYTES COPIES
set -u
source "$(dirname "$0")/compare-runs.sh"

# Sums the "Copying data from host to device ... Size=N" lines of a log.
count() {
  awk '/Copying data from host to device/ { match($0, /Size=[0-9]+/); tb += substr($0, RSTART + 5, RLENGTH - 5); tc++ }
       /Copying data from device to host/ { match($0, /Size=[0-9]+/); fb += substr($0, RSTART + 5, RLENGTH - 5); fc++ }
       END { printf "to_device %d %d from_device %d %d\n", tb, tc, fb, fc }' "$1"
}

LIBOMPTARGET_INFO=32 "$@" >"$tmp/bare.out" 2>"$tmp/bare.err" || {
  echo "compare-copies: program failed without the plugin:" >&2
  cat "$tmp/bare.err" >&2
  exit 1
}
env ${OWNMAP_COMPARE_ENV:-} LIBOMPTARGET_INFO=32 ownmap-run -- "$@" >"$tmp/plugin.out" \
  2>"$tmp/plugin.err" || {
  echo "compare-copies: program failed with the plugin:" >&2
  grep -v '^omptarget' "$tmp/plugin.err" >&2
  exit 1
}
grep -v '^omptarget' "$tmp/plugin.err" >&2
require_same_output
without=$(count "$tmp/bare.err")
with=$(count "$tmp/plugin.err")
echo "copies without: $without"
echo "copies with: $with"
set -- $without
bare_to=$2 bare_from=$5
set -- $with
if [ "${COMPARE_NOT_MORE:-0}" = 1 ]; then
  if [ "$2" -gt "$bare_to" ] || [ "$5" -gt "$bare_from" ]; then
    echo "compare-copies: the plugin copied more bytes ($2 > $bare_to or $5 > $bare_from)" >&2
    exit 1
  fi
elif [ "$2" -ge "$bare_to" ]; then
  echo "compare-copies: the plugin did not copy fewer bytes host->device ($2 >= $bare_to)" >&2
  exit 1
fi
# within_percent WHAT BYTES BARE LIMIT
within_percent() {
  if [ -n "$4" ] && [ $(( $2 * 100 )) -gt $(( $3 * $4 )) ]; then
    echo "compare-copies: the plugin copied $2 bytes $1, more than $4% of $3" >&2
    exit 1
  fi
}
within_percent host-\>device "$2" "$bare_to" "${COMPARE_MAX_TO_PERCENT:-}"
within_percent device-\>host "$5" "$bare_from" "${COMPARE_MAX_FROM_PERCENT:-}"
if [ -n "${COMPARE_MAX_TO_COPIES:-}" ] && [ "$3" -gt "$COMPARE_MAX_TO_COPIES" ]; then
  echo "compare-copies: the plugin run made $3 copies host->device, more than $COMPARE_MAX_TO_COPIES" >&2
  exit 1
fi
