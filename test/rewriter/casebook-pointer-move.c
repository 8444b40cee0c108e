// Issue 13, as the issue writes it: `u += n / 2` between two loops that
// both use u (it once made a data region whose second loop mapped a section
// the region did not contain: "explicit extension not allowed"). No region
// spans the move: each loop maps the address u has when it runs, and the
// offloaded program prints what the serial build prints, also for n = 1
// (both loops empty) and an odd n.
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

OM_KERNEL void halves(int n, OM_INOUT float *u, OM_IN const float *x) {
  for (int i = 0; i < n / 2; ++i)
    u[i] = u[i] + x[i];
  u += n / 2;
  for (int i = 0; i < n / 2; ++i)
    u[i] = u[i] * x[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void halves(
// CHECK-NOT:   {{^ *}}#pragma omp target data
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(tofrom: u[0:((n / 2) > 0 ? (n / 2) : 0)]) map(to: x[0:((n / 2) > 0 ? (n / 2) : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < n / 2; ++i){{$}}
// CHECK-NEXT:  {{^}}    u[i] = u[i] + x[i];{{$}}
// CHECK:       {{^}}  u += n / 2;{{$}}
// CHECK-NOT:   {{^ *}}#pragma omp target data
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(tofrom: u[0:((n / 2) > 0 ? (n / 2) : 0)]) map(to: x[0:((n / 2) > 0 ? (n / 2) : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < n / 2; ++i){{$}}
// CHECK-NEXT:  {{^}}    u[i] = u[i] * x[i];{{$}}
// CHECK-LABEL: {{^}}int main(void) {

int main(void) {
  enum { N = 12 };
  float x[N], u[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)(i % 4);
    u[i] = (float)(i % 3);
  }
  halves(N, u, x);
  halves(1, u, x);
  halves(7, u + 2, x);
  float s = 0;
  for (int i = 0; i < N; ++i)
    s += u[i] * (float)(i + 1);
  printf("casebook-pointer-move %.1f\n", s);
  return 0;
}
