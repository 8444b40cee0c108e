// The 7-point stencil over the interior of an nx x ny x nz box maps exactly
// the elements it reaches, bounded from the loop ranges (no OM_LEN): u from
// the lowest neighbour, c - nx * ny at (1, 1, 1), to the highest, and v over
// the interior only; a box with an empty dimension maps nothing.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

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
// CHECK-LABEL: {{^}}OM_KERNEL void heat3d(
// CHECK: collapse(2) map(to: u[nx + 1:(nz - 1 > 1 && ny - 1 > 1 && nx - 1 > 1 ? nx * ny * nz - 2 * nx - 2 : 0)]) map(tofrom: v[nx * ny + nx + 1:(nz - 1 > 1 && ny - 1 > 1 && nx - 1 > 1 ? nx * ny * nz - 2 * nx * ny - 2 * nx - 2 : 0)]){{$}}

int main(void) {
  enum { NX = 9, NY = 7, NZ = 6, ALL = NX * NY * NZ };
  static float u[ALL], v[ALL];
  for (int c = 0; c < ALL; ++c) {
    u[c] = (float)((c * 37) % 101) / 7.0f;
    v[c] = -1;
  }
  heat3d(NX, NY, NZ, 0.125f, u, v);
  heat3d(NX, 2, NZ, 0.125f, u, v); // no interior rows: nothing mapped
  double sum = 0;
  for (int c = 0; c < ALL; ++c)
    sum += v[c] * (c % 13 + 1);
  printf("%.2f %g %g\n", sum, v[(NX * NY) + NX + 1], v[ALL - NX * NY - NX - 2]); // the GPU contracts to FMA
  return 0;
}
