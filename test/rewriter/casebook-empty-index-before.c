// Issue 13, as the issue writes it: `for (i = 1; i < n - 1; ++i)` with the
// index declared before the loop, called with n = 1 (zero iterations in C;
// the rewriter once mapped y[1:-1] and the runtime aborted), n = 0 and a
// negative n. The sections are guarded by the loop's condition: nothing is
// mapped, and the offloaded program prints what the serial build prints.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %ownmap-rewrite %t.rw.c -o %t.twice.c -- 2>%t.twice.err
// RUN: diff %t.rw.c %t.twice.c
// RUN: count 0 < %t.twice.err
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t.omp 2>%t.err
// RUN: not grep -E "ownmap: (warning|error)" %t.err
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void interior(int n, OM_IN const float *x, OM_OUT float *y) {
  int i;
  for (i = 1; i < n - 1; ++i)
    y[i] = x[i - 1] + x[i + 1];
}
// CHECK-LABEL: {{^}}OM_KERNEL void interior(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n - 1 > 1 ? n : 0)]) map(from: y[1:(n - 1 > 1 ? n - 2 : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (i = 1; i < n - 1; ++i){{$}}

int main(void) {
  enum { N = 12 };
  float one[1] = {5.0f}, none[1] = {-1.0f};
  interior(1, one, none);
  interior(0, one, none);
  interior(-4, one, none);
  float x[N], y[N];
  for (int k = 0; k < N; ++k) {
    x[k] = (float)(k % 5);
    y[k] = -1.0f;
  }
  interior(2, x, y);
  interior(N, x, y);
  float s = none[0];
  for (int k = 0; k < N; ++k)
    s += y[k] * (float)(k + 1);
  printf("casebook-empty-index-before %.1f\n", s);
  return 0;
}
