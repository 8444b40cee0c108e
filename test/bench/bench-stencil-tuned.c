/* Time-stepped 1-D three-point stencil, hand-tuned: one `target data` region
 * keeps both arrays on the device; only the host-driven boundary a[0] goes
 * over each even step (`target update to`). Same computation as
 * bench-stencil-naive.c. Usage: bench-stencil-tuned [N] [STEPS]. */
#include "bench-stencil-input.h"

int main(int argc, char **argv) {
  stencil_input in = stencil_make(argc, argv);
  int n = in.n, steps = in.steps;
  float *a = in.a, *b = in.b;
  bench_start_device();

  double start = bench_seconds();
#pragma omp target data map(tofrom: a[0:n], b[0:n])
  {
    for (int s = 0; s < steps; ++s) {
      if (s % 2 == 0) {
        a[0] = stencil_drive(s);
#pragma omp target update to(a[0:1])
#pragma omp target teams distribute parallel for
        for (int i = 1; i < n - 1; ++i)
          b[i] = 0.25f * a[i - 1] + 0.5f * a[i] + 0.25f * a[i + 1];
      } else {
#pragma omp target teams distribute parallel for
        for (int i = 1; i < n - 1; ++i)
          a[i] = 0.25f * b[i - 1] + 0.5f * b[i] + 0.25f * b[i + 1];
      }
    }
  }
  double seconds = bench_seconds() - start;

  bench_report(bench_weighted_sum(a, n) + 3 * bench_weighted_sum(b, n), seconds);
  free(a);
  free(b);
  return 0;
}
