/* The time loop of issue 5, naive maps: 20 steps, each a target region that
 * maps a 256 MiB input `to` and a 256 MiB state `tofrom` (the way people
 * often write it). Usage: bench-timeloop-naive [N] [STEPS] (default
 * 67108864 floats = 256 MiB per array, 20 steps). docs/bench.md. */
#include "bench-timeloop-input.h"

int main(int argc, char **argv) {
  timeloop_input in = timeloop_make(argc, argv);
  int n = in.n, steps = in.steps;
  float *a = in.a, *b = in.b;
  bench_start_device();

  double start = bench_seconds();
  for (int s = 0; s < steps; ++s) {
#pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: b[0:n])
    for (int i = 0; i < n; ++i)
      b[i] = 0.5f * b[i] + a[i];
  }
  double seconds = bench_seconds() - start;

  bench_report(bench_weighted_sum(b, n), seconds);
  free(a);
  free(b);
  return 0;
}
