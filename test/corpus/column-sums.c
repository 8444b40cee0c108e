#include <ownmap.h>
#include "corpus.h"

/* Sums of the columns of an m x n matrix stored column by column. */
OM_KERNEL void column_sums(int m, int n, OM_IN const float *a, OM_OUT float *sums) {
  for (int j = 0; j < n; ++j) {
    float s = 0;
    for (int i = 0; i < m; ++i)
      s += a[j * m + i];
    sums[j] = s;
  }
}

int main(void) {
  enum { M = 37, N = 23 };
  static float a[M * N], sums[N];
  corpus_fill(a, M * N, 4);
  column_sums(M, N, a, sums);
  corpus_print("sums", sums, N);
  return 0;
}
