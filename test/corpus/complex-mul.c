#include <ownmap.h>
#include "corpus.h"

/* z = a * b for complex numbers stored as (re, im) pairs. */
OM_KERNEL void cmul(int n, OM_IN const float *a, OM_IN const float *b,
                    OM_OUT float *z) {
  for (int i = 0; i < n; ++i) {
    float re = a[2 * i] * b[2 * i] - a[2 * i + 1] * b[2 * i + 1];
    float im = a[2 * i] * b[2 * i + 1] + a[2 * i + 1] * b[2 * i];
    z[2 * i] = re;
    z[2 * i + 1] = im;
  }
}

int main(void) {
  enum { N = 256 };
  static float a[2 * N], b[2 * N], z[2 * N];
  corpus_fill(a, 2 * N, 1);
  corpus_fill(b, 2 * N, 2);
  cmul(N, a, b, z);
  corpus_print("z", z, 2 * N);
  return 0;
}
