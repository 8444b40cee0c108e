#include <ownmap.h>
#include "corpus.h"

/* Two Jacobi sweeps of a 1-D Poisson problem, with the copy back; the
 * time loop is the caller's. */
OM_KERNEL void sweep(int n, OM_IN const float *f, OM_IN const float *u,
                     OM_OUT float *unew) {
  for (int i = 1; i < n - 1; ++i)
    unew[i] = 0.5f * (u[i - 1] + u[i + 1] - f[i]);
}

OM_KERNEL void copy_interior(int n, OM_IN const float *src, OM_OUT float *dst) {
  for (int i = 1; i < n - 1; ++i)
    dst[i] = src[i];
}

int main(void) {
  enum { N = 200 };
  static float f[N], u[N], unew[N];
  corpus_fill(f, N, 1);
  corpus_fill(u, N, 2);
  for (int t = 0; t < 2; ++t) {
    sweep(N, f, u, unew);
    copy_interior(N, unew, u);
  }
  corpus_print("u", u, N);
  return 0;
}
