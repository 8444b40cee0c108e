/* Jacobi iteration with a host-side convergence check, annotated: plain C
 * with two ownership-annotated kernels (sweep, copy back) over the flattened
 * interior rows; the neighbour rows u[i +- nx] need OM_LEN. Same computation
 * as bench-jacobi-naive.c.
 * Usage: bench-jacobi-annotated [NX] [NY] [ITERS] [CHECK]. */
#include "bench-jacobi-input.h"

#include <ownmap.h>

OM_KERNEL static void sweep(int nx, int ny, OM_IN OM_LEN(nx * ny) const float *u,
                            OM_IN const float *f, OM_OUT float *unew) {
  for (int i = nx; i < nx * ny - nx; ++i) {
    int col = i % nx;
    unew[i] = (col == 0 || col == nx - 1)
                  ? u[i]
                  : 0.25f * (u[i - nx] + u[i + nx] + u[i - 1] + u[i + 1] + f[i]);
  }
}

OM_KERNEL static void copy_interior(int nx, int ny, OM_IN const float *unew, OM_OUT float *u) {
  for (int i = nx; i < nx * ny - nx; ++i)
    u[i] = unew[i];
}

int main(int argc, char **argv) {
  jacobi_input in = jacobi_make(argc, argv);
  int nx = in.nx, ny = in.ny, iters = in.iters, check = in.check;
  int n = nx * ny;
  float *f = in.f, *u = in.u, *unew = in.unew;
  bench_start_device();

  double start = bench_seconds();
  int it = 0;
  float last_change = 0;
  while (it < iters) {
    ++it;
    sweep(nx, ny, u, f, unew);
    int converged = 0;
    if (it % check == 0) {
      last_change = jacobi_change(nx, n, u, unew);
      converged = last_change < jacobi_tolerance;
    }
    copy_interior(nx, ny, unew, u);
    if (converged)
      break;
  }
  double seconds = bench_seconds() - start;

  bench_report(bench_weighted_sum(u, n) + last_change + 1e6 * it, seconds);
  free(f);
  free(u);
  free(unew);
  return 0;
}
