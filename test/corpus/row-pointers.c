#include <ownmap.h>
#include "corpus.h"

/* Each row scaled by its own factor, through a row pointer. */
OM_KERNEL void scale_rows(int m, int n, OM_IN const float *s, OM_INOUT float *a) {
  for (int i = 0; i < m; ++i) {
    float *row = a + i * n;
    for (int j = 0; j < n; ++j)
      row[j] *= s[i];
  }
}

int main(void) {
  enum { M = 16, N = 12 };
  static float s[M], a[M * N];
  corpus_fill(s, M, 1);
  corpus_fill(a, M * N, 2);
  scale_rows(M, N, s, a);
  corpus_print("a", a, M * N);
  return 0;
}
