#!/usr/bin/env bash
# Session 20, call 1: gpu-run-results' e2e and overhead steps for the pack
# of 52e3a0b (copies counted per thread, no atomic read-modify-write per
# copy), the overhead step with main of 41df94a (the same PGO and LTO
# build) as region-overhead's baseline plugin, 9 interleaved rounds.
cd "$(dirname "$0")/../../.."
date -u; nvidia-smi -L; lscpu | grep -E "Model name"
start=$(date +%s)
OWNMAP_BENCH_BASELINE_PLUGIN=$PWD/.gpu/variants/main41df94a.so OWNMAP_GPU_STEPS="e2e overhead" \
  scripts/gpu-run-results .gpu/ownmap-gpu.tar.xz "$OUT/run47" > "$OUT/run47.txt" 2>&1
echo "rc=$? wall=$(( $(date +%s) - start )) s" >> "$OUT/run47.txt"
cat "$OUT/run47.txt"; tail -3 "$OUT/run47/e2e.txt"; cat "$OUT"/run47/overhead-*.txt
tar -C "$OUT" -cJf "$OUT/run47.tar.xz" run47 && rm -rf "$OUT/run47"
