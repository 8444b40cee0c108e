#!/usr/bin/env bash
# Session 17, call 2: gpu-run-results' overhead, heap, startup, reports and
# mpi steps for main's pack (run 41), and the run reports of the
# data-region variants; everything comes back as one archive.
cd "$(dirname "$0")/../../.."
date -u; nvidia-smi -L; nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv
start=$(date +%s)
OWNMAP_GPU_STEPS="overhead heap startup reports mpi" OWNMAP_OVERHEAD_ROUNDS=5 \
  scripts/gpu-run-results .gpu/ownmap-gpu.tar.xz "$OUT/run41" > "$OUT/run41.txt" 2>&1
echo "rc=$? wall=$(( $(date +%s) - start )) s" >> "$OUT/run41.txt"
root=$(mktemp -d)
tar -C "$root" -xJf .gpu/ownmap-gpu.tar.xz
R=$root/ownmap-gpu
scripts/gpu-link-libcuda "$R"
for b in timeloop heat; do
  for v in naive regions; do
    env OMP_TARGET_OFFLOAD=MANDATORY LD_LIBRARY_PATH="$R/lib" PATH="$R/bin:$PATH" \
      OWNMAP_REPORT="$OUT/run41/reports/bench-$b-$v-again.json" ownmap-run -- \
      "$R/e2e/bench-$b-$v" > "$OUT/run41/reports/bench-$b-$v-again.out" 2>&1
  done
done
tar -C "$OUT" -cJf "$OUT/run41.tar.xz" run41 && rm -rf "$OUT/run41"
cat "$OUT/run41.txt"
