#include <ownmap.h>
#include "corpus.h"

/* Clears the strict upper triangle and scales the diagonal. */
OM_KERNEL void tril(int n, float d, OM_INOUT float *a) {
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j)
      a[i * n + j] = 0;
    a[i * n + i] *= d;
  }
}

int main(void) {
  enum { N = 31 };
  static float a[N * N];
  corpus_fill(a, N * N, 6);
  tril(N, 2.0f, a);
  corpus_print("a", a, N * N);
  return 0;
}
