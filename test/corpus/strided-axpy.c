#include <ownmap.h>
#include "corpus.h"

/* Every other element: the even-indexed entries get a x added. */
OM_KERNEL void axpy_even(int n, float a, OM_IN const float *x, OM_INOUT float *y) {
  for (int i = 0; i < n; i += 2)
    y[i] += a * x[i];
}

int main(void) {
  enum { N = 501 };
  static float x[N], y[N];
  corpus_fill(x, N, 1);
  corpus_fill(y, N, 2);
  axpy_even(N, 2.0f, x, y);
  corpus_print("y", y, N);
  return 0;
}
