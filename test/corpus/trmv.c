#include <ownmap.h>
#include "corpus.h"

/* y = L x for the lower triangle of an n x n row-major matrix. */
OM_KERNEL void trmv(int n, OM_IN const float *L, OM_IN const float *x,
                    OM_OUT float *y) {
  for (int i = 0; i < n; ++i) {
    float s = 0;
    for (int j = 0; j <= i; ++j)
      s += L[i * n + j] * x[j];
    y[i] = s;
  }
}

int main(void) {
  enum { N = 45 };
  static float L[N * N], x[N], y[N];
  corpus_fill(L, N * N, 2);
  corpus_fill(x, N, 7);
  trmv(N, L, x, y);
  corpus_print("y", y, N);
  return 0;
}
