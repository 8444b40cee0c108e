#include <ownmap.h>
#include "corpus.h"

/* y is x backwards, written from the top down. */
OM_KERNEL void reverse(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = n - 1; i >= 0; --i)
    y[i] = x[n - 1 - i];
}

int main(void) {
  enum { N = 333 };
  static float x[N], y[N];
  corpus_fill(x, N, 4);
  reverse(N, x, y);
  corpus_print("y", y, N);
  return 0;
}
