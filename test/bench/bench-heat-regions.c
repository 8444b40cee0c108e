/* The heat equation of bench-heat-naive, mapped through a data region per
 * step: each step opens a `target data` that maps both grids
 * (`map(to: u) map(tofrom: v)`), the kernel inside finds them present, and
 * after the region the host swaps u and v and samples the centre every
 * PROBE steps. The runtime copies as much as the naive version: transfer
 * elision must serve data regions to help. Usage: bench-heat-regions [NX]
 * [NY] [STEPS] [PROBE] (as bench-heat-naive). docs/bench.md. */
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
  for (int s = 1; s <= steps; ++s) {
#pragma omp target data map(to: u[0:n]) map(tofrom: v[0:n])
    {
#pragma omp target teams distribute parallel for
      for (int i = nx; i < n - nx; ++i) {
        int col = i % nx;
        v[i] = (col == 0 || col == nx - 1)
                   ? u[i]
                   : 0.5f * u[i] + 0.125f * (u[i - nx] + u[i + nx] + u[i - 1] + u[i + 1]);
      }
    }
    float *t = u;
    u = v;
    v = t;
    if (s % probe == 0)
      probed += u[centre] * s;
  }
  double seconds = bench_seconds() - start;

  bench_report(bench_weighted_sum(u, n) + probed, seconds);
  free(u);
  free(v);
  return 0;
}
