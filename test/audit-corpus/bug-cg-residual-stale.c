/* Planted bug: inside the solver's tofrom region, the host sums the
 * residual the device just computed, without a target update from. */
#include "audit-corpus.h"

static void residual(int n, const double *b, const double *x, double *r) {
#pragma omp target teams distribute parallel for
  for (int i = 1; i < n - 1; ++i)
    r[i] = b[i] - (2.0 * x[i] - x[i - 1] - x[i + 1]); // planted: ownmap.audit.lost-write r
}

static void correct(int n, double w, const double *r, double *x) {
#pragma omp target teams distribute parallel for
  for (int i = 1; i < n - 1; ++i)
    x[i] += w * r[i];
}

int main(void) {
  int n = 500;
  double *b = corpus_doubles(n, 1), *x = corpus_doubles(n, 0), *r = calloc(n, sizeof *r);
  double norm = 0;
#pragma omp target data map(to: b[0:n]) map(tofrom: x[0:n], r[0:n])
  {
    for (int it = 0; it < 5; ++it) {
      residual(n, b, x, r);
      norm = 0;
      for (int i = 1; i < n - 1; ++i)
        norm += r[i] * r[i];
      correct(n, 0.25, r, x);
    }
  }
  printf("residual %.3f\n", norm);
  corpus_print("x", x, n);
  free(b);
  free(x);
  free(r);
  return 0;
}
