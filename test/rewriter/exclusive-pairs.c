// Exclusivity pairs: two OM_OUT parameters are checked against each other
// once; OM_IN against OM_IN needs no check; a parameter the loop does not use
// is not checked. The rewritten code runs as the serial build does.
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void split(int n, OM_IN const int *a, OM_IN const int *b,
                     OM_OUT int *lo, OM_OUT int *hi, OM_INOUT int *unused) {
  for (int i = 0; i < n; ++i) {
    lo[i] = a[i] < b[i] ? a[i] : b[i];
    hi[i] = a[i] < b[i] ? b[i] : a[i];
  }
}
// CHECK:      {{^}}                     OM_OUT int *lo, OM_OUT int *hi, OM_INOUT int *unused) {{{$}}
// CHECK-NEXT: {{^}}  if (n > 0) ownmap_check_exclusive("split", "OM_OUT", "lo", lo, lo + n, "a", a, a + n);{{$}}
// CHECK-NEXT: {{^}}  if (n > 0) ownmap_check_exclusive("split", "OM_OUT", "hi", hi, hi + n, "a", a, a + n);{{$}}
// CHECK-NEXT: {{^}}  if (n > 0) ownmap_check_exclusive("split", "OM_OUT", "lo", lo, lo + n, "b", b, b + n);{{$}}
// CHECK-NEXT: {{^}}  if (n > 0) ownmap_check_exclusive("split", "OM_OUT", "hi", hi, hi + n, "b", b, b + n);{{$}}
// CHECK-NEXT: {{^}}  if (n > 0) ownmap_check_exclusive("split", "OM_OUT", "lo", lo, lo + n, "hi", hi, hi + n);{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(a, (n > 0 ? n : 0) * sizeof *a);{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(b, (n > 0 ? n : 0) * sizeof *b);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: a[0:(n > 0 ? n : 0)]) map(to: b[0:(n > 0 ? n : 0)]) map(from: lo[0:(n > 0 ? n : 0)]) map(from: hi[0:(n > 0 ? n : 0)]){{$}}

int main(void) {
  enum { N = 97 };
  static int a[N], b[N], lo[N], hi[N], u[1];
  for (int i = 0; i < N; ++i) {
    a[i] = (i * 7) % 13;
    b[i] = (i * 5) % 11;
  }
  split(N, a, b, lo, hi, u);
  long s = 0;
  for (int i = 0; i < N; ++i)
    s += lo[i] * 3 + hi[i] * (i % 4);
  printf("exclusive-pairs %ld\n", s);
  return 0;
}
