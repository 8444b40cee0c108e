#!/usr/bin/env bash
# Session 17, call 1: gpu-run-results' e2e and elision steps for main's pack
# (run 40); everything it writes comes back as one archive.
cd "$(dirname "$0")/../../.."
date -u; nvidia-smi -L; nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv
start=$(date +%s)
OWNMAP_GPU_STEPS="e2e elision" scripts/gpu-run-results .gpu/ownmap-gpu.tar.xz "$OUT/run40" \
  > "$OUT/run40.txt" 2>&1
echo "rc=$? wall=$(( $(date +%s) - start )) s" >> "$OUT/run40.txt"
tar -C "$OUT" -cJf "$OUT/run40.tar.xz" run40 && rm -rf "$OUT/run40"
cat "$OUT/run40.txt"
