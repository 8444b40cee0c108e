#!/usr/bin/env bash
# Session 16, call 4: main's plugin (0b5d1f7) against 1919cd5 (new2): the
# elision benchmarks that move large arrays, and the cost per region.
cd "$(dirname "$0")/.."
root=$(mktemp -d)
tar -C "$root" -xJf .gpu/ownmap-gpu.tar.xz
R=$root/ownmap-gpu E=$root/ownmap-gpu/e2e
export OMP_TARGET_OFFLOAD=MANDATORY LD_LIBRARY_PATH=$R/lib PATH=$R/bin:$PATH
scripts/gpu-link-libcuda "$R"
cp .gpu/split/new2.so "$R/lib/libownmap-new2.so"
cp "$R/lib/libownmap-plugin.so" "$R/lib/libownmap-main.so"
main=$R/lib/libownmap-main.so new2=$R/lib/libownmap-new2.so
date -u; nvidia-smi -L
one() { # one LIB BENCH VARIANT ROUND
  local lib=$1 b=$2 v=$3 r=$4 err
  err=$( { LD_PRELOAD=${!lib} "$E/bench-$b-$v" > /tmp/one.out; } 2>&1 )
  echo "$r $b $v $lib $(echo "$err" | grep -o 'time_s [0-9.]*') $(tr '\n' ' ' < /tmp/one.out)"
}
for r in 1 2 3 4 5; do
  for b in timeloop heat stencil; do
    $E/bench-$b-tuned 2>&1 >/dev/null | sed "s/^/$r $b tuned bare /"
    for v in naive tuned regions; do
      [ -x "$E/bench-$b-$v" ] || continue
      one main $b $v $r; one new2 $b $v $r
    done
  done
done > "$OUT/variants.txt"
tail -3 "$OUT/variants.txt"
cp "$new2" "$R/lib/libownmap-plugin.so" # what ownmap-run preloads
for kind in resident region; do
  OWNMAP_BENCH_BASELINE_PLUGIN=$main timeout 200 test/bench/region-overhead \
    "$E/bench-$kind-overhead" 20000 4 > "$OUT/overhead-$kind.txt" 2>&1
done
cat "$OUT"/overhead-*.txt; date -u
