/* 2-D heat equation with a pointer swap, annotated: plain C with one
 * ownership-annotated kernel over the flattened interior rows (the rewriter
 * bounds only subscripts i + constant, so the neighbour rows i +- nx need
 * OM_LEN). Same computation as bench-heat-naive.c.
 * Usage: bench-heat-annotated [NX] [NY] [STEPS] [PROBE]. */
#include "bench-heat-input.h"

#include <ownmap.h>

OM_KERNEL static void heat_step(int nx, int ny, OM_IN OM_LEN(nx * ny) const float *u,
                                OM_OUT float *v) {
  for (int i = nx; i < nx * ny - nx; ++i) {
    int col = i % nx;
    v[i] = (col == 0 || col == nx - 1)
               ? u[i]
               : 0.5f * u[i] + 0.125f * (u[i - nx] + u[i + nx] + u[i - 1] + u[i + 1]);
  }
}

int main(int argc, char **argv) {
  heat_input in = heat_make(argc, argv);
  int nx = in.nx, ny = in.ny, steps = in.steps, probe = in.probe;
  int n = in.n, centre = in.centre;
  float *u = in.u, *v = in.v;
  bench_start_device();

  double start = bench_seconds(), probed = 0;
  for (int s = 1; s <= steps; ++s) {
    heat_step(nx, ny, u, v);
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
