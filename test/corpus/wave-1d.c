#include <ownmap.h>
#include "corpus.h"

/* One leapfrog step of the 1-D wave equation, then the rotation of the
 * three time levels. */
OM_KERNEL void wave_step(int n, float c, OM_IN const float *prev,
                         OM_IN const float *cur, OM_OUT float *next) {
  for (int i = 1; i < n - 1; ++i)
    next[i] = 2 * cur[i] - prev[i] + c * (cur[i - 1] - 2 * cur[i] + cur[i + 1]);
}

int main(void) {
  enum { N = 500, STEPS = 4 };
  static float a[N], b[N], c[N];
  float *prev = a, *cur = b, *next = c;
  corpus_fill(prev, N, 1);
  corpus_fill(cur, N, 2);
  corpus_fill(next, N, 3);
  for (int t = 0; t < STEPS; ++t) {
    wave_step(N, 0.5f, prev, cur, next);
    float *old = prev;
    prev = cur;
    cur = next;
    next = old;
  }
  corpus_print("wave", cur, N);
  return 0;
}
