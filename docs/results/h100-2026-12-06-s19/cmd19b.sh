#!/usr/bin/env bash
# Session 19, call 2: gpu-run-results' e2e and elision steps for main's pack
# (1ee89f0: the plugin optimised at link time); everything it writes comes
# back as one archive.
cd "$(dirname "$0")/../../.."
date -u; nvidia-smi -L; lscpu | grep -E "Model name"
start=$(date +%s)
OWNMAP_GPU_STEPS="e2e elision" scripts/gpu-run-results .gpu/ownmap-gpu.tar.xz "$OUT/run45" \
  > "$OUT/run45.txt" 2>&1
echo "rc=$? wall=$(( $(date +%s) - start )) s" >> "$OUT/run45.txt"
tar -C "$OUT" -cJf "$OUT/run45.tar.xz" run45 && rm -rf "$OUT/run45"
cat "$OUT/run45.txt"
