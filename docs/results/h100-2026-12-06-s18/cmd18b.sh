#!/usr/bin/env bash
# Session 18, call 2 (run 43): main's pack plugin (b5469ef) against new.so
# (main after d90bf08 and 7f703fd), copying regions, 9 interleaved rounds.
cd "$(dirname "$0")/../../.."
date -u; nvidia-smi -L; lscpu | grep -E "Model name"
root=$(mktemp -d)
tar -C "$root" -xJf .gpu/ownmap-gpu.tar.xz
R=$root/ownmap-gpu
scripts/gpu-link-libcuda "$R"
export OMP_TARGET_OFFLOAD=MANDATORY LD_LIBRARY_PATH=$R/lib PATH=$R/bin:$PATH
mkdir -p "$OUT/run43"
OWNMAP_BENCH_BASELINE_PLUGIN=$PWD/.gpu/variants/new.so timeout 280 test/bench/region-overhead \
  "$R/e2e/bench-region-overhead" 50000 9 > "$OUT/run43/region-new.txt" 2>&1
echo "region new: exit $?"
grep -E "self-timed|rounds|^with plugin|^baseline|^bare" "$OUT/run43/region-new.txt"
