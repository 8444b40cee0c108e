#!/usr/bin/env bash
# compare-with-plugin.sh PROGRAM [ARGS...]
#
# Runs an offload program twice, without and with libownmap-plugin.so
# (through ownmap-run), and fails unless both runs exit 0 with byte-identical
# standard output. The plugin run's standard error (where ownmap writes its
# messages and summary) is copied to this script's standard error so a lit
# test can FileCheck it. Extra environment for the plugin run may be given in
# OWNMAP_COMPARE_ENV (e.g. "OWNMAP_SUMMARY=1"). A launcher that runs the
# program, e.g. "mpirun -np 2", may be given in OWNMAP_COMPARE_LAUNCHER: it
# then runs both the program and ownmap-run (so the plugin is in each rank).
set -u
source "$(dirname "$0")/compare-runs.sh"

${OWNMAP_COMPARE_LAUNCHER:-} "$@" >"$tmp/bare.out" 2>"$tmp/bare.err"
bare_rc=$?
${OWNMAP_COMPARE_LAUNCHER:-} env ${OWNMAP_COMPARE_ENV:-} ownmap-run -- "$@" \
  >"$tmp/plugin.out" 2>"$tmp/plugin.err"
plugin_rc=$?
cat "$tmp/plugin.err" >&2

if [ "$bare_rc" -ne 0 ]; then
  echo "compare-with-plugin: program failed without the plugin (exit $bare_rc):" >&2
  cat "$tmp/bare.err" >&2
  exit 1
fi
if [ "$plugin_rc" -ne 0 ]; then
  echo "compare-with-plugin: program failed with the plugin (exit $plugin_rc)" >&2
  exit 1
fi
require_same_output
