#include <ownmap.h>
#include "corpus.h"

/* C += A B with A m x k, B k x n, all row-major. */
OM_KERNEL void gemm(int m, int n, int k, OM_IN const float *A,
                    OM_IN const float *B, OM_INOUT float *C) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float s = 0;
      for (int p = 0; p < k; ++p)
        s += A[i * k + p] * B[p * n + j];
      C[i * n + j] += s;
    }
}

int main(void) {
  enum { M = 24, N = 20, K = 16 };
  static float A[M * K], B[K * N], C[M * N];
  corpus_fill(A, M * K, 1);
  corpus_fill(B, K * N, 2);
  corpus_fill(C, M * N, 3);
  gemm(M, N, K, A, B, C);
  corpus_print("C", C, M * N);
  return 0;
}
