// Where a data region would be wrong, the loops keep their own maps: OM_OUT
// data that host code reads between the loops, a declaration between them,
// sections over a scalar the host changes, loops in different blocks.
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

// z is OM_OUT and the host reads it between the loops: the region does not
// carry it (its loops copy it back themselves); x still stays on the device.
OM_KERNEL void host_reads_out(int n, OM_IN const int *x, OM_OUT int *z) {
  for (int i = 0; i < n; ++i)
    z[i] = x[i] + 1;
  printf("z[0]=%d\n", z[0]);
  for (int i = 0; i < n; ++i)
    z[i] = 3 * x[i];
}

// A declaration between the loops would end its scope at the region's
// brace: no region.
OM_KERNEL void declares(int n, OM_IN const int *x, OM_INOUT int *y) {
  for (int i = 0; i < n; ++i)
    y[i] += x[i];
  int k = 3;
  for (int i = 0; i < n; ++i)
    y[i] += k * x[i];
}

// The host changes m, which every section mentions: a region entered with
// the old m would not cover the new sections, so the loops keep their maps.
OM_KERNEL void shrinks(int n, int m, OM_IN const int *x, OM_INOUT int *y) {
  for (int i = 0; i < m; ++i)
    y[i] += x[i];
  m = m / 2;
  for (int i = 0; i < m; ++i)
    y[i] += x[i];
}

// Loops in different blocks: no region.
OM_KERNEL void branches(int n, int c, OM_IN const int *x, OM_INOUT int *y) {
  if (c) {
    for (int i = 0; i < n; ++i)
      y[i] += x[i];
  }
  for (int i = 0; i < n; ++i)
    y[i] -= x[i] / 2;
}
// CHECK-LABEL: {{^}}OM_KERNEL void host_reads_out(
// CHECK-NEXT:  {{^}}  if (n > 0) ownmap_check_exclusive("host_reads_out", "OM_OUT", "z", z, z + n, "x", x, x + n);{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target data map(to: x[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}  {{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(from: z[0:(n > 0 ? n : 0)]){{$}}
// CHECK:       {{^}}  printf("z[0]=%d\n", z[0]);{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(from: z[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT:  {{^}}    z[i] = 3 * x[i];{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}}{{$}}
// CHECK-LABEL: {{^}}OM_KERNEL void declares(
// CHECK-NOT:   {{^}}  #pragma omp target data
// CHECK-LABEL: {{^}}OM_KERNEL void shrinks(
// CHECK-NOT:   {{^}}  #pragma omp target data
// CHECK-LABEL: {{^}}OM_KERNEL void branches(
// CHECK-NOT:   {{^ *}}#pragma omp target data
// CHECK-LABEL: {{^}}int main(void) {

int main(void) {
  enum { N = 300 };
  static int x[N], y[N], z[N];
  for (int i = 0; i < N; ++i) {
    x[i] = i % 11;
    y[i] = i % 6;
  }
  host_reads_out(N, x, z);
  declares(N, x, y);
  shrinks(N, N, x, y);
  branches(N, 1, x, y);
  branches(N, 0, x, y);
  long s = 0;
  for (int i = 0; i < N; ++i)
    s += (long)(y[i] + 2 * z[i]) * (i % 7 + 1);
  printf("data-region-limits checksum %ld\n", s);
  return 0;
}
