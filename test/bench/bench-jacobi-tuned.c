/* Jacobi iteration with a host-side convergence check, hand-tuned: one
 * `target data` region holds f, u and unew; every CHECK iterations the host
 * fetches the interiors of u and unew (`target update from`). Same
 * computation as bench-jacobi-naive.c.
 * Usage: bench-jacobi-tuned [NX] [NY] [ITERS] [CHECK]. */
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
  int n = nx * ny, interior = n - 2 * nx;
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
        last_change = change(nx, n, u, unew);
        converged = last_change < tolerance;
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
