// Rewriting is idempotent: a loop already under an OpenMP directive is left
// alone, so running the tool on its own output changes nothing (with or
// without #line directives). -i rewrites in place and gives the same text
// as -o --no-line-directives: the file is its own source. The second run
// prints nothing: its loops are all under directives, which is not worth a
// warning.
// RUN: %ownmap-rewrite %s -o %t.once.c --
// RUN: %ownmap-rewrite %t.once.c -o %t.twice.c -- 2>%t.twice.err
// RUN: diff %t.once.c %t.twice.c
// RUN: count 0 < %t.twice.err
// RUN: %ownmap-rewrite --no-line-directives %s -o %t.plain.c --
// RUN: %ownmap-rewrite --no-line-directives %t.plain.c -o %t.plain.twice.c --
// RUN: diff %t.plain.c %t.plain.twice.c
// RUN: cp %s %t.inplace.c && %ownmap-rewrite -i %t.inplace.c --
// RUN: diff %t.plain.c %t.inplace.c
// RUN: %ownmap-rewrite -i %t.inplace.c --
// RUN: diff %t.plain.c %t.inplace.c
// RUN: FileCheck %s --strict-whitespace < %t.plain.twice.c
// RUN: %clang-offload %t.twice.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void twice(int n, OM_IN const int *x, OM_OUT int *y, OM_INOUT int *z) {
  for (int i = 0; i < n; ++i)
    y[i] = 2 * x[i];
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    z[i] += y[i];
}
// CHECK:      {{^}}OM_KERNEL void twice(int n, OM_IN const int *x, OM_OUT int *y, OM_INOUT int *z) {
// CHECK-NEXT: {{^}}  if (n > 0) ownmap_check_exclusive("twice", "OM_OUT", "y", y, y + n, "x", x, x + n);{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(x, (n > 0 ? n : 0) * sizeof *x);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(from: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT: {{^}}    y[i] = 2 * x[i];{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_facts_done();{{$}}
// CHECK-NEXT: {{^}}#pragma omp parallel for{{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i){{$}}

int main(void) {
  enum { N = 777 };
  static int x[N], y[N], z[N];
  for (int i = 0; i < N; ++i) {
    x[i] = i % 19;
    z[i] = i % 3;
  }
  twice(N, x, y, z);
  long s = 0;
  for (int i = 0; i < N; ++i)
    s += (long)z[i] * (i % 8 + 1);
  printf("idempotent checksum %ld\n", s);
  return 0;
}
