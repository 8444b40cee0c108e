// OM_SCRATCH: t is device-only working memory: map(alloc:), never copied.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void poly(int n, OM_IN const double *x, OM_SCRATCH double *t,
                    OM_OUT double *y) {
  for (int i = 0; i < n; ++i) {
    t[i] = x[i] * x[i];
    y[i] = t[i] * x[i] + t[i];
  }
}
// CHECK:      {{^}}OM_KERNEL void poly(int n, OM_IN const double *x, OM_SCRATCH double *t,{{$}}
// CHECK-NEXT: {{^}}                    OM_OUT double *y) {
// CHECK-NEXT: {{^}}  ownmap_check_exclusive("poly", "OM_OUT", "y", y, y + n, "x", x, x + n);{{$}}
// CHECK-NEXT: {{^}}  ownmap_check_exclusive("poly", "OM_OUT", "y", y, y + n, "t", t, t + n);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:n]) map(alloc: t[0:n]) map(from: y[0:n]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i) {

int main(void) {
  enum { N = 2000 };
  static double x[N], t[N], y[N];
  for (int i = 0; i < N; ++i)
    x[i] = i % 13 - 6;
  poly(N, x, t, y);
  double sum = 0;
  for (int i = 0; i < N; ++i)
    sum += y[i];
  printf("scratch checksum %.1f y[5]=%.1f\n", sum, y[5]);
  return 0;
}
