// OM_LEN: x is read through an index array, so its subscripts do not bound
// it; the annotation gives the section x[0:m]. idx[i] still bounds idx.
// Nested loops: only the outermost loop is offloaded, and the inner loop's
// variables stay private to an iteration; the linearised subscript
// a[r * cols + c] over the inner loop's range bounds a exactly, so the
// inferred section replaces OM_LEN(rows * cols).
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void gather(int n, int m, OM_IN OM_LEN(m) const float *x,
                      OM_IN const int *idx, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = x[idx[i]];
}
// CHECK:      {{^}}OM_KERNEL void gather(int n, int m, OM_IN OM_LEN(m) const float *x,{{$}}
// CHECK-NEXT: {{^}}                      OM_IN const int *idx, OM_OUT float *y) {
// CHECK-NEXT: {{^}}  if (n > 0 && m > 0) ownmap_check_exclusive("gather", "OM_OUT", "y", y, y + n, "x", x, x + m);{{$}}
// CHECK-NEXT: {{^}}  if (n > 0) ownmap_check_exclusive("gather", "OM_OUT", "y", y, y + n, "idx", idx, idx + n);{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(x, m * sizeof *x);{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(idx, (n > 0 ? n : 0) * sizeof *idx);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:m]) map(to: idx[0:(n > 0 ? n : 0)]) map(from: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i){{$}}

OM_KERNEL void row_sums(int rows, int cols, const long *a OM_IN OM_LEN(rows * cols),
                        long *sums OM_OUT) {
  for (int r = 0; r < rows; ++r) {
    long acc = 0;
    for (int c = 0; c < cols; ++c)
      acc += a[r * cols + c];
    sums[r] = acc;
  }
}
// CHECK:      {{^}}                        long *sums OM_OUT) {
// CHECK-NEXT: {{^}}  if (rows > 0 && cols > 0) ownmap_check_exclusive("row_sums", "OM_OUT", "sums", sums, sums + rows, "a", a, a + (cols * rows));{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(a, (rows > 0 && cols > 0 ? cols * rows : 0) * sizeof *a);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: a[0:(rows > 0 && cols > 0 ? cols * rows : 0)]) map(from: sums[0:(rows > 0 ? rows : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int r = 0; r < rows; ++r) {
// CHECK-NEXT: {{^}}    long acc = 0;{{$}}
// CHECK-NEXT: {{^}}    for (int c = 0; c < cols; ++c){{$}}

int main(void) {
  enum { N = 500, M = 97, R = 40, C = 33 };
  static float x[M], y[N];
  static int idx[N];
  static long a[R * C], sums[R];
  for (int i = 0; i < M; ++i)
    x[i] = (float)(i * 3 % 11);
  for (int i = 0; i < N; ++i)
    idx[i] = (i * 37) % M;
  for (int i = 0; i < R * C; ++i)
    a[i] = i % 29 - 14;
  gather(N, M, x, idx, y);
  row_sums(R, C, a, sums);
  double sy = 0;
  long ss = 0;
  for (int i = 0; i < N; ++i)
    sy += y[i] * (i % 4 + 1);
  for (int r = 0; r < R; ++r)
    ss += sums[r] * (r + 1);
  printf("len checksums %.1f %ld\n", sy, ss);
  return 0;
}
