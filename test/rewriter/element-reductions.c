// An inner loop that only combines one array element with values it never
// reaches, by one operator (`a[i][j] -= a[i][k] * a[j][k]`, `t[i][j] =
// MAX(t[i][j], ...)`), is a reduction: under a loop that runs on the device
// in one thread, the element gets a local for the loop, which the team's
// threads reduce, and is written back after it. It is refused when the loop
// reads the element otherwise, writes another element, changes the
// element's subscripts, or when the element, where the loop runs no
// iteration, is one the offloaded loop never reaches (it may not be mapped).
// RUN: %ownmap-rewrite --no-line-directives %s -- 2>%t.err | FileCheck %s --strict-whitespace
// RUN: FileCheck %s --check-prefix=REMARKS < %t.err
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: %ownmap-rewrite %t.rw.c -o %t.rw2.c -- 2>/dev/null
// RUN: diff %t.rw.c %t.rw2.c
#include <ownmap.h>
#include <stdio.h>

#define N 12
#define MAX(x, y) ((x >= y) ? x : y)

// A Cholesky factor's shape: row i's elements from the rows above.
OM_KERNEL void factor(int n, OM_INOUT double a[n][n]) {
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      for (int k = 0; k < j; k++)
        a[i][j] -= a[i][k] * a[j][k];
      a[i][j] /= a[j][j];
    }
    for (int k = 0; k < i; k++)
      a[i][i] = a[i][i] - a[i][k] * a[i][k];
  }
}
// CHECK-LABEL: void factor(
// CHECK:      #pragma omp target map(tofrom: a[0:n])
// CHECK-NEXT:   for (int i = 0; i < n; i++) {
// CHECK-NEXT:     for (int j = 0; j < i; j++) {
// CHECK-NEXT:       { double ownmap_acc_a = a[i][j];
// CHECK-NEXT:       #pragma omp parallel for reduction(+: ownmap_acc_a)
// CHECK-NEXT:       for (int k = 0; k < j; k++)
// CHECK-NEXT:         ownmap_acc_a -= a[i][k] * a[j][k];
// CHECK-NEXT:       a[i][j] = ownmap_acc_a; }
// CHECK-NEXT:       a[i][j] /= a[j][j];
// CHECK-NEXT:     }
// CHECK-NEXT:     { double ownmap_acc_a = a[i][i];
// CHECK-NEXT:     #pragma omp parallel for reduction(+: ownmap_acc_a)
// CHECK-NEXT:     for (int k = 0; k < i; k++)
// CHECK-NEXT:       ownmap_acc_a = ownmap_acc_a - a[i][k] * a[i][k];
// CHECK-NEXT:     a[i][i] = ownmap_acc_a; }
// REMARKS: element-reductions.c:[[@LINE-26]]:3: remark: loop runs on the device in one thread, its inner loops on the threads of one team, which keeps its data there: possible loop-carried dependence

// A folding score's shape: the best split of t[i][j], rows from the bottom
// up; the element is only updated under a condition before the loop, and
// the macro names it twice.
OM_KERNEL void fold(int n, OM_INOUT int t[n][n]) {
  for (int i = n - 1; i >= 0; i--)
    for (int j = i + 1; j < n; j++) {
      if (j > i + 1)
        t[i][j] = MAX(t[i][j], t[i][j - 1]);
      for (int k = i + 1; k < j; k++)
        t[i][j] = MAX(t[i][j], t[i][k] + t[k + 1][j]);
    }
}
// CHECK-LABEL: void fold(
// CHECK:            { int ownmap_acc_t = t[i][j];
// CHECK-NEXT:       #pragma omp parallel for reduction(max: ownmap_acc_t)
// CHECK-NEXT:       for (int k = i + 1; k < j; k++)
// CHECK-NEXT:         ownmap_acc_t = MAX(ownmap_acc_t, t[i][k] + t[k + 1][j]);
// CHECK-NEXT:       t[i][j] = ownmap_acc_t; }

// The loop reads the element besides updating it: no reduction, and a
// kernel none of whose loops runs apart stays on the host.
OM_KERNEL void reads_element(int n, OM_IN double l[n][n], OM_INOUT double x[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      x[i] -= l[i][j] * x[j] * x[i];
}
// CHECK-LABEL: void reads_element(
// CHECK-NOT:  ownmap_acc
// CHECK-NOT:  #pragma omp
// CHECK:      }
// REMARKS: element-reductions.c:[[@LINE-8]]:3: remark: loop stays on the host

// The loop writes another element of the array too: no reduction.
OM_KERNEL void writes_other(int n, OM_IN double l[n][n], OM_INOUT double x[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) {
      x[i] -= l[i][j] * x[j];
      x[j] *= 1.0;
    }
}
// CHECK-LABEL: void writes_other(
// CHECK-NOT:  ownmap_acc
// CHECK-NOT:  #pragma omp
// CHECK:      }
// REMARKS: element-reductions.c:[[@LINE-10]]:3: remark: loop stays on the host

// The element is named by a variable declared in the loop, which the
// local's declaration before the loop cannot name: no reduction.
OM_KERNEL void named_inside(int n, OM_IN double l[n][n], OM_INOUT double x[n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) {
      const int m = i;
      x[m] -= l[i][j] * x[j];
    }
}
// CHECK-LABEL: void named_inside(
// CHECK-NOT:  ownmap_acc
// CHECK-NOT:  #pragma omp
// CHECK:      }
// REMARKS: element-reductions.c:[[@LINE-10]]:3: remark: loop stays on the host

// Where the inner loop runs no iteration (i = 0), its element x[h] lies
// outside what the loop maps (x[0:h]): no reduction.
OM_KERNEL void unmapped(int h, OM_INOUT double x[h + 1]) {
  for (int i = 0; i < h; i++) {
    for (int k = 0; k < i; k++)
      x[h - i] += x[k] * 0.5;
    x[i] *= 0.5;
  }
}
// CHECK-LABEL: void unmapped(
// CHECK-NOT:  ownmap_acc
// CHECK-NOT:  #pragma omp
// CHECK:      }
// REMARKS: element-reductions.c:[[@LINE-10]]:3: remark: loop stays on the host

int main(void) {
  static double a[N][N], b[N][N], x[N], y[N];
  static int t[N][N];
  for (int i = 0; i < N; i++) {
    x[i] = y[i] = 0.25 * i;
    for (int j = 0; j < N; j++) {
      a[i][j] = i == j ? 64.0 : 0.125 * ((i + 2 * j) % 5);
      b[i][j] = a[i][j];
      t[i][j] = (3 * i + j) % 7;
    }
  }
  factor(N, a);
  fold(N, t);
  reads_element(N, b, x);
  writes_other(N, b, y);
  named_inside(N, b, x);
  unmapped(N - 1, y);
  double check = 0.0;
  long fsum = 0;
  for (int i = 0; i < N; i++) {
    check += x[i] + y[i];
    for (int j = 0; j < N; j++) {
      check += (a[i][j] + b[i][j]) * (i + 1) * (j + 1);
      fsum += t[i][j] * (i + j + 1);
    }
  }
  printf("%.6f %ld\n", check, fsum);
  return 0;
}
