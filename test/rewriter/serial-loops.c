// A loop whose iterations depend on each other, in a kernel that offloads
// other loops, runs on the device in one thread (`target` over the loop),
// so that the arrays stay there; the scalars it writes go tofrom. A loop
// that is another's whole body gets braces for its directive; host loops
// each of which is the whole body of the next get one region around the
// outermost. (A kernel with nothing to run apart stays on the host:
// loop-errors.c.)
// RUN: %ownmap-rewrite --no-line-directives %s -- 2>%t.err | FileCheck %s --strict-whitespace
// RUN: FileCheck %s --check-prefix=REMARKS < %t.err
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: env "OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 OWNMAP_ELIDE=off" %compare-with-plugin %t.omp 2>%t.sum
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.sum
#include <ownmap.h>
#include <stdio.h>

// s = A^T r and q = A p: every row adds to all of s; q[i] is a sum over
// the columns, which the team's threads reduce (element-reductions.c).
OM_KERNEL void transposed(int n, int m, OM_IN double a[n][m], OM_OUT double s[m],
                          OM_OUT double q[n], OM_IN double p[m],
                          OM_IN double r[n]) {
  for (int j = 0; j < m; j++)
    s[j] = 0;
  for (int i = 0; i < n; i++) {
    q[i] = 0;
    for (int j = 0; j < m; j++) {
      s[j] = s[j] + r[i] * a[i][j];
      q[i] = q[i] + a[i][j] * p[j];
    }
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void transposed(
// CHECK:       {{^}}  #pragma omp target data map(from: s[0:m]){{$}}
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(from: s[0:m]){{$}}
// CHECK:       {{^}}  #pragma omp target map(to: a[0:(n > 0 ? n : 0)]) map(from: s[0:(n > 0 ? m : 0)]) map(from: q[0:(n > 0 ? n : 0)]) map(to: p[0:(n > 0 ? m : 0)]) map(to: r[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < n; i++) {{[{]$}}
// CHECK-NEXT:  {{^}}    q[i] = 0;{{$}}
// CHECK-NEXT:  {{^}}    { double ownmap_acc_q = q[i];{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp parallel for reduction(+: ownmap_acc_q){{$}}
// REMARKS: serial-loops.c:[[#@LINE-16]]:3: remark: loop runs on the device in one thread, its inner loops on the threads of one team, which keeps its data there: cannot prove that iterations write distinct elements of 's'

// A recursive filter along each row after a parallel scaling: the scalars
// carry the recursion and go back and forth with the loop.
OM_KERNEL void filter(int n, int m, double k, OM_INOUT double y[n][m]) {
  double prev = 0, last = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[i][j] *= k;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      y[i][j] = y[i][j] + 0.5 * prev;
      prev = y[i][j];
      last = prev;
    }
  y[0][0] += last;
}
// CHECK-LABEL: {{^}}OM_KERNEL void filter(
// CHECK:       {{^}}  #pragma omp target data map(tofrom: y[0:(n > 0) * n]){{$}}
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(tofrom: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK:       {{^}}  #pragma omp target map(tofrom: y[0:(n > 0 ? n : 0)]) map(tofrom: prev) map(tofrom: last){{$}}
// REMARKS: serial-loops.c:[[#@LINE-12]]:3: remark: loop runs on the device in one thread, which keeps its data there: scalar 'prev' is written in the loop

// Each row i takes rows below it (which later steps change) column by
// column: the rows run in order on the host, the columns apart. The column
// loop is the row loop's whole body: braces go around it and its directive.
OM_KERNEL void lower_product(int n, OM_IN double a[n][n], OM_INOUT double b[n][n]) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      for (int k = i + 1; k < n; k++)
        b[i][j] += a[k][i] * b[k][j];
      b[i][j] = 2.0 * b[i][j];
    }
}
// CHECK-LABEL: {{^}}OM_KERNEL void lower_product(
// CHECK:       {{^}}  #pragma omp target data map(to: a[0:(n > 0) * n]) map(tofrom: b[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}  {{[{]$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < n; i++){{$}}
// CHECK-NEXT:  {{^}}    {{[{]$}}
// CHECK-NEXT:  {{^}}    #pragma omp target teams distribute parallel for map(to: a[0:n]) map(tofrom: b[0:n]){{$}}
// CHECK-NEXT:  {{^}}    for (int j = 0; j < n; j++) {{[{]$}}
// CHECK:       {{^}}    }{{$}}
// CHECK-NEXT:  {{^}}    }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}}{{$}}
// REMARKS: serial-loops.c:[[#@LINE-18]]:3: remark: loop stays on the host, its inner loops are offloaded, launched in each of its iterations: possible loop-carried dependence: 'b'

// Two host loops, one the whole body of the other, around parallel loops
// that share a scratch row: one region around both, nothing copied per step.
OM_KERNEL void blocks(int nr, int nq, int np, OM_INOUT double a[nr][nq][np],
                      OM_IN double c[np][np], OM_INOUT double sum[np]) {
  for (int r = 0; r < nr; r++)
    for (int q = 0; q < nq; q++) {
      for (int p = 0; p < np; p++) {
        sum[p] = 0.0;
        for (int s = 0; s < np; s++)
          sum[p] += a[r][q][s] * c[s][p];
      }
      for (int p = 0; p < np; p++)
        a[r][q][p] = sum[p];
    }
}
// CHECK-LABEL: {{^}}OM_KERNEL void blocks(
// CHECK:       {{^}}  #pragma omp target data map(tofrom: a[0:(nr > 0) * nr]) map(to: c[0:np]) map(tofrom: sum[0:np]){{$}}
// CHECK-NEXT:  {{^}}  {{[{]$}}
// CHECK-NEXT:  {{^}}  for (int r = 0; r < nr; r++){{$}}
// REMARKS-NOT: crosses
// REMARKS-NOT: copied

// Forward substitution after a parallel scaling: the host would read l
// between launches (copying it whole each step), so the rows run in one
// thread on the device, each row's sum on the threads of its team.
OM_KERNEL void scale_then_solve(int n, OM_INOUT double l[n][n], OM_INOUT double x[n]) {
  double w;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      l[i][j] *= 0.5;
  for (int i = 0; i < n; i++) {
    w = x[i];
    for (int j = 0; j < i; j++)
      w -= l[i][j] * x[j];
    x[i] = w / l[i][i];
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void scale_then_solve(
// CHECK:       {{^}}  #pragma omp target data map(tofrom: l[0:n]){{$}}
// CHECK:       {{^}}  #pragma omp target private(w) map(tofrom: l[0:n]) map(tofrom: x[0:n]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < n; i++) {{[{]$}}
// CHECK-NEXT:  {{^}}    w = x[i];{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp parallel for reduction(+: w){{$}}
// REMARKS: serial-loops.c:[[#@LINE-13]]:3: remark: loop runs on the device in one thread, its inner loops on the threads of one team, which keeps its data there

// The plugin counts every copy the maps make: each array crosses once in
// and at most once out a call.
// SUMMARY:      ownmap: transfer summary
// SUMMARY-NEXT: ownmap: variable
// SUMMARY-NEXT: ownmap: a[0:(n > 0 ? n : 0)] {{.*}} 504 1 0 0
// SUMMARY-NEXT: ownmap: s[0:m] {{.*}} 0 0 56 1
// SUMMARY-NEXT: ownmap: p[{{.*}} 56 1 0 0
// SUMMARY-NEXT: ownmap: q[{{.*}} 0 0 72 1
// SUMMARY-NEXT: ownmap: r[{{.*}} 72 1 0 0
// SUMMARY-NEXT: ownmap: y[0:(n > 0) * n] {{.*}} 504 1 504 1
// SUMMARY-NEXT: ownmap: last {{.*}} 8 1 8 1
// SUMMARY-NEXT: ownmap: prev {{.*}} 8 1 8 1
// SUMMARY-NEXT: ownmap: a[0:(n > 0) * n] {{.*}} 648 1 0 0
// SUMMARY-NEXT: ownmap: b[0:(n > 0) * n] {{.*}} 648 1 648 1
// SUMMARY-NEXT: ownmap: a[0:(nr > 0) * nr] {{.*}} 480 1 480 1
// SUMMARY-NEXT: ownmap: c[0:np] {{.*}} 200 1 0 0
// SUMMARY-NEXT: ownmap: sum[0:np] {{.*}} 40 1 40 1
// SUMMARY-NEXT: ownmap: l[0:n] {{.*}} 648 1 648 1
// SUMMARY-NEXT: ownmap: x[0:n] {{.*}} 72 1 72 1
// SUMMARY-NEXT: ownmap: total 3888 13 2536 10

int main(void) {
  enum { N = 9, M = 7, R = 3, Q = 4, P = 5 };
  static double a[N][M], s[M], q[N], p[M], r[N], y[N][M];
  static double l[N][N], x[N], b[N], lb[N][N], bb[N][N];
  static double blk[R][Q][P], c[P][P], sum[P];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = y[i][j] = (i * 3 + j) % 7 - 3.0;
  for (int j = 0; j < M; j++)
    p[j] = j * 0.5;
  for (int i = 0; i < N; i++) {
    r[i] = 1.0 - i * 0.25;
    b[i] = i + 1.0;
    for (int j = 0; j < N; j++) {
      l[i][j] = i == j ? 2.0 : (i + j) % 3 * 0.125;
      lb[i][j] = (i * j) % 5 * 0.25;
      bb[i][j] = (i + 2 * j) % 4 - 1.5;
    }
  }
  for (int i = 0; i < R; i++)
    for (int j = 0; j < Q; j++)
      for (int k = 0; k < P; k++)
        blk[i][j][k] = (i + j * k) % 6 * 0.5;
  for (int i = 0; i < P; i++)
    for (int j = 0; j < P; j++)
      c[i][j] = (i == j) + 0.125 * j;
  transposed(N, M, a, s, q, p, r);
  filter(N, M, 0.75, y);
  lower_product(N, lb, bb);
  blocks(R, Q, P, blk, c, sum);
  scale_then_solve(N, lb, b);
  double check = 0;
  for (int i = 0; i < N; i++) {
    check += q[i] + x[i];
    for (int j = 0; j < M; j++)
      check += y[i][j] * (j + 1);
    for (int j = 0; j < N; j++)
      check += bb[i][j] * (i + 1);
  }
  for (int j = 0; j < M; j++)
    check += s[j];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < Q; j++)
      for (int k = 0; k < P; k++)
        check += blk[i][j][k];
  printf("serial-loops checksum %.6f\n", check);
  return 0;
}
