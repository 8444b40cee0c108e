// Loops whose iterations are independent although no single subscript
// keeps them apart: isl compares every pair of accesses (AffineConflicts.h).
// A symmetric update writes c[i][j] and c[j][i] from one iteration of a
// triangular nest; a row is read while the iteration writes another; a
// strided sweep reads the odd elements it never writes. Where a pair may
// meet, the loop is still refused.
// RUN: %ownmap-rewrite --no-line-directives %s -- 2>%t.err | FileCheck %s --strict-whitespace
// RUN: count 0 < %t.err
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: not %ownmap-rewrite --cost-errors %s -- -DCONFLICT 2>&1 | FileCheck %s --check-prefix=CONFLICT
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void gram(int m, int n, OM_IN const double data[n][m],
                    OM_INOUT double cov[m][m]) {
  for (int i = 0; i < m; i++)
    for (int j = i; j < m; j++) {
      cov[i][j] = 0.0;
      for (int k = 0; k < n; k++)
        cov[i][j] += data[k][i] * data[k][j];
      cov[j][i] = cov[i][j];
    }
}
// No run-time check: j in [i, m) and i in [0, m) stay within [0, m).
// CHECK-LABEL: {{^}}OM_KERNEL void gram(
// CHECK-NOT:   ownmap_check_extents
// CHECK:       {{^}}  #pragma omp target teams distribute map(to: data[0:(n > 0 ? n : 0)]) map(tofrom: cov[0:m]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < m; i++){{$}}
// CHECK-NEXT:  {{^}}    #pragma omp parallel for{{$}}

OM_KERNEL void next_row(int m, int n, OM_INOUT double a[m][n]) {
  for (int i = 0; i < m / 2; i++)
    for (int j = 0; j < n; j++)
      a[2 * i][j] += a[2 * i + 1][j];
}
// CHECK-LABEL: {{^}}OM_KERNEL void next_row(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:((m / 2) > 0 ? 2 * (m / 2) : 0)]){{$}}

OM_KERNEL void odd_into_even(int n, OM_INOUT double *x) {
  for (int i = 0; i < n; i += 2)
    x[i] = x[i] + x[i + 1];
}
// CHECK-LABEL: {{^}}OM_KERNEL void odd_into_even(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(tofrom: x[0:(n > 0 ? 2 * ((n - 1) / 2) + 2 : 0)]){{$}}

#ifdef CONFLICT
// Iteration i writes a[i][j] and reads a[j][i], which iteration j writes.
OM_KERNEL void transpose_in_place(int n, OM_INOUT double a[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = a[j][i] + 1.0;
}
// CONFLICT: isl-independence.c:[[#@LINE-4]]:3: error: loop stays on the host, its inner loops are offloaded, launched in each of its iterations: possible loop-carried dependence: 'a'
#endif

int main(void) {
  enum { M = 5, N = 7 };
  static double data[N][M], cov[M][M], a[6][N], x[2 * N + 1];
  for (int k = 0; k < N; ++k)
    for (int i = 0; i < M; ++i)
      data[k][i] = (k * 3 + i) % 5 - 2.0;
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < N; ++j)
      a[i][j] = i * 10 + j;
  for (int i = 0; i < 2 * N + 1; ++i)
    x[i] = i * 0.5;
  gram(M, N, data, cov);
  next_row(6, N, a);
  odd_into_even(2 * N, x);
  double sum = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < M; ++j)
      sum += cov[i][j] * (i + 2 * j + 1);
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < N; ++j)
      sum += a[i][j] * (i + 1);
  for (int i = 0; i < 2 * N + 1; ++i)
    sum += x[i] * (i + 1);
  printf("%.6f\n", sum);
  return 0;
}
