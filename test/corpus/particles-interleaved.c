#include <ownmap.h>
#include "corpus.h"

/* Positions and velocities interleaved x, y, z per particle. */
OM_KERNEL void drift(int n, float dt, OM_IN const float *vel, OM_INOUT float *pos) {
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 3; ++k)
      pos[3 * i + k] += dt * vel[3 * i + k];
}

int main(void) {
  enum { N = 400 };
  static float vel[3 * N], pos[3 * N];
  corpus_fill(vel, 3 * N, 1);
  corpus_fill(pos, 3 * N, 2);
  drift(N, 0.5f, vel, pos);
  corpus_print("pos", pos, 3 * N);
  return 0;
}
