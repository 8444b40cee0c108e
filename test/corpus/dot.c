#include <ownmap.h>
#include "corpus.h"

OM_KERNEL float dot(int n, OM_IN const float *x, OM_IN const float *y) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}

int main(void) {
  enum { N = 4096 };
  static float x[N], y[N];
  corpus_fill(x, N, 3);
  corpus_fill(y, N, 4);
  printf("dot %.1f\n", dot(N, x, y));
  return 0;
}
