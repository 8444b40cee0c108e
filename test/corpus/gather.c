#include <ownmap.h>
#include "corpus.h"

/* y[i] = x[idx[i]]: the reads go where the indices say. */
OM_KERNEL void gather(int n, int nx, OM_IN const int *idx,
                      OM_IN OM_LEN(nx) const float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = x[idx[i]];
}

int main(void) {
  enum { N = 500, NX = 97 };
  static int idx[N];
  static float x[NX], y[N];
  corpus_fill_int(idx, N, 1, NX);
  corpus_fill(x, NX, 2);
  gather(N, NX, idx, x, y);
  corpus_print("y", y, N);
  return 0;
}
