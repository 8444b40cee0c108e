// Sections of one data region compare with what the kernel states
// (OM_FACT), which holds throughout it: u[1:...] and u[n + 1:...] end in
// the same order for every n >= 1, so one region keeps u and v on the
// device across both loops. Without the fact the ends cannot be compared
// (n may be negative) and each loop maps its own sections.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL OM_FACT(n >= 1) void stated(int n, OM_INOUT float *u,
                                      OM_INOUT float *v) {
  for (int i = 1; i < n * n - 1; ++i)
    v[i] = u[i];
  for (int i = n + 1; i < n * n - n; ++i)
    u[i] += v[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL OM_FACT(n >= 1) void stated(
// CHECK:       {{^}}  #pragma omp target data map(tofrom: u[1:((n * n - 1 > 1) + (n * n - n > n + 1) > 0) * (n * n - 2)]) map(tofrom: v[1:((n * n - 1 > 1) + (n * n - n > n + 1) > 0) * (n * n - 2)]){{$}}

OM_KERNEL void unstated(int n, OM_INOUT float *u, OM_INOUT float *v) {
  for (int i = 1; i < n * n - 1; ++i)
    v[i] = u[i];
  for (int i = n + 1; i < n * n - n; ++i)
    u[i] += v[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void unstated(
// CHECK-NOT:   {{^}}  #pragma omp target data
// CHECK:       {{^}}int main(

int main(void) {
  enum { N = 6 };
  float u[N * N], v[N * N], w[N * N], z[N * N];
  for (int k = 0; k < N * N; ++k) {
    u[k] = w[k] = k * 0.5f;
    v[k] = z[k] = -k;
  }
  stated(N, u, v);
  stated(1, u, v);
  unstated(N, w, z);
  for (int k = 0; k < N * N; ++k)
    printf("%g %g %g %g\n", u[k], v[k], w[k], z[k]);
  return 0;
}
