#include <ownmap.h>
#include "corpus.h"

/* The time loop inside the kernel: each step reads the previous one. */
OM_KERNEL void diffuse(int steps, int n, OM_INOUT float *u, OM_SCRATCH float *tmp) {
  for (int t = 0; t < steps; ++t) {
    for (int i = 1; i < n - 1; ++i)
      tmp[i] = u[i - 1] + u[i + 1];
    for (int i = 1; i < n - 1; ++i)
      u[i] = tmp[i];
  }
}

int main(void) {
  enum { N = 64 };
  static float u[N], tmp[N];
  corpus_fill(u, N, 2);
  diffuse(3, N, u, tmp);
  corpus_print("u", u, N);
  return 0;
}
