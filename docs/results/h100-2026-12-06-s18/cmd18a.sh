#!/usr/bin/env bash
# Session 18, call 1 (run 42): per-region cost of main's plugin against
# experimental builds of it (.gpu/variants/NAME.so, made here from main
# with one change each; main.so is main itself, an A/A check; new.so is
# main after this session's commits d90bf08 and 7f703fd), side by
# side in each region-overhead invocation (OWNMAP_BENCH_BASELINE_PLUGIN).
cd "$(dirname "$0")/../../.."
date -u; nvidia-smi -L; nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv
lscpu | grep -E "Model name|L2|L3"; cat /sys/kernel/mm/transparent_hugepage/enabled
start=$(date +%s)
root=$(mktemp -d)
tar -C "$root" -xJf .gpu/ownmap-gpu.tar.xz
R=$root/ownmap-gpu
scripts/gpu-link-libcuda "$R"
export OMP_TARGET_OFFLOAD=MANDATORY LD_LIBRARY_PATH=$R/lib PATH=$R/bin:$PATH
mkdir -p "$OUT/run42"
for v in new main code; do
  OWNMAP_BENCH_BASELINE_PLUGIN=$PWD/.gpu/variants/$v.so timeout 150 test/bench/region-overhead \
    "$R/e2e/bench-region-overhead" 50000 5 > "$OUT/run42/region-$v.txt" 2>&1
  echo "region $v: exit $? at $(( $(date +%s) - start )) s"
done
for v in new; do
  OWNMAP_BENCH_BASELINE_PLUGIN=$PWD/.gpu/variants/$v.so timeout 100 test/bench/region-overhead \
    "$R/e2e/bench-resident-overhead" 50000 3 > "$OUT/run42/resident-$v.txt" 2>&1
  echo "resident $v: exit $? at $(( $(date +%s) - start )) s"
done
tar -C "$OUT" -cJf "$OUT/run42.tar.xz" run42
for f in "$OUT"/run42/*.txt; do echo "== $f"; grep -E "self-timed|^with plugin|^baseline|^bare" "$f"; done
