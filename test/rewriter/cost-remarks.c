// What a call moves beyond each array once in and once out is said where
// it is given up: a loop that stays on the host (with the dependence), and
// a section copied around host code in every iteration of a host loop.
// --cost-errors makes them errors and writes nothing.
// RUN: %ownmap-rewrite --no-line-directives %s -o %t.rw.c -- 2>&1 | FileCheck %s
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: not %ownmap-rewrite --cost-errors %s -o %t.none.c -- 2>&1 | FileCheck %s --check-prefix=ERRORS
// RUN: not test -e %t.none.c
#include <ownmap.h>
#include <stdio.h>

// Row i of L takes the rows above it: the i loop carries a dependence,
// its first j loop too (A[i][j] takes A[i][k], k < j); the second j loop
// is parallel.
OM_KERNEL void factor(int n, OM_INOUT double a[n][n]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        a[i][j] -= a[i][k] * a[k][j];
      a[i][j] /= a[j][j];
    }
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        a[i][j] -= a[i][k] * a[k][j];
  }
}
// CHECK: cost-remarks.c:18:3: remark: loop stays on the host, its inner loops are offloaded, launched in each of its iterations: possible loop-carried dependence: 'a' is written at 'a[i][j]' and accessed at 'a[i][k]'
// CHECK: cost-remarks.c:19:5: remark: loop stays on the host: possible loop-carried dependence: 'a' is written at 'a[i][j]' and accessed at 'a[i][k]'
// CHECK: cost-remarks.c:19:5: remark: 'a[0:n]' is copied from the device for host code that uses it, in every iteration of the host loop at line 18
// CHECK: cost-remarks.c:24:5: remark: 'a[0:n]' is copied back to the device after host code that uses it, in every iteration of the host loop at line 18

// ERRORS: cost-remarks.c:18:3: error: loop stays on the host, its inner loops are offloaded
// ERRORS: cost-remarks.c:19:5: error: loop stays on the host:
// ERRORS: cost-remarks.c:19:5: error: 'a[0:n]' is copied from the device
// ERRORS: cost-remarks.c:24:5: error: 'a[0:n]' is copied back to the device

// Host code that only reads an OM_IN array parameter (a[i][j]) needs no
// copy of it to the device; t[i], written on the host, crosses with each
// launch.
OM_KERNEL void sweep(int m, int n, OM_IN double a[m][n], OM_IN const double *x,
                     OM_INOUT double *y, OM_INOUT double *t) {
  for (int i = 0; i < m; i++) {
    t[i] = 0.0;
    for (int j = 0; j < n; j++)
      t[i] = t[i] + a[i][j] * x[j];
    for (int j = 0; j < n; j++)
      y[j] = y[j] + a[i][j] * t[i];
  }
}
// CHECK-NOT: remark: 'a[
// CHECK: cost-remarks.c:[[#@LINE-9]]:3: remark: loop stays on the host, its inner loops are offloaded
// CHECK: cost-remarks.c:[[#@LINE-8]]:5: remark: loop stays on the host: cannot prove that iterations write distinct elements of 't'
// CHECK-NOT: remark: 'a[
// CHECK: cost-remarks.c:[[#@LINE-8]]:5: remark: 't[i:(n > 0 ? 1 : 0)]' crosses at this loop's launch (map tofrom): no data region keeps it on the device, in every iteration of the host loop at line [[#@LINE-12]]
// CHECK-NOT: remark: 'a[

int main(void) {
  enum { N = 6 };
  static double a[N][N];
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      a[i][j] = (i == j ? N : 0) + 1.0 / (i + j + 1);
  factor(N, a);
  static double x[N], y[N], t[N];
  for (int i = 0; i < N; ++i)
    x[i] = i % 3;
  sweep(N, N, a, x, y, t);
  double sum = 0;
  for (int i = 0; i < N; ++i)
    sum += y[i] * (i + 1) + t[i];
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      sum += a[i][j] * (i + 2 * j + 1);
  printf("%.9f\n", sum);
  return 0;
}
