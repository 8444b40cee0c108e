/* 2-D heat equation (explicit, five-point) with a pointer swap, naive maps:
 * every step's target region maps both whole grids,
 * `map(to: u) map(tofrom: v)`, then the host swaps u and v. Every PROBE
 * steps the host samples the temperature at the centre. Usage:
 * bench-heat-naive [NX] [NY] [STEPS] [PROBE] (default 8192 x 8192 floats =
 * 256 MiB per grid, 20 steps, probe every 5). docs/bench.md. */
#include "bench-heat-input.h"

int main(int argc, char **argv) {
  heat_input in = heat_make(argc, argv);
  int nx = in.nx, ny = in.ny, steps = in.steps, probe = in.probe;
  int n = in.n, centre = in.centre;
  float *u = in.u, *v = in.v;
  bench_start_device();

  double start = bench_seconds(), probed = 0;
  for (int s = 1; s <= steps; ++s) {
#pragma omp target teams distribute parallel for map(to: u[0:n]) map(tofrom: v[0:n])
    for (int i = nx; i < n - nx; ++i) {
      int col = i % nx;
      v[i] = (col == 0 || col == nx - 1)
                 ? u[i]
                 : 0.5f * u[i] + 0.125f * (u[i - nx] + u[i + nx] + u[i - 1] + u[i + 1]);
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
