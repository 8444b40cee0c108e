#include <ownmap.h>
#include "corpus.h"

/* y = A^T x with A row-major, m x n: one output per column. */
OM_KERNEL void matvec_t(int m, int n, OM_IN const float *A, OM_IN const float *x,
                        OM_OUT float *y) {
  for (int j = 0; j < n; ++j) {
    float s = 0;
    for (int i = 0; i < m; ++i)
      s += A[i * n + j] * x[i];
    y[j] = s;
  }
}

int main(void) {
  enum { M = 40, N = 30 };
  static float A[M * N], x[M], y[N];
  corpus_fill(A, M * N, 3);
  corpus_fill(x, M, 4);
  matvec_t(M, N, A, x, y);
  corpus_print("y", y, N);
  return 0;
}
