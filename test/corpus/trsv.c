#include <ownmap.h>
#include "corpus.h"

/* Forward substitution L x = b: each row needs the rows before it. */
OM_KERNEL void trsv(int n, OM_IN const float *L, OM_IN const float *b,
                    OM_OUT float *x) {
  for (int i = 0; i < n; ++i) {
    float s = b[i];
    for (int j = 0; j < i; ++j)
      s -= L[i * n + j] * x[j];
    x[i] = s / L[i * n + i];
  }
}

int main(void) {
  enum { N = 20 };
  static float L[N * N], b[N], x[N];
  corpus_fill(L, N * N, 1);
  for (int i = 0; i < N; ++i)
    L[i * N + i] = 1;
  corpus_fill(b, N, 2);
  trsv(N, L, b, x);
  corpus_print("x", x, N);
  return 0;
}
