#include <ownmap.h>
#include "corpus.h"

/* Pairwise sums (a halving step) and the nearest-neighbour upsampling back. */
OM_KERNEL void halve(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = x[2 * i] + x[2 * i + 1];
}

OM_KERNEL void double_up(int n, OM_IN const float *y, OM_OUT float *x) {
  for (int i = 0; i < 2 * n; ++i)
    x[i] = y[i / 2];
}

int main(void) {
  enum { N = 128 };
  static float x[2 * N], y[N];
  corpus_fill(x, 2 * N, 3);
  halve(N, x, y);
  double_up(N, y, x);
  corpus_print("x", x, 2 * N);
  return 0;
}
