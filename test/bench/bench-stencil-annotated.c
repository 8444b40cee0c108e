/* Time-stepped 1-D three-point stencil, annotated: plain C with one
 * ownership-annotated kernel; ownmap-rewrite turns its loop into a target
 * region with inferred maps. Same computation as bench-stencil-naive.c.
 * Usage: bench-stencil-annotated [N] [STEPS]. */
#include "elision-bench.h"

#include <ownmap.h>

static float drive(int step) { return (float)(1 + step % 97); }

OM_KERNEL static void smooth(int n, OM_IN const float *src, OM_OUT float *dst) {
  for (int i = 1; i < n - 1; ++i)
    dst[i] = 0.25f * src[i - 1] + 0.5f * src[i] + 0.25f * src[i + 1];
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1 << 26);
  int steps = bench_arg(argc, argv, 2, 20);
  float *a = bench_alloc(n, sizeof *a), *b = bench_alloc(n, sizeof *b);
  for (int i = 0; i < n; ++i) {
    a[i] = (float)(1 + bench_pattern(i, 7919, 1000));
    b[i] = (float)(1 + bench_pattern(i, 104729, 997));
  }
  bench_start_device();

  double start = bench_seconds();
  for (int s = 0; s < steps; ++s) {
    if (s % 2 == 0) {
      a[0] = drive(s);
      smooth(n, a, b);
    } else {
      smooth(n, b, a);
    }
  }
  double seconds = bench_seconds() - start;

  bench_report(bench_weighted_sum(a, n) + 3 * bench_weighted_sum(b, n), seconds);
  free(a);
  free(b);
  return 0;
}
