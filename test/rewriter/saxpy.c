// OM_IN / OM_INOUT: x is copied to the device, y both ways; comments and
// formatting around the loop are kept.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void saxpy(int n, float a, OM_IN const float *x, OM_INOUT float *y) {
  /* scale and add */
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i]; // fused
}
// CHECK:      {{^}}OM_KERNEL void saxpy(int n, float a, OM_IN const float *x, OM_INOUT float *y) {
// CHECK-NEXT: {{^}}  /* scale and add */{{$}}
// CHECK-NEXT: {{^}}  if (n > 0) ownmap_check_exclusive("saxpy", "OM_INOUT", "y", y, y + n, "x", x, x + n);{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(x, (n > 0 ? n : 0) * sizeof *x);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(tofrom: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT: {{^}}    y[i] = a * x[i] + y[i]; // fused{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_facts_done();{{$}}
// CHECK-NEXT: {{^}}}{{$}}

int main(void) {
  enum { N = 1000 };
  static float x[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)(i % 17);
    y[i] = (float)(i % 5);
  }
  saxpy(N, 3.0f, x, y);
  double sum = 0;
  for (int i = 0; i < N; ++i)
    sum += y[i] * (i % 7 + 1);
  printf("saxpy checksum %.1f y[999]=%.1f\n", sum, y[N - 1]);
  return 0;
}
