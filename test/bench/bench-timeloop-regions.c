/* The time loop of bench-timeloop-naive, mapped through a data region per
 * step: each step opens a `target data` that maps the input `to` and the
 * state `tofrom`, and the kernel inside finds them present (the way people
 * write it once they learn of data regions, but keep them per step). The
 * runtime copies as much as the naive version: transfer elision must serve
 * data regions to help. Usage: bench-timeloop-regions [N] [STEPS] (as
 * bench-timeloop-naive). docs/bench.md. */
#include "bench-timeloop-input.h"

int main(int argc, char **argv) {
  timeloop_input in = timeloop_make(argc, argv);
  int n = in.n, steps = in.steps;
  float *a = in.a, *b = in.b;
  bench_start_device();

  double start = bench_seconds();
  for (int s = 0; s < steps; ++s) {
#pragma omp target data map(to: a[0:n]) map(tofrom: b[0:n])
    {
#pragma omp target teams distribute parallel for
      for (int i = 0; i < n; ++i)
        b[i] = 0.5f * b[i] + a[i];
    }
  }
  double seconds = bench_seconds() - start;

  bench_report(bench_weighted_sum(b, n), seconds);
  free(a);
  free(b);
  return 0;
}
