#include <ownmap.h>
#include "corpus.h"

/* Gray levels from interleaved RGB pixels (integer weights). */
OM_KERNEL void gray(int npix, OM_IN const float *rgb, OM_OUT float *g) {
  for (int i = 0; i < npix; ++i)
    g[i] = 3 * rgb[3 * i] + 6 * rgb[3 * i + 1] + rgb[3 * i + 2];
}

int main(void) {
  enum { N = 640 };
  static float rgb[3 * N], g[N];
  corpus_fill(rgb, 3 * N, 8);
  gray(N, rgb, g);
  corpus_print("gray", g, N);
  return 0;
}
