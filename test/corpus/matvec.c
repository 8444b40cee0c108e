#include <ownmap.h>
#include "corpus.h"

/* y = A x with A row-major, m x n. */
OM_KERNEL void matvec(int m, int n, OM_IN const float *A, OM_IN const float *x,
                      OM_OUT float *y) {
  for (int i = 0; i < m; ++i) {
    float s = 0;
    for (int j = 0; j < n; ++j)
      s += A[i * n + j] * x[j];
    y[i] = s;
  }
}

int main(void) {
  enum { M = 50, N = 70 };
  static float A[M * N], x[N], y[M];
  corpus_fill(A, M * N, 1);
  corpus_fill(x, N, 2);
  matvec(M, N, A, x, y);
  corpus_print("y", y, M);
  return 0;
}
