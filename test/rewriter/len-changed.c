// OM_LEN states the element count the caller passes, so a kernel that
// changes a variable its expression names (`n = n / 2;`) keeps the value
// at entry in a local, declared first thing in the body, and the maps use
// that: pasting `n` at the loop would map half the data.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --report=%t.report --
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %ownmap-rewrite %t.rw.c -o %t.twice.c -- 2>%t.twice.err
// RUN: diff %t.rw.c %t.twice.c
// RUN: count 0 < %t.twice.err
// test/e2e/rewritten-len-changed.test runs the program offloaded.
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void gather_half(int n, OM_IN OM_LEN(n) const int *x, OM_OUT int *y) {
  n = n / 2;
  for (int i = 0; i < n; ++i)
    y[i] = x[(i * 7 + 5) % (2 * n)];
}
// CHECK-LABEL: {{^}}OM_KERNEL void gather_half(
// CHECK-NEXT:  {{^}}  const __typeof__(n) ownmap_len_x = n;{{$}}
// CHECK-NEXT:  {{^}}  n = n / 2;{{$}}
// CHECK-NEXT:  {{^}}  if (n > 0 && ownmap_len_x > 0) ownmap_check_exclusive("gather_half", "OM_OUT", "y", y, y + n, "x", x, x + ownmap_len_x);{{$}}
// CHECK-NEXT:  {{^}}  ownmap_kernel_reads_only(x, ownmap_len_x * sizeof *x);{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:ownmap_len_x]) map(from: y[0:(n > 0 ? n : 0)]){{$}}

// The count changes between two loops of a data region: the region and
// both loops map the count at entry.
OM_KERNEL void twice(int n, int m, OM_IN OM_LEN(m * n) const int *x,
                     OM_INOUT int *y) {
  for (int i = 0; i < n; ++i)
    y[i] += x[(i * 3) % (m * n)];
  m = 1;
  for (int i = 0; i < n; ++i)
    y[i] *= x[(i * 5) % n];
}
// CHECK-LABEL: {{^}}OM_KERNEL void twice(
// CHECK-NEXT:  {{^}}                     OM_INOUT int *y) {{{$}}
// CHECK-NEXT:  {{^}}  const __typeof__(m * n) ownmap_len_x = m * n;{{$}}
// CHECK-NEXT:  {{^}}  if (n > 0 && ownmap_len_x > 0) ownmap_check_exclusive("twice", "OM_INOUT", "y", y, y + n, "x", x, x + ownmap_len_x);{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target data map(to: x[0:(ownmap_len_x > 0) * ownmap_len_x]) map(tofrom: y[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}  {{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:ownmap_len_x]) map(tofrom: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK:       {{^}}  m = 1;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:ownmap_len_x]) map(tofrom: y[0:(n > 0 ? n : 0)]){{$}}

// Nothing changes what OM_LEN names: no copy.
OM_KERNEL void unchanged(int n, OM_IN OM_LEN(n) const int *x, OM_OUT int *y) {
  for (int i = 0; i < n; ++i)
    y[i] = x[(i * 3) % n];
}
// CHECK-LABEL: {{^}}OM_KERNEL void unchanged(
// CHECK-NOT:   {{^ .*}}ownmap_len_
// CHECK-LABEL: {{^}}int main(void) {

// REPORT: variable x
// REPORT: why: section from OM_LEN(n), its value at kernel entry (kept in ownmap_len_x):

int main(void) {
  enum { N = 16 };
  static int x[N], y[N], x3[3 * N], y3[N];
  for (int i = 0; i < N; ++i) {
    x[i] = 3 * i + 1;
    y3[i] = i % 4;
  }
  for (int i = 0; i < 3 * N; ++i)
    x3[i] = i % 7;
  gather_half(N, x, y);
  twice(N, 3, x3, y3);
  unchanged(N / 2, x, y + N / 2);
  long s = 0;
  for (int i = 0; i < N; ++i)
    s += (long)(y[i] + 5 * y3[i]) * (i + 1);
  printf("len-changed checksum %ld\n", s);
  return 0;
}
