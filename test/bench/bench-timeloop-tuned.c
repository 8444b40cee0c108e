/* The time loop of issue 5, hand-tuned: one `target data` region keeps both
 * arrays on the device for all steps; the state comes back once. Same
 * computation as bench-timeloop-naive.c. Usage: bench-timeloop-tuned [N]
 * [STEPS]. */
#include "bench-timeloop-input.h"

int main(int argc, char **argv) {
  timeloop_input in = timeloop_make(argc, argv);
  int n = in.n, steps = in.steps;
  float *a = in.a, *b = in.b;
  bench_start_device();

  double start = bench_seconds();
#pragma omp target data map(to: a[0:n]) map(tofrom: b[0:n])
  {
    for (int s = 0; s < steps; ++s) {
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
