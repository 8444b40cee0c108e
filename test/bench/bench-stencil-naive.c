/* Time-stepped 1-D three-point stencil, naive maps: every step's target
 * region maps both whole arrays, `map(to: src) map(tofrom: dst)`. Even steps
 * smooth a into b, odd steps b into a; before each even step the host drives
 * the left boundary a[0]. Usage: bench-stencil-naive [N] [STEPS]
 * (default 67108864 floats = 256 MiB per array, 20 steps). docs/bench.md. */
#include "bench-stencil-input.h"

int main(int argc, char **argv) {
  stencil_input in = stencil_make(argc, argv);
  int n = in.n, steps = in.steps;
  float *a = in.a, *b = in.b;
  bench_start_device();

  double start = bench_seconds();
  for (int s = 0; s < steps; ++s) {
    if (s % 2 == 0) {
      a[0] = stencil_drive(s);
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: b[0:n])
      for (int i = 1; i < n - 1; ++i)
        b[i] = 0.25f * a[i - 1] + 0.5f * a[i] + 0.25f * a[i + 1];
    } else {
#pragma omp target teams distribute parallel for map(to: b[0:n]) map(tofrom: a[0:n])
      for (int i = 1; i < n - 1; ++i)
        a[i] = 0.25f * b[i - 1] + 0.5f * b[i] + 0.25f * b[i + 1];
    }
  }
  double seconds = bench_seconds() - start;

  bench_report(bench_weighted_sum(a, n) + 3 * bench_weighted_sum(b, n), seconds);
  free(a);
  free(b);
  return 0;
}
