/* The heat equation of bench-heat-naive, mapped through a data region per
 * step: each step opens a `target data` that maps both grids
 * (`map(to: u) map(tofrom: v)`), the kernel inside finds them present, and
 * after the region the host swaps u and v and samples the centre every
 * PROBE steps. The runtime copies as much as the naive version: transfer
 * elision must serve data regions to help. Usage: bench-heat-regions [NX]
 * [NY] [STEPS] [PROBE] (as bench-heat-naive). docs/bench.md. */
#include "bench-heat-input.h"

int main(int argc, char **argv) {
  heat_input in = heat_make(argc, argv);
  int nx = in.nx, ny = in.ny, steps = in.steps, probe = in.probe;
  int n = in.n, centre = in.centre;
  float *u = in.u, *v = in.v;
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
