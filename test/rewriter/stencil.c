// Stencil offsets: x[i - 1], x[i], x[i + 1] over i in [1, n - 1) need x[0:n];
// y is written only at y[i], so iterations are independent.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void smooth(int n, OM_IN const float *x, OM_INOUT float *y) {
  for (int i = 1; i < n - 1; ++i)
    y[i] = y[i] + (x[i - 1] + 2 * x[i] + x[1 + i]);
}
// CHECK:      {{^}}OM_KERNEL void smooth(int n, OM_IN const float *x, OM_INOUT float *y) {
// CHECK-NEXT: {{^}}  if (n - 1 > 1) ownmap_check_exclusive("smooth", "OM_INOUT", "y", y + 1, y + (n - 1), "x", x, x + n);{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(x, (n - 1 > 1 ? n : 0) * sizeof *x);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n - 1 > 1 ? n : 0)]) map(tofrom: y[1:(n - 1 > 1 ? n - 2 : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 1; i < n - 1; ++i){{$}}

// One-sided offsets: the section starts at the loop's start plus the
// smallest offset and spans the range plus the offsets' spread.
OM_KERNEL void shift(int n, OM_IN const int *x, OM_OUT int *y) {
  for (int i = 0; i < n; i += 1)
    y[i] = x[i + 2] - x[i + 3];
}
// CHECK:      {{^}}OM_KERNEL void shift(int n, OM_IN const int *x, OM_OUT int *y) {
// CHECK-NEXT: {{^}}  if (n > 0) ownmap_check_exclusive("shift", "OM_OUT", "y", y, y + n, "x", x + 2, x + (n + 3));{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(x + 2, (n > 0 ? n + 1 : 0) * sizeof *x);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[2:(n > 0 ? n + 1 : 0)]) map(from: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; i += 1){{$}}

int main(void) {
  enum { N = 1024 };
  static float x[N], y[N];
  static int xi[N + 3], yi[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)(i % 10);
    y[i] = (float)(i % 3);
  }
  for (int i = 0; i < N + 3; ++i)
    xi[i] = i * i % 23;
  smooth(N, x, y);
  shift(N, xi, yi);
  double s = 0;
  long si = 0;
  for (int i = 0; i < N; ++i) {
    s += y[i] * (i % 6 + 1);
    si += (long)yi[i] * (i % 5 + 1);
  }
  printf("stencil checksums %.1f %ld\n", s, si);
  return 0;
}
