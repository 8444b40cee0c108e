// OM_SCRATCH: t is device-only working memory: map(alloc:), never copied.
// It owns its elements like an exclusive borrow: a run-time check stops a
// call whose scratch overlaps another mapped array.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: not --crash %t.omp overlap > /dev/null 2> %t.err
// RUN: FileCheck %s --check-prefix=ABORT < %t.err
// ABORT: ownmap: error: kernel 'poly': OM_SCRATCH 't' [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) overlaps 'x' [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}); pass distinct arrays
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void poly(int n, OM_IN const double *x, OM_SCRATCH double *t,
                    OM_OUT double *y) {
  for (int i = 0; i < n; ++i) {
    t[i] = x[i] * x[i];
    y[i] = t[i] * x[i] + t[i];
  }
}
// CHECK:      {{^}}OM_KERNEL void poly(int n, OM_IN const double *x, OM_SCRATCH double *t,{{$}}
// CHECK-NEXT: {{^}}                    OM_OUT double *y) {
// CHECK-NEXT: {{^}}  if (n > 0) ownmap_check_exclusive("poly", "OM_SCRATCH", "t", t, t + n, "x", x, x + n);{{$}}
// CHECK-NEXT: {{^}}  if (n > 0) ownmap_check_exclusive("poly", "OM_OUT", "y", y, y + n, "x", x, x + n);{{$}}
// CHECK-NEXT: {{^}}  if (n > 0) ownmap_check_exclusive("poly", "OM_SCRATCH", "t", t, t + n, "y", y, y + n);{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(x, (n > 0 ? n : 0) * sizeof *x);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(alloc: t[0:(n > 0 ? n : 0)]) map(from: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i) {

int main(int argc, char **argv) {
  enum { N = 2000 };
  static double x[N], t[N], y[N];
  for (int i = 0; i < N; ++i)
    x[i] = i % 13 - 6;
  (void)argv;
  if (argc > 1) // "overlap": the scratch is the second quarter of x
    poly(N / 2, x, x + N / 4, y);
  poly(N, x, t, y);
  double sum = 0;
  for (int i = 0; i < N; ++i)
    sum += y[i];
  printf("scratch checksum %.1f y[5]=%.1f\n", sum, y[5]);
  return 0;
}
