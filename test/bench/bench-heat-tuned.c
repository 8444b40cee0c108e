/* 2-D heat equation with a pointer swap, hand-tuned: one `target data`
 * region keeps both grids on the device; the host fetches only the centre
 * element when it probes (`target update from`). Same computation as
 * bench-heat-naive.c. Usage: bench-heat-tuned [NX] [NY] [STEPS] [PROBE]. */
#include "bench-heat-input.h"

int main(int argc, char **argv) {
  heat_input in = heat_make(argc, argv);
  int nx = in.nx, ny = in.ny, steps = in.steps, probe = in.probe;
  int n = in.n, centre = in.centre;
  float *u = in.u, *v = in.v;
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
