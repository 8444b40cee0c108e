/* Jacobi iteration with a host-side convergence check, hand-tuned: one
 * `target data` region holds f, u and unew; every CHECK iterations the host
 * fetches the interiors of u and unew (`target update from`). Same
 * computation as bench-jacobi-naive.c.
 * Usage: bench-jacobi-tuned [NX] [NY] [ITERS] [CHECK]. */
#include "bench-jacobi-input.h"

int main(int argc, char **argv) {
  jacobi_input in = jacobi_make(argc, argv);
  int nx = in.nx, ny = in.ny, iters = in.iters, check = in.check;
  int n = nx * ny, interior = n - 2 * nx;
  float *f = in.f, *u = in.u, *unew = in.unew;
  bench_start_device();

  double start = bench_seconds();
  int it = 0;
  float last_change = 0;
#pragma omp target data map(to: f[0:n]) map(tofrom: u[0:n]) map(alloc: unew[0:n])
  {
    while (it < iters) {
      ++it;
#pragma omp target teams distribute parallel for
      for (int i = nx; i < n - nx; ++i) {
        int col = i % nx;
        unew[i] = (col == 0 || col == nx - 1)
                      ? u[i]
                      : 0.25f * (u[i - nx] + u[i + nx] + u[i - 1] + u[i + 1] + f[i]);
      }
      int converged = 0;
      if (it % check == 0) {
#pragma omp target update from(u[nx:interior], unew[nx:interior])
        last_change = jacobi_change(nx, n, u, unew);
        converged = last_change < jacobi_tolerance;
      }
#pragma omp target teams distribute parallel for
      for (int i = nx; i < n - nx; ++i)
        u[i] = unew[i];
      if (converged)
        break;
    }
  }
  double seconds = bench_seconds() - start;

  bench_report(bench_weighted_sum(u, n) + last_change + 1e6 * it, seconds);
  free(f);
  free(u);
  free(unew);
  return 0;
}
