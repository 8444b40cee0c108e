#include <ownmap.h>
#include "corpus.h"

/* A window of the input, starting at off, through a local pointer. */
OM_KERNEL void window_sum(int n, int off, OM_IN const float *x, OM_OUT float *y) {
  const float *w = x + off;
  for (int i = 0; i < n; ++i)
    y[i] = w[i] + w[i + 1];
}

int main(void) {
  enum { N = 100, OFF = 7 };
  static float x[N + OFF + 1], y[N];
  corpus_fill(x, N + OFF + 1, 3);
  window_sum(N, OFF, x, y);
  corpus_print("y", y, N);
  return 0;
}
