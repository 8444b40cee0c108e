/* Planted bug: the caller's target data maps x but not y, so the kernel's
 * unmapped y finds no device copy. */
#include "audit-corpus.h"

static void axpy(int n, double a, const double *x, double *y) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i]; // planted: ownmap.audit.missing-map y
}

int main(void) {
  int n = 4096;
  double *x = corpus_doubles(n, 1), *y = corpus_doubles(n, 2);
#pragma omp target data map(to: x[0:n])
  {
    axpy(n, 2.0, x, y);
    axpy(n, -1.0, x, y);
  }
  corpus_print("axpy", y, n);
  free(x);
  free(y);
  return 0;
}
