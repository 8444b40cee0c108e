#include <ownmap.h>
#include "corpus.h"

/* One explicit Euler step of particles stored as separate arrays. */
OM_KERNEL void push(int n, float dt, OM_INOUT float *x, OM_INOUT float *y,
                    OM_IN const float *vx, OM_IN const float *vy) {
  for (int i = 0; i < n; ++i) {
    x[i] += dt * vx[i];
    y[i] += dt * vy[i];
  }
}

int main(void) {
  enum { N = 800 };
  static float x[N], y[N], vx[N], vy[N];
  corpus_fill(x, N, 1);
  corpus_fill(y, N, 2);
  corpus_fill(vx, N, 3);
  corpus_fill(vy, N, 4);
  push(N, 2.0f, x, y, vx, vy);
  corpus_print("x", x, N);
  corpus_print("y", y, N);
  return 0;
}
