#!/usr/bin/env bash
# Session 19, call 1: the pack's plugin (main with link-time optimisation,
# 1ee89f0) against nolto.so (main of 2f4292b, the same PGO build without
# it), per copying region, 15 interleaved rounds; then resident regions, 5
# rounds; then ltosplit.so (LTO and split machine functions) against the
# pack, copying, 7 rounds.
cd "$(dirname "$0")/../../.."
date -u; nvidia-smi -L; lscpu | grep -E "Model name"
root=$(mktemp -d)
tar -C "$root" -xJf .gpu/ownmap-gpu.tar.xz
R=$root/ownmap-gpu
scripts/gpu-link-libcuda "$R"
export OMP_TARGET_OFFLOAD=MANDATORY LD_LIBRARY_PATH=$R/lib PATH=$R/bin:$PATH
V=$PWD/.gpu/variants
mkdir -p "$OUT/run44"
run() { # NAME BASELINE BIN ROUNDS
  OWNMAP_BENCH_BASELINE_PLUGIN=$V/$2 timeout 260 test/bench/region-overhead \
    "$R/e2e/$3" 50000 "$4" > "$OUT/run44/$1.txt" 2>&1
  echo "$1: exit $?"
  grep -E "self-timed|rounds|^with plugin|^baseline|^bare" "$OUT/run44/$1.txt"
}
run copying-lto-vs-nolto nolto.so bench-region-overhead 15
run resident-lto-vs-nolto nolto.so bench-resident-overhead 5
[ -f "$V/ltosplit.so" ] && run copying-lto-vs-ltosplit ltosplit.so bench-region-overhead 7
date -u
