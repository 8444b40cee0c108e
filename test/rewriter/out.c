// OM_OUT: y is only written, so it is copied back but never sent.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void square(int n, OM_IN const int *x, OM_OUT int *y) {
  for (int i = 0; i < n; i++) {
    int v = x[i];
    y[i] = v * v;
    y[i] = y[i] + 1; // read back after the write: fine for OM_OUT
  }
}
// CHECK:      {{^}}OM_KERNEL void square(int n, OM_IN const int *x, OM_OUT int *y) {
// CHECK-NEXT: {{^}}  if (n > 0) ownmap_check_exclusive("square", "OM_OUT", "y", y, y + n, "x", x, x + n);{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(x, (n > 0 ? n : 0) * sizeof *x);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(from: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; i++) {

int main(void) {
  enum { N = 4096 };
  static int x[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = i % 101 - 50;
    y[i] = -7; // overwritten by the kernel
  }
  square(N, x, y);
  long sum = 0;
  for (int i = 0; i < N; ++i)
    sum += (long)y[i] * (i % 3 + 1);
  printf("out checksum %ld y[17]=%d\n", sum, y[17]);
  return 0;
}
