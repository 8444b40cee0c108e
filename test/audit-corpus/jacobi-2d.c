/* Jacobi relaxation on an n x n grid: the sweep and the copy-back are
 * kernels of their own, called every step inside the solver's target data
 * region, which keeps both grids on the device. */
#include "audit-corpus.h"

#define IDX(i, j) ((i) * n + (j))

static void sweep(int n, const double *u, double *unew, const double *f) {
#pragma omp target teams distribute parallel for collapse(2)
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < n - 1; ++j)
      unew[IDX(i, j)] = 0.25 * (u[IDX(i - 1, j)] + u[IDX(i + 1, j)] +
                                u[IDX(i, j - 1)] + u[IDX(i, j + 1)] -
                                f[IDX(i, j)]);
}

static void accept(int n, double *u, const double *unew) {
#pragma omp target teams distribute parallel for collapse(2)
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < n - 1; ++j)
      u[IDX(i, j)] = unew[IDX(i, j)];
}

static void solve(int n, int steps, double *u, double *unew, const double *f) {
#pragma omp target data map(tofrom: u[0:n * n]) map(to: unew[0:n * n], f[0:n * n])
  {
    for (int t = 0; t < steps; ++t) {
      sweep(n, u, unew, f);
      accept(n, u, unew);
    }
  }
}

int main(void) {
  int n = 64;
  double *u = corpus_doubles(n * n, 1), *unew = corpus_doubles(n * n, 1);
  double *f = corpus_doubles(n * n, 2);
  solve(n, 10, u, unew, f);
  corpus_print("jacobi-2d", u, n * n);
  free(u);
  free(unew);
  free(f);
  return 0;
}
