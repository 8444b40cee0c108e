#include <ownmap.h>
#include "corpus.h"

/* Unsharp mask in two passes: a blurred copy in device-only scratch
 * memory, then the sharpened interior, which reads the blur around it. */
OM_KERNEL void unsharp(int n, OM_IN const float *x, OM_SCRATCH float *blur,
                       OM_OUT float *y) {
  for (int i = 1; i < n - 1; ++i)
    blur[i] = x[i - 1] + 2 * x[i] + x[i + 1];
  for (int i = 2; i < n - 2; ++i)
    y[i] = 8 * x[i] - (blur[i - 1] + 2 * blur[i] + blur[i + 1]) / 2;
}

int main(void) {
  enum { N = 901 };
  static float x[N], blur[N], y[N];
  corpus_fill(x, N, 9);
  unsharp(N, x, blur, y);
  corpus_print("y", y, N);
  return 0;
}
