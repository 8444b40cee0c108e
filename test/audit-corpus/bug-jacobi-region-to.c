/* Planted bug: the solver's target data maps the solution 'to', so the
 * relaxed values never come back, and the host prints the initial ones. */
#include "audit-corpus.h"

static void relax(int n, double *u, const double *f) {
#pragma omp target teams distribute parallel for
  for (int i = 1; i < n - 1; ++i)
    u[i] = 0.5 * (u[i - 1] + u[i + 1]) - f[i]; // planted: ownmap.audit.lost-write u
}

static void solve(int n, int steps, double *u, const double *f) {
#pragma omp target data map(to: u[0:n], f[0:n])
  {
    for (int t = 0; t < steps; ++t)
      relax(n, u, f);
  }
}

int main(void) {
  int n = 1000;
  double *u = corpus_doubles(n, 1), *f = corpus_doubles(n, 2);
  solve(n, 10, u, f);
  corpus_print("jacobi", u, n);
  free(u);
  free(f);
  return 0;
}
