// Exclusivity: OM_INOUT / OM_OUT must not overlap another pointer parameter.
// Parameters that are not both restrict-qualified get one run-time check per
// pair, on one line before the directive, over the sections the loop maps.
// Disjoint arrays run as the serial build does; overlapping ones abort with
// a message naming both parameters; loops that run zero times check nothing.
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: not --crash %t.omp overlap > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=ABORT < %t.err
// RUN: not --crash %t.omp overlap-out > /dev/null 2> %t.err2
// RUN: FileCheck %s --check-prefix=ABORT-OUT < %t.err2
#include <ownmap.h>
#include <stdio.h>
#include <string.h>

OM_KERNEL void shift(int n, OM_IN const int *x, OM_INOUT int *y,
                     OM_OUT int *z) {
  for (int i = 1; i < n - 1; ++i) {
    y[i] = y[i] + x[i - 1] + x[i + 1];
    z[i] = 2 * x[i];
  }
}
// CHECK:      {{^}}                     OM_OUT int *z) {{{$}}
// CHECK-NEXT: {{^}}  if (n - 1 > 1) ownmap_check_exclusive("shift", "OM_INOUT", "y", y + 1, y + (n - 1), "x", x, x + n);{{$}}
// CHECK-NEXT: {{^}}  if (n - 1 > 1) ownmap_check_exclusive("shift", "OM_OUT", "z", z + 1, z + (n - 1), "x", x, x + n);{{$}}
// CHECK-NEXT: {{^}}  if (n - 1 > 1) ownmap_check_exclusive("shift", "OM_INOUT", "y", y + 1, y + (n - 1), "z", z + 1, z + (n - 1));{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(x, (n - 1 > 1 ? n : 0) * sizeof *x);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n - 1 > 1 ? n : 0)]) map(tofrom: y[1:(n - 1 > 1 ? n - 2 : 0)]) map(from: z[1:(n - 1 > 1 ? n - 2 : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 1; i < n - 1; ++i) {{{$}}

// ABORT: ownmap: error: kernel 'shift': OM_INOUT 'y' [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) overlaps 'x' [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}); pass distinct arrays, or access both through one OM_INOUT parameter
// ABORT-OUT: ownmap: error: kernel 'shift': OM_OUT 'z' [{{.*}}) overlaps 'x' [{{.*}}); pass distinct arrays

// Where the loops may run zero times the check runs only where they run: with
// m = n = -2 the unguarded ranges [y, y + m * n) would be four elements long
// and the same array passed twice would stop a program that copies nothing.
OM_KERNEL void scale_block(int m, int n, OM_IN const int *x, OM_OUT int *y) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      y[i * n + j] = 2 * x[i * n + j];
}
// CHECK:      {{^}}OM_KERNEL void scale_block(int m, int n, OM_IN const int *x, OM_OUT int *y) {{{$}}
// CHECK-NEXT: {{^}}  if (m > 0 && n > 0) ownmap_check_exclusive("scale_block", "OM_OUT", "y", y, y + (m * n), "x", x, x + (m * n));{{$}}

int main(int argc, char **argv) {
  enum { N = 64 };
  static int a[2 * N], y[N], z[N];
  for (int i = 0; i < 2 * N; ++i)
    a[i] = i % 11;
  if (argc > 1 && !strcmp(argv[1], "overlap"))
    shift(N, a, a + N / 2, z); // y's [1, N-1) meets x's [0, N)
  else if (argc > 1)
    shift(N, a, y, a + N - 2); // z's elements 1 and 2 are x's N-1 and N
  // Adjacent but disjoint: x is a[0, N), y is a[N, 2N).
  shift(N, a, a + N, z);
  scale_block(-2, -2, a, a); // runs zero times: no overlap to report
  long s = 0;
  for (int i = 0; i < 2 * N; ++i)
    s += (long)a[i] * (i % 5 + 1);
  for (int i = 1; i < N - 1; ++i)
    s += z[i];
  printf("exclusive-overlap %ld\n", s);
  return 0;
}
