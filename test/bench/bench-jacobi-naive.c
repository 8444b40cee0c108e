/* Jacobi iteration for a 2-D Poisson problem with a host-side convergence
 * check, naive maps: the sweep (u -> unew) and the copy back (unew -> u) each
 * map their whole arrays per iteration; every CHECK iterations the host
 * compares u and unew and stops below a tolerance. Usage:
 * bench-jacobi-naive [NX] [NY] [ITERS] [CHECK] (default 4096 x 4096 floats =
 * 64 MiB per array, at most 20 iterations, check every 5). docs/bench.md. */
#include "elision-bench.h"

static const float tolerance = 1e-3f;

/* Largest |unew - u| over the interior rows, on the host. */
static float change(int nx, int n, const float *u, const float *unew) {
  float largest = 0;
  for (int i = nx; i < n - nx; ++i) {
    float d = unew[i] > u[i] ? unew[i] - u[i] : u[i] - unew[i];
    largest = d > largest ? d : largest;
  }
  return largest;
}

int main(int argc, char **argv) {
  int nx = bench_arg(argc, argv, 1, 4096);
  int ny = bench_arg(argc, argv, 2, 4096);
  int iters = bench_arg(argc, argv, 3, 20);
  int check = bench_arg(argc, argv, 4, 5);
  int n = nx * ny;
  float *f = bench_alloc(n, sizeof *f), *u = bench_alloc(n, sizeof *u);
  float *unew = bench_alloc(n, sizeof *unew);
  for (int i = 0; i < n; ++i) {
    f[i] = (float)(1 + bench_pattern(i, 31, 17));
    u[i] = unew[i] = (float)(1 + bench_pattern(i, 7919, 101));
  }
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
      last_change = change(nx, n, u, unew);
      converged = last_change < tolerance;
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
