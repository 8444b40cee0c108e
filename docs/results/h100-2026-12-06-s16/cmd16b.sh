#!/usr/bin/env bash
# Session 16, call 2: main's plugin against the working tree's (copies in
# flight across sections), side by side, then the run reports and start-up.
cd "$(dirname "$0")/.."
root=$(mktemp -d)
tar -C "$root" -xJf .gpu/ownmap-gpu.tar.xz
R=$root/ownmap-gpu E=$root/ownmap-gpu/e2e
export OMP_TARGET_OFFLOAD=MANDATORY LD_LIBRARY_PATH=$R/lib PATH=$R/bin:$PATH
scripts/gpu-link-libcuda "$R"
cp .gpu/split/new.so "$R/lib/libownmap-new.so"
main=$R/lib/libownmap-plugin.so new=$R/lib/libownmap-new.so
date -u; nvidia-smi -L
one() { # one LIB BENCH VARIANT ROUND
  local lib=$1 b=$2 v=$3 r=$4 err out
  err=$( { OWNMAP_VERBOSE=1 LD_PRELOAD=${!lib} "$E/bench-$b-$v" > /tmp/one.out; } 2>&1 )
  echo "$r $b $v $lib $(echo "$err" | grep -o 'time_s [0-9.]*') $(tr '\n' ' ' < /tmp/one.out)"
  echo "$err" | grep -i pinning | sed "s/^/$r $b $v $lib: /" >> "$OUT/pin-verbose.txt"
}
for r in 1 2 3 4 5; do
  for b in timeloop heat stencil; do
    $E/bench-$b-tuned 2>&1 >/dev/null | sed "s/^/$r $b tuned bare /"
    for v in naive tuned regions; do
      [ -x "$E/bench-$b-$v" ] || continue
      one main $b $v $r; one new $b $v $r
    done
  done
done | tee "$OUT/variants.txt"
for lib in main new; do
  OWNMAP_REPORT=$OUT/timeloop-$lib.json LD_PRELOAD=${!lib} $E/bench-timeloop-naive > /dev/null 2>&1
done
OWNMAP_GPU_STEPS="startup reports" scripts/gpu-run-results "$root" "$OUT/run36" 2>&1 | tail -5
date -u
