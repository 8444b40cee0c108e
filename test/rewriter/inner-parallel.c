// A row loop whose body is column loops, or loops of column loops: the
// rows go to teams and each column loop whose iterations are independent
// to the threads of a team, as GPU ports of such kernels do. The index of
// a loop inside it declared outside is private to each thread. A column
// loop that accumulates into a variable from outside it, or whose
// iterations depend on each other, stays serial in its row.
// RUN: %ownmap-rewrite --no-line-directives %s -- 2>%t.err | FileCheck %s --strict-whitespace
// RUN: count 0 < %t.err
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

// c = beta * c + a * b, row by row.
OM_KERNEL void product(int n, int m, int p, double beta, OM_INOUT double c[n][m],
                       OM_IN double a[n][p], OM_IN double b[p][m]) {
  int i, j, k, l;
  for (i = 0; i < n; i++) {
    for (j = 0; j < m; j++)
      c[i][j] *= beta;
    for (k = 0; k < p; k++)
      for (j = 0; j < m; j++)
        c[i][j] += a[i][k] * b[k][j];
    for (j = 0; j < m; j++)
      for (l = 0; l < 2; l++)
        c[i][j] += 0.5;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void product(
// CHECK:       {{^}}  #pragma omp target teams distribute private(j, k, l) map(tofrom: c[0:(n > 0 ? n : 0)]) map(to: a[0:(n > 0 ? n : 0)]) map(to: b[0:(n > 0 ? p : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (i = 0; i < n; i++) {{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp parallel for{{$}}
// CHECK-NEXT:  {{^}}    for (j = 0; j < m; j++){{$}}
// CHECK:       {{^}}    for (k = 0; k < p; k++){{$}}
// CHECK-NEXT:  {{^}}      #pragma omp parallel for{{$}}
// CHECK-NEXT:  {{^}}      for (j = 0; j < m; j++){{$}}
// CHECK:       {{^}}    #pragma omp parallel for private(l){{$}}
// CHECK-NEXT:  {{^}}    for (j = 0; j < m; j++){{$}}

// Each row's sum is a scalar from outside the column loop, and the prefix
// loop carries a dependence along the row: both stay serial in the row.
OM_KERNEL void rows(int n, int m, OM_IN double a[n][m], OM_OUT double *sum,
                    OM_INOUT double x[n][m]) {
  for (int i = 0; i < n; i++) {
    double s = 0.0;
    for (int j = 0; j < m; j++)
      s += a[i][j];
    sum[i] = s;
    for (int j = 1; j < m; j++)
      x[i][j] += x[i][j - 1];
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void rows(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: a[0:
// CHECK-NOT:   #pragma omp parallel for
// CHECK:       {{^}}}{{$}}

int main(void) {
  enum { N = 9, M = 7, P = 5 };
  static double c[N][M], a[N][P], b[P][M], x[N][M], a2[N][M], sum[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      c[i][j] = (i + j) % 4;
      x[i][j] = (i * j) % 3;
      a2[i][j] = (i + 2 * j) % 5;
    }
  for (int i = 0; i < N; i++)
    for (int k = 0; k < P; k++)
      a[i][k] = (i + k) % 3 - 1;
  for (int k = 0; k < P; k++)
    for (int j = 0; j < M; j++)
      b[k][j] = (k * j) % 4;
  product(N, M, P, 0.5, c, a, b);
  rows(N, M, a2, sum, x);
  double check = 0;
  for (int i = 0; i < N; i++) {
    check += sum[i] * (i + 1);
    for (int j = 0; j < M; j++)
      check += c[i][j] * (i + 1) + x[i][j] * (j + 1);
  }
  printf("%.3f\n", check);
  return 0;
}
