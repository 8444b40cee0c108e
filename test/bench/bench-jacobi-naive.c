/* Jacobi iteration for a 2-D Poisson problem with a host-side convergence
 * check, naive maps: the sweep (u -> unew) and the copy back (unew -> u) each
 * map their whole arrays per iteration; every CHECK iterations the host
 * compares u and unew and stops below a tolerance. Usage:
 * bench-jacobi-naive [NX] [NY] [ITERS] [CHECK] (default 4096 x 4096 floats =
 * 64 MiB per array, at most 20 iterations, check every 5). docs/bench.md. */
#include "bench-jacobi-input.h"

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
#pragma omp target teams distribute parallel for map(to: u[0:n], f[0:n]) map(tofrom: unew[0:n])
    for (int i = nx; i < n - nx; ++i) {
      int col = i % nx;
      unew[i] = (col == 0 || col == nx - 1)
                    ? u[i]
                    : 0.25f * (u[i - nx] + u[i + nx] + u[i - 1] + u[i + 1] + f[i]);
    }
    int converged = 0;
    if (it % check == 0) {
      last_change = jacobi_change(nx, n, u, unew);
      converged = last_change < jacobi_tolerance;
    }
#pragma omp target teams distribute parallel for map(to: unew[0:n]) map(tofrom: u[0:n])
    for (int i = nx; i < n - nx; ++i)
      u[i] = unew[i];
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
