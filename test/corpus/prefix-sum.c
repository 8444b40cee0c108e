#include <ownmap.h>
#include "corpus.h"

/* Inclusive scan: each element needs the one before it. */
OM_KERNEL void scan(int n, OM_INOUT float *v) {
  for (int i = 1; i < n; ++i)
    v[i] += v[i - 1];
}

int main(void) {
  enum { N = 300 };
  static float v[N];
  corpus_fill(v, N, 3);
  scan(N, v);
  corpus_print("scan", v, N);
  return 0;
}
