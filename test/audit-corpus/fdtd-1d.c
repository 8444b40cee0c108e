/* 1-D finite-difference time-domain: the electric and magnetic fields
 * updated in turn by two kernels of one function, inside a target data
 * region; the loop indices are declared at the top, C89 style. */
#include "audit-corpus.h"

static void fdtd(int n, int steps, double *ex, double *hy) {
  int i, t;
#pragma omp target data map(tofrom: ex[0:n], hy[0:n])
  {
    for (t = 0; t < steps; ++t) {
#pragma omp target teams distribute parallel for
      for (i = 1; i < n; ++i)
        ex[i] = ex[i] - 0.5 * (hy[i] - hy[i - 1]);
#pragma omp target teams distribute parallel for
      for (i = 0; i < n - 1; ++i)
        hy[i] = hy[i] - 0.5 * (ex[i + 1] - ex[i]);
    }
  }
}

int main(void) {
  int n = 3000;
  double *ex = corpus_doubles(n, 1), *hy = corpus_doubles(n, 2);
  fdtd(n, 20, ex, hy);
  corpus_print("fdtd ex", ex, n);
  corpus_print("fdtd hy", hy, n);
  free(ex);
  free(hy);
  return 0;
}
