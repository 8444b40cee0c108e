/* 2-D heat equation with a pointer swap, hand-tuned: one `target data`
 * region keeps both grids on the device; the host fetches only the centre
 * element when it probes (`target update from`). Same computation as
 * bench-heat-naive.c. Usage: bench-heat-tuned [NX] [NY] [STEPS] [PROBE]. */
#include "elision-bench.h"

int main(int argc, char **argv) {
  int nx = bench_arg(argc, argv, 1, 8192);
  int ny = bench_arg(argc, argv, 2, 8192);
  int steps = bench_arg(argc, argv, 3, 20);
  int probe = bench_arg(argc, argv, 4, 5);
  int n = nx * ny, centre = ny / 2 * nx + nx / 2;
  float *u = bench_alloc(n, sizeof *u), *v = bench_alloc(n, sizeof *v);
  for (int i = 0; i < n; ++i)
    u[i] = v[i] = (float)(10 + bench_pattern(i, 7919, 991));
  bench_start_device();

  double start = bench_seconds(), probed = 0;
#pragma omp target data map(tofrom: u[0:n], v[0:n])
  {
    for (int s = 1; s <= steps; ++s) {
#pragma omp target teams distribute parallel for
      for (int i = nx; i < n - nx; ++i) {
        int col = i % nx;
        v[i] = (col == 0 || col == nx - 1)
                   ? u[i]
                   : 0.5f * u[i] + 0.125f * (u[i - nx] + u[i + nx] + u[i - 1] + u[i + 1]);
      }
      float *t = u;
      u = v;
      v = t;
      if (s % probe == 0) {
#pragma omp target update from(u[centre:1])
        probed += u[centre] * s;
      }
    }
  }
  double seconds = bench_seconds() - start;

  bench_report(bench_weighted_sum(u, n) + probed, seconds);
  free(u);
  free(v);
  return 0;
}
