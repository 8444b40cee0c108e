// Statements of a kernel's body that hold offloaded loops, host loops
// among them, get one region that keeps each array two of them map whole:
// it crosses once a call. The exclusivity checks of its arrays go before
// it. Host code between them that names a kept array ends the span. A loop
// that is a host loop's whole body gets braces for its directive.
// RUN: %ownmap-rewrite --no-line-directives %s -- 2>%t.err | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: env "OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 OWNMAP_ELIDE=off" %compare-with-plugin %t.omp 2>%t.sum
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.sum
#include <ownmap.h>
#include <stdio.h>

// Clear y, then add every row of a to it: the row loop stays on the host.
OM_KERNEL void column_sums(int n, int m, OM_IN double a[n][m], OM_INOUT double y[m]) {
  for (int j = 0; j < m; j++)
    y[j] = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[j] += a[i][j];
}
// CHECK-LABEL: {{^}}OM_KERNEL void column_sums(
// CHECK-NEXT:  {{^}}  #pragma omp target data map(tofrom: y[0:m]){{$}}
// CHECK-NEXT:  {{^}}  {{[{]$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for map(tofrom: y[0:m]){{$}}

// Factorisation, then a substitution in one thread: a crosses once.
OM_KERNEL void factor_then_solve(int n, OM_INOUT double a[n][n], OM_INOUT double x[n]) {
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      a[j][i] /= a[i][i];
      for (int k = i + 1; k < n; k++)
        a[j][k] -= a[j][i] * a[i][k];
    }
  for (int i = 1; i < n; i++)
    for (int j = 0; j < i; j++)
      x[i] -= a[i][j] * x[j];
}
// CHECK-LABEL: {{^}}OM_KERNEL void factor_then_solve(
// CHECK-NEXT:  {{^}}  if (n - 1 > 0) ownmap_check_exclusive("factor_then_solve", "OM_INOUT", "a", a + 1, a + n, "x", x, x + n);{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target data map(tofrom: a[0:n]){{$}}
// CHECK-NEXT:  {{^}}  {{[{]$}}
// CHECK-NEXT:  {{^}}  #pragma omp target data map(tofrom: a[0:(n > 0) * n]){{$}}

// Host code between the loops reads a kept array: no span.
OM_KERNEL double read_between(int n, OM_INOUT double a[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      a[j][i] += a[i][i];
  double corner = a[0][0];
  for (int i = 1; i < n; i++)
    for (int j = 0; j < i; j++)
      a[i][j] -= a[i - 1][j];
  return corner;
}
// CHECK-LABEL: {{^}}OM_KERNEL double read_between(
// CHECK-NOT:   {{^}}  #pragma omp target data
// CHECK:       {{^}}  double corner = a[0][0];{{$}}

// A host loop that swaps its buffers moves the pointers: no span keeps
// them, each crosses at the clearing loop and at the host loop's region.
OM_KERNEL void swap_steps(int n, int steps, OM_INOUT OM_LEN(n) double *u,
                          OM_INOUT OM_LEN(n) double *v) {
  for (int i = 0; i < n; i++)
    v[i] = 0;
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      v[i] = 0.5 * (u[i - 1] + u[i + 1]);
    double *w = u;
    u = v;
    v = w;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void swap_steps(
// CHECK-NOT:   {{^}}  #pragma omp target data map(tofrom: v[0:n]){{$}}
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(tofrom: v[0:(n > 0 ? n : 0)]){{$}}

// Each array crosses once a call, but read_between's twice (once a region).
// SUMMARY:      ownmap: transfer summary
// SUMMARY-NEXT: ownmap: variable
// SUMMARY-NEXT: ownmap: a[0:n] {{.*}} 280 1 0 0
// SUMMARY-NEXT: ownmap: y[0:m] {{.*}} 56 1 56 1
// SUMMARY-NEXT: ownmap: a[0:n] {{.*}} 288 1 288 1
// SUMMARY-NEXT: ownmap: x[0:(n - 1 > 0 ? n : 0)] {{.*}} 48 1 48 1
// SUMMARY-NEXT: ownmap: a[0:(n - 1 > 0 ? n : 0)] {{.*}} 288 1 288 1
// SUMMARY-NEXT: ownmap: a[0:(n > 0) * n] {{.*}} 288 1 288 1

int main(void) {
  enum { N = 6, M = 7 };
  static double a[5][M], y[M], f[N][N], x[N], g[N][N];
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = (i * 3 + j) % 5 - 1.5;
  for (int i = 0; i < N; i++) {
    x[i] = i + 1.0;
    for (int j = 0; j < N; j++) {
      f[i][j] = (i == j ? 4.0 : 0.0) + (double)((i + 2 * j) % 3) / 4.0;
      g[i][j] = (i * j) % 4 + 1.0;
    }
  }
  column_sums(5, M, a, y);
  factor_then_solve(N, f, x);
  double corner = read_between(N, g);
  static double su[M], sv[M];
  for (int i = 0; i < M; i++)
    su[i] = i % 3;
  swap_steps(M, 3, su, sv);
  for (int i = 0; i < M; i++)
    corner += su[i] * (i + 1) + sv[i];
  double check = corner;
  for (int j = 0; j < M; j++)
    check += y[j] * (j + 1);
  for (int i = 0; i < N; i++) {
    check += x[i];
    for (int j = 0; j < N; j++)
      check += f[i][j] * (i + 1) + g[i][j] * (j + 2);
  }
  printf("span-regions checksum %.6f\n", check);
  return 0;
}
