#!/usr/bin/env bash
# Session 19, call 3 (run 46): the pack's plugin (main of 428d923: the
# variables every region reads share cache lines) against lto.so (main of
# 1ee89f0), per copying region, 13 interleaved rounds, and resident, 5
# rounds; then gpu-run-e2e with the pack.
cd "$(dirname "$0")/../../.."
date -u; nvidia-smi -L; lscpu | grep -E "Model name"
root=$(mktemp -d)
tar -C "$root" -xJf .gpu/ownmap-gpu.tar.xz
R=$root/ownmap-gpu
scripts/gpu-link-libcuda "$R"
V=$PWD/.gpu/variants
mkdir -p "$OUT/run46"
run() { # NAME BASELINE BIN ROUNDS
  OMP_TARGET_OFFLOAD=MANDATORY LD_LIBRARY_PATH=$R/lib PATH=$R/bin:$PATH \
    OWNMAP_BENCH_BASELINE_PLUGIN=$V/$2 timeout 260 test/bench/region-overhead \
    "$R/e2e/$3" 50000 "$4" > "$OUT/run46/$1.txt" 2>&1
  echo "$1: exit $?"
  grep -E "self-timed|rounds|^with plugin|^baseline|^bare" "$OUT/run46/$1.txt"
}
run copying-hotdata-vs-lto lto.so bench-region-overhead 13
run resident-hotdata-vs-lto lto.so bench-resident-overhead 5
timeout 200 scripts/gpu-run-e2e "$R" "$OUT/run46/e2e-logs" > "$OUT/run46/e2e.txt" 2>&1
echo "e2e: exit $?"; tail -1 "$OUT/run46/e2e.txt"
rm -rf "$OUT/run46/e2e-logs"
date -u
