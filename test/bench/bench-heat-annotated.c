/* 2-D heat equation with a pointer swap, annotated: plain C with one
 * ownership-annotated kernel over the flattened interior rows (the rewriter
 * bounds only subscripts i + constant, so the neighbour rows i +- nx need
 * OM_LEN). Same computation as bench-heat-naive.c.
 * Usage: bench-heat-annotated [NX] [NY] [STEPS] [PROBE]. */
#include "elision-bench.h"

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
