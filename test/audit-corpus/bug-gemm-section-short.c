/* Planted bug: C's section leaves out the last row. */
#include "audit-corpus.h"

void gemm(int m, int n, int k, const double *a, const double *b, double *c) {
#pragma omp target teams distribute parallel for map(to: a[0:m * k], b[0:k * n]) map(tofrom: c[0:(m - 1) * n]) // planted: ownmap.audit.section-too-small c
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double sum = c[i * n + j];
      for (int l = 0; l < k; ++l)
        sum += a[i * k + l] * b[l * n + j];
      c[i * n + j] = sum;
    }
}

int main(void) {
  int m = 32, n = 24, k = 16;
  double *a = corpus_doubles(m * k, 1), *b = corpus_doubles(k * n, 2);
  double *c = corpus_doubles(m * n, 3);
  gemm(m, n, k, a, b, c);
  corpus_print("gemm", c, m * n);
  free(a);
  free(b);
  free(c);
  return 0;
}
