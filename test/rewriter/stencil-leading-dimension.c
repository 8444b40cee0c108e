// The 2-D 5-point stencil over the interior of an n x n grid stored in rows
// of ld elements. The reads' lowest elements differ by ld - 1, which is
// positive only because the stated fact (ld >= n) and the loops running
// (n > 2) hold together: the rewriter combines a fact with the loops' own.
// Without the fact the sign of the stride ld is unknown and the error says so.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: not %ownmap-rewrite %s -- -DNO_FACT 2>&1 | FileCheck %s --check-prefix=NOFACT
#include <ownmap.h>
#include <stdio.h>

#ifdef NO_FACT
#define GRID_FACT
#else
#define GRID_FACT OM_FACT(ld >= n)
#endif

OM_KERNEL GRID_FACT void stencil5(int n, int ld, OM_IN const float *in,
                                  OM_INOUT float *out) {
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < n - 1; ++j)
      out[i * ld + j] = in[(i - 1) * ld + j] + in[(i + 1) * ld + j] +
                        in[i * ld + j - 1] + in[i * ld + j + 1];
}
// CHECK:      {{^}}  ownmap_check_fact("stencil5", "ld >= n", ld >= n);{{$}}
// CHECK:      {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(to: in[1:(n - 1 > 1 ? ld * n - ld + n - 2 : 0)]) map(tofrom: out[ld + 1:(n - 1 > 1 ? ld * n - 3 * ld + n - 2 : 0)]){{$}}
// NOFACT: stencil-leading-dimension.c:25:25: error: cannot offload: cannot bound the elements of 'in' that 'in[(i - 1) * ld + j]' reaches (subscript 'in[(i - 1) * ld + j]' is not affine: the stride 'ld' of 'i' may be negative; state its sign with OM_FACT(ld >= 0) or OM_FACT(ld <= 0)); add OM_LEN(<element count>) to the parameter

int main(void) {
  enum { N = 9, LD = 13 };
  static float in[N * LD], out[N * LD];
  for (int i = 0; i < N * LD; ++i) {
    in[i] = (float)(i % 11);
    out[i] = -1.0f; // the cells between rows and around the interior keep it
  }
  stencil5(N, LD, in, out);
  stencil5(2, LD, in, out); // no interior: runs zero times
  stencil5(N - 1, N - 1, in, out); // rows without padding (ld == n)
  double s = 0;
  for (int i = 0; i < N * LD; ++i)
    s += out[i] * (i % 7 + 1);
  printf("stencil-leading-dimension checksum %.1f\n", s);
  return 0;
}
