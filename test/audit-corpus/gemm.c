/* Dense matrix product C = A B + C, row-major, each (i, j) on a thread with
 * a local accumulator, sizes in size_t arithmetic. */
#include <stddef.h>
#include "audit-corpus.h"

void gemm(int m, int n, int k, const double *a, const double *b, double *c) {
#pragma omp target teams distribute parallel for collapse(2) map(to: a[0:m * k], b[0:k * n]) map(tofrom: c[0:m * n])
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double sum = 0;
      for (int l = 0; l < k; ++l)
        sum += a[(size_t)i * k + l] * b[(size_t)l * n + j];
      c[(size_t)i * n + j] += sum;
    }
}

int main(void) {
  int m = 48, n = 40, k = 32;
  double *a = corpus_doubles(m * k, 1), *b = corpus_doubles(k * n, 2);
  double *c = corpus_doubles(m * n, 3);
  gemm(m, n, k, a, b, c);
  corpus_print("gemm", c, m * n);
  free(a);
  free(b);
  free(c);
  return 0;
}
