#!/usr/bin/env bash
# Session 16, call 1: every measurement of gpu-run-results for main's pack.
cd "$(dirname "$0")/.."
date -u; nvidia-smi -L; nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv
start=$(date +%s)
OWNMAP_OVERHEAD_ROUNDS=5 scripts/gpu-run-results .gpu/ownmap-gpu.tar.xz "$OUT/run35" \
  > "$OUT/run35.txt" 2>&1
echo "rc=$? wall=$(( $(date +%s) - start )) s" >> "$OUT/run35.txt"
cat "$OUT/run35.txt"
