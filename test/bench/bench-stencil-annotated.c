/* Time-stepped 1-D three-point stencil, annotated: plain C with one
 * ownership-annotated kernel; ownmap-rewrite turns its loop into a target
 * region with inferred maps. Same computation as bench-stencil-naive.c.
 * Usage: bench-stencil-annotated [N] [STEPS]. */
#include "bench-stencil-input.h"

#include <ownmap.h>

OM_KERNEL static void smooth(int n, OM_IN const float *src, OM_OUT float *dst) {
  for (int i = 1; i < n - 1; ++i)
    dst[i] = 0.25f * src[i - 1] + 0.5f * src[i] + 0.25f * src[i + 1];
}

int main(int argc, char **argv) {
  stencil_input in = stencil_make(argc, argv);
  int n = in.n, steps = in.steps;
  float *a = in.a, *b = in.b;
  bench_start_device();

  double start = bench_seconds();
  for (int s = 0; s < steps; ++s) {
    if (s % 2 == 0) {
      a[0] = stencil_drive(s);
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
