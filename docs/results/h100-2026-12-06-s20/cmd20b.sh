#!/usr/bin/env bash
# Session 20, call 2: gpu-run-results' elision step for the pack of call 1.
cd "$(dirname "$0")/../../.."
date -u; nvidia-smi -L
start=$(date +%s)
OWNMAP_GPU_STEPS="elision" scripts/gpu-run-results .gpu/ownmap-gpu.tar.xz "$OUT/run48" \
  > "$OUT/run48.txt" 2>&1
echo "rc=$? wall=$(( $(date +%s) - start )) s" >> "$OUT/run48.txt"
cat "$OUT/run48.txt"; cat "$OUT/run48/elision.txt"
tar -C "$OUT" -cJf "$OUT/run48.tar.xz" run48 && rm -rf "$OUT/run48"
