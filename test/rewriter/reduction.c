// A scalar declared outside the loop and only updated by `s += e`,
// `s = s + e`, `s *= e` or `s = e * s` becomes a reduction mapped tofrom.
// Scalars that are only read need no map (firstprivate).
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL long dot(int n, OM_IN const long *x, OM_IN const long *y) {
  long sum = 0;
  long bias = 2;
  for (int i = 0; i < n; ++i)
    sum += x[i] * y[i] + bias;
  return sum;
}
// CHECK:      {{^}}  long bias = 2;{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(x, (n > 0 ? n : 0) * sizeof *x);{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(y, (n > 0 ? n : 0) * sizeof *y);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(to: y[0:(n > 0 ? n : 0)]) map(tofrom: sum) reduction(+: sum){{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i){{$}}

OM_KERNEL double sum_and_product(int n, OM_IN const double *x) {
  double s = 0, p = 1;
  for (int i = 0; i < n; ++i) {
    s = s + x[i];
    p = x[i] * p;
  }
  return s + p;
}
// CHECK:      {{^}}  double s = 0, p = 1;{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(x, (n > 0 ? n : 0) * sizeof *x);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(tofrom: s) reduction(+: s) map(tofrom: p) reduction(*: p){{$}}

OM_KERNEL void scale_count(int n, OM_INOUT int *v, int *count) {
  int hits = 0;
  for (int i = 0; i < n; ++i) {
    if (v[i] % 3 == 0)
      hits += 1;
    v[i] *= 2;
  }
  *count = hits;
}
// CHECK:      {{^}}  int hits = 0;{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(tofrom: v[0:(n > 0 ? n : 0)]) map(tofrom: hits) reduction(+: hits){{$}}

int main(void) {
  enum { N = 10000 };
  static long x[N], y[N];
  static double d[64];
  static int v[N];
  for (int i = 0; i < N; ++i) {
    x[i] = i % 100;
    y[i] = (i * 7) % 13 - 6;
    v[i] = i % 17;
  }
  for (int i = 0; i < 64; ++i)
    d[i] = (i % 4 == 0) ? 2.0 : 1.0; // exact in any order
  int count = 0;
  scale_count(N, v, &count);
  long vs = 0;
  for (int i = 0; i < N; ++i)
    vs += v[i];
  printf("reduction %ld %.1f %d %ld\n", dot(N, x, y), sum_and_product(64, d),
         count, vs);
  return 0;
}
