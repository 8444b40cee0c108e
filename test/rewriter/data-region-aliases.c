// Host code inside a data region that reaches a mapped array through another
// pointer (a view `u + 7`, an unannotated parameter that may be the same
// array) gets the same updates as host code that names the array: `from`
// before it reads, `to` after it writes. An element at a subscript that is a
// polynomial of scalars the host code does not change, of a pointer it does
// not move, is updated alone (`edge[0:1]`, `row[k:1]`); anything else
// updates the whole section the region maps. A host write to
// tofrom data is pushed to the device even when no later loop uses it,
// since the region's end copies the device's data back over it. Host code
// that moves a mapped pointer (`u += n / 4`) ends the region: the loops
// after it map the new address themselves.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %ownmap-rewrite %t.rw.c -o %t.twice.c -- 2>%t.twice.err
// RUN: diff %t.rw.c %t.twice.c
// RUN: count 0 < %t.twice.err
// test/e2e/rewritten-data-region-aliases.test runs the program offloaded.
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void edge_write(int n, OM_INOUT int *u) {
  int *edge = u + 7;
  for (int i = 0; i < n; ++i)
    u[i] = u[i] + 1;
  printf("edge before %d\n", *edge);
  *edge = 100;
  for (int i = 0; i < n; ++i)
    u[i] = 2 * u[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void edge_write(
// CHECK:       {{^}}  #pragma omp target data map(tofrom: u[0:(n > 0) * n]){{$}}
// CHECK:       {{^}}    u[i] = u[i] + 1;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update from(edge[0:1]){{$}}
// CHECK-NEXT:  {{^}}  printf("edge before %d\n", *edge);{{$}}
// CHECK-NEXT:  {{^}}  *edge = 100;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update to(edge[0:1]){{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for map(tofrom: u[0:(n > 0 ? n : 0)]){{$}}

// A row view written at a run-time subscript: that element alone goes back.
OM_KERNEL void row_write(int n, int k, OM_INOUT int *u, OM_IN const int *x) {
  int *row = &u[2];
  for (int i = 0; i < n; ++i)
    u[i] += x[i];
  row[k] = -1;
  for (int i = 0; i < n; ++i)
    u[i] -= x[i] / 2;
}
// CHECK-LABEL: {{^}}OM_KERNEL void row_write(
// CHECK:       {{^}}  #pragma omp target data map(tofrom: u[0:(n > 0) * n]) map(to: x[0:(n > 0) * n]){{$}}
// CHECK:       {{^}}    u[i] += x[i];{{$}}
// CHECK-NEXT:  {{^}}  row[k] = -1;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update to(row[k:1]){{$}}

// `other` is not annotated: it may be any array, u included.
OM_KERNEL void may_alias(int n, OM_INOUT int *u, int *other) {
  for (int i = 0; i < n; ++i)
    u[i] = u[i] * 3;
  other[1] = 9;
  for (int i = 0; i < n; ++i)
    u[i] = u[i] + 1;
}
// CHECK-LABEL: {{^}}OM_KERNEL void may_alias(
// CHECK:       {{^}}    u[i] = u[i] * 3;{{$}}
// CHECK-NEXT:  {{^}}  other[1] = 9;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update to(other[1:1]){{$}}

// u's last loop is the second; the host writes it after that, inside the
// region that v keeps open: the region's end would copy u back over the
// writes.
OM_KERNEL void late_write(int n, OM_INOUT int *u, OM_INOUT int *v) {
  int *last = u + (n - 1);
  for (int i = 0; i < n; ++i) {
    u[i] = u[i] + 1;
    v[i] = v[i] + 2;
  }
  for (int i = 0; i < n; ++i)
    u[i] = u[i] * 5;
  *last = -5;
  u[0] = -4;
  for (int i = 0; i < n; ++i)
    v[i] = v[i] * 3;
}
// CHECK-LABEL: {{^}}OM_KERNEL void late_write(
// CHECK:       {{^}}  #pragma omp target data map(tofrom: u[0:(n > 0) * n]) map(tofrom: v[0:(n > 0) * n]){{$}}
// CHECK:       {{^}}    u[i] = u[i] * 5;{{$}}
// CHECK-NEXT:  {{^}}  *last = -5;{{$}}
// CHECK-NEXT:  {{^}}  u[0] = -4;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update to(last[0:1]){{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update to(u[0:1]){{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for map(tofrom: v[0:(n > 0 ? n : 0)]){{$}}

// The host moves u between the loops: no region spans the move.
OM_KERNEL void shift(int n, OM_INOUT int *u, OM_IN const int *x) {
  for (int i = 0; i < n / 2; ++i)
    u[i] = u[i] + x[i];
  u += n / 4;
  for (int i = 0; i < n / 2; ++i)
    u[i] = u[i] * x[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void shift(
// CHECK-NOT:   {{^ *}}#pragma omp target data
// CHECK:       {{^}}  u += n / 4;{{$}}
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(tofrom: u[0:((n / 2) > 0 ? (n / 2) : 0)]) map(to: x[0:((n / 2) > 0 ? (n / 2) : 0)]){{$}}
// CHECK-LABEL: {{^}}int main(void) {

int main(void) {
  enum { N = 64 };
  static int u[N], v[N], x[N];
  for (int i = 0; i < N; ++i) {
    u[i] = i % 9;
    v[i] = i % 4;
    x[i] = i % 5 + 1;
  }
  edge_write(N, u);
  row_write(N, 5, u, x);
  may_alias(N, u, u);
  late_write(N, u, v);
  shift(N, u, x);
  long s = 0;
  for (int i = 0; i < N; ++i)
    s += (long)(u[i] + 3 * v[i]) * (i % 7 + 1);
  printf("data-region-aliases checksum %ld u[7]=%d u[63]=%d\n", s, u[7],
         u[N - 1]);
  return 0;
}
