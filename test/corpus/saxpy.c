#include <ownmap.h>
#include "corpus.h"

OM_KERNEL void saxpy(int n, float a, OM_IN const float *x, OM_INOUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

int main(void) {
  enum { N = 1000 };
  static float x[N], y[N];
  corpus_fill(x, N, 1);
  corpus_fill(y, N, 2);
  saxpy(N, 3.0f, x, y);
  corpus_print("y", y, N);
  return 0;
}
