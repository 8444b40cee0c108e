#include <ownmap.h>
#include "corpus.h"

OM_KERNEL void transpose(int m, int n, OM_IN const float *a, OM_OUT float *b) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      b[j * m + i] = a[i * n + j];
}

int main(void) {
  enum { M = 33, N = 17 };
  static float a[M * N], b[M * N];
  corpus_fill(a, M * N, 9);
  transpose(M, N, a, b);
  corpus_print("b", b, M * N);
  return 0;
}
