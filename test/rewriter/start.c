// A loop that does not start at 0: the section starts at the loop's start.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void add_range(int lo, int hi, OM_IN const long *x, OM_INOUT long *y) {
  for (int k = lo; k < hi; k++)
    y[k] += 3 * x[k];
}
// CHECK:      {{^}}OM_KERNEL void add_range(int lo, int hi, OM_IN const long *x, OM_INOUT long *y) {
// CHECK-NEXT: {{^}}  if (hi > lo) ownmap_check_exclusive("add_range", "OM_INOUT", "y", y + lo, y + hi, "x", x + lo, x + hi);{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(x + lo, (hi > lo ? hi - lo : 0) * sizeof *x);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[lo:(hi > lo ? hi - lo : 0)]) map(tofrom: y[lo:(hi > lo ? hi - lo : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int k = lo; k < hi; k++){{$}}

OM_KERNEL void tail(int n, OM_IN const long *x, OM_OUT long *y) {
  for (int k = 10; k < n; ++k)
    y[k - 10] = x[k];
}
// y[k - 10] is written with a constant offset, so each iteration still owns
// one element; the section is the loop range moved by the offset.
// CHECK:      {{^}}OM_KERNEL void tail(int n, OM_IN const long *x, OM_OUT long *y) {
// CHECK-NEXT: {{^}}  if (n > 10) ownmap_check_exclusive("tail", "OM_OUT", "y", y, y + (n - 10), "x", x + 10, x + n);{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(x + 10, (n > 10 ? n - 10 : 0) * sizeof *x);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[10:(n > 10 ? n - 10 : 0)]) map(from: y[0:(n > 10 ? n - 10 : 0)]){{$}}

int main(void) {
  enum { N = 5000 };
  static long x[N], y[N], z[N];
  for (int i = 0; i < N; ++i) {
    x[i] = i % 31;
    y[i] = i % 2;
  }
  add_range(100, 4000, x, y);
  tail(N, x, z);
  long s = 0;
  for (int i = 0; i < N; ++i)
    s += (y[i] + 5 * z[i]) * (i % 7 + 1);
  printf("start checksum %ld\n", s);
  return 0;
}
