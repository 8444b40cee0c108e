/* The time loop of issue 5, annotated: one ownership-annotated kernel per
 * step; ownmap-rewrite infers its maps. Same computation as
 * bench-timeloop-naive.c. Usage: bench-timeloop-annotated [N] [STEPS]. */
#include "bench-timeloop-input.h"

#include <ownmap.h>

OM_KERNEL static void relax(int n, OM_IN const float *a, OM_INOUT float *b) {
  for (int i = 0; i < n; ++i)
    b[i] = 0.5f * b[i] + a[i];
}

int main(int argc, char **argv) {
  timeloop_input in = timeloop_make(argc, argv);
  int n = in.n, steps = in.steps;
  float *a = in.a, *b = in.b;
  bench_start_device();

  double start = bench_seconds();
  for (int s = 0; s < steps; ++s)
    relax(n, a, b);
  double seconds = bench_seconds() - start;

  bench_report(bench_weighted_sum(b, n), seconds);
  free(a);
  free(b);
  return 0;
}
