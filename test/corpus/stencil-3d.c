#include <ownmap.h>
#include "corpus.h"

/* The 7-point stencil over the interior of an nx x ny x nz box, x fastest. */
OM_KERNEL void heat3d(int nx, int ny, int nz, float r, OM_IN const float *u,
                      OM_INOUT float *v) {
  for (int k = 1; k < nz - 1; ++k)
    for (int j = 1; j < ny - 1; ++j)
      for (int i = 1; i < nx - 1; ++i) {
        int c = (k * ny + j) * nx + i;
        v[c] = u[c] + r * (u[c - 1] + u[c + 1] + u[c - nx] + u[c + nx] +
                           u[c - nx * ny] + u[c + nx * ny] - 6 * u[c]);
      }
}

int main(void) {
  enum { NX = 20, NY = 12, NZ = 9 };
  static float u[NX * NY * NZ], v[NX * NY * NZ];
  corpus_fill(u, NX * NY * NZ, 2);
  corpus_fill(v, NX * NY * NZ, 5);
  heat3d(NX, NY, NZ, 0.25f, u, v);
  corpus_print("v", v, NX * NY * NZ);
  return 0;
}
