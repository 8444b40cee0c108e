#include <ownmap.h>
#include "corpus.h"

/* C = A * B with C99 array parameters, as numerical codes in C write it:
 * a is m x p, b is p x n, c is m x n. */
OM_KERNEL void gemm_vla(int m, int n, int p, OM_IN const float a[m][p],
                        OM_IN const float b[p][n], OM_OUT float c[m][n]) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float sum = 0.0f;
      for (int k = 0; k < p; ++k)
        sum += a[i][k] * b[k][j];
      c[i][j] = sum;
    }
}

int main(void) {
  enum { M = 33, N = 21, P = 17 };
  static float a[M][P], b[P][N], c[M][N];
  corpus_fill(&a[0][0], M * P, 3);
  corpus_fill(&b[0][0], P * N, 5);
  gemm_vla(M, N, P, a, b, c);
  corpus_print("c", &c[0][0], M * N);
  return 0;
}
