#!/usr/bin/env bash
# Session 16, call 5: the time loop, main (0b5d1f7) against 1919cd5 (new2).
cd "$(dirname "$0")/.."
root=$(mktemp -d)
tar -C "$root" -xJf .gpu/ownmap-gpu.tar.xz
R=$root/ownmap-gpu E=$root/ownmap-gpu/e2e
export OMP_TARGET_OFFLOAD=MANDATORY LD_LIBRARY_PATH=$R/lib PATH=$R/bin:$PATH
scripts/gpu-link-libcuda "$R"
main=$R/lib/libownmap-plugin.so new2=$PWD/.gpu/split/new2.so
date -u; nvidia-smi -L
for r in 1 2 3 4 5 6 7; do
  echo "$r timeloop tuned bare $($E/bench-timeloop-tuned 2>&1 >/dev/null)"
  for lib in main new2; do
    echo "$r timeloop naive $lib $( { LD_PRELOAD=${!lib} $E/bench-timeloop-naive > /dev/null; } 2>&1)"
  done
done | tee "$OUT/timeloop.txt"
date -u
