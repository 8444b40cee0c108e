// An array declared in the kernel that only one offloaded loop names (no
// initialiser, that loop in no other loop) is the device's alone: `map(alloc:
// z)`, never copied; the inner loops that touch it are proven apart like
// an array parameter's and go to a team's threads. An array that other code
// names, that is initialised, or that keeps its values across the
// iterations of a host loop leaves its loop on the host, with the reason.
// A host loop whose iterations would copy a growing section (rows 0 to k of
// step k) runs in one thread instead, so that its arrays cross once; one
// whose iterations copy disjoint rows stays on the host.
// RUN: %ownmap-rewrite --no-line-directives %s -- 2>%t.err | FileCheck %s --strict-whitespace
// RUN: FileCheck %s --check-prefix=REMARKS < %t.err
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: env "OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 OWNMAP_ELIDE=off" %compare-with-plugin %t.omp 2>%t.sum
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.sum
// RUN: %ownmap-rewrite %s -o %t.rw2.c --report=%t.report -- 2>/dev/null
// RUN: FileCheck %s --check-prefix=BYTES < %t.report
#include <ownmap.h>
#include <stdio.h>

#define N 16

// Levinson-Durbin's shape: step k reads y[0:k], builds z[0:k] from it, and
// copies z back into y.
OM_KERNEL void recurrence(int n, OM_IN const double r[n], OM_INOUT double y[n]) {
  double z[N];
  double alpha = -r[0], beta = 1.0, sum;
  y[0] = -r[0];
  for (int k = 1; k < n; k++) {
    beta = (1 - alpha * alpha) * beta;
    sum = 0.0;
    for (int i = 0; i < k; i++)
      sum += r[k - i - 1] * y[i];
    alpha = -(r[k] + sum) / beta;
    for (int i = 0; i < k; i++)
      z[i] = y[i] + alpha * y[k - i - 1];
    for (int i = 0; i < k; i++)
      y[i] = z[i];
    y[k] = alpha;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void recurrence(
// CHECK:       {{^}}  #pragma omp target private(sum) map(to: r[0:(n > 1 ? n : 0)]) map(tofrom: y[0:(n > 1 ? n : 0)]) map(alloc: z) map(tofrom: alpha) map(tofrom: beta){{$}}
// CHECK-NEXT:  {{^}}  for (int k = 1; k < n; k++) {{[{]$}}
// CHECK:       {{^}}    #pragma omp parallel for reduction(+: sum){{$}}
// CHECK:       {{^}}    #pragma omp parallel for{{$}}
// CHECK-NEXT:  {{^}}    for (int i = 0; i < k; i++){{$}}
// CHECK-NEXT:  {{^}}      z[i] = y[i] + alpha * y[k - i - 1];{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp parallel for{{$}}
// CHECK-NEXT:  {{^}}    for (int i = 0; i < k; i++){{$}}
// CHECK-NEXT:  {{^}}      y[i] = z[i];{{$}}
// REMARKS: local-arrays.c:[[#@LINE-23]]:3: remark: loop runs on the device in one thread, its inner loops on the threads of one team, which keeps its data there: possible loop-carried dependence: 'y'
// REMARKS-NOT: crosses

// The host reads the local array after the loop: the loop stays there.
OM_KERNEL void read_after(int n, OM_IN const double a[n], OM_OUT double out[n]) {
  double t[N];
  for (int i = 0; i < n; i++)
    t[i] = 2.0 * a[i];
  for (int i = 0; i < n; i++)
    out[i] = t[i] + t[n - 1 - i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void read_after(
// CHECK-NOT:   #pragma omp
// CHECK:       {{^}}}
// REMARKS: local-arrays.c:[[#@LINE-8]]:3: remark: loop stays on the host: 't', an array local to the kernel, is used outside the loop, at line [[#@LINE-5]]; only an array that one loop alone uses is given to the device
// REMARKS: local-arrays.c:[[#@LINE-7]]:3: remark: loop stays on the host: 't', an array local to the kernel, is used outside the loop, at line [[#@LINE-8]];

// Initialised where it is declared: the device would need those values.
OM_KERNEL void initialised(int n, OM_INOUT double a[n]) {
  double w[4] = {1, 2, 3, 4};
  for (int i = 0; i < n; i++)
    a[i] = a[i] * w[i % 4];
}
// REMARKS: local-arrays.c:[[#@LINE-3]]:3: remark: loop stays on the host: 'w', an array local to the kernel, is initialised where it is declared;

// Declared outside a host loop, the array keeps its values from one step
// to the next.
OM_KERNEL void across_steps(int steps, int n, OM_INOUT double a[n]) {
  double keep[N];
  for (int s = 1; s < steps; s *= 2) {
    for (int i = 0; i < n; i++)
      keep[i] = s == 1 ? a[i] : keep[i] + a[i];
    for (int i = 0; i < n; i++)
      a[i] = a[i] * 0.5 + 1.0;
  }
}
// REMARKS: local-arrays.c:[[#@LINE-7]]:3: remark: loop stays on the host, its inner loops are offloaded, launched in each of its iterations:
// REMARKS: local-arrays.c:[[#@LINE-7]]:5: remark: loop stays on the host: 'keep', an array local to the kernel, keeps its values from one iteration of the loop at line [[#@LINE-8]] to the next;

// Rows that move with the host loop's variable cross once in all: the
// host loop keeps its parallel rows.
OM_KERNEL void row_steps(int m, int n, OM_INOUT double a[m][n]) {
  for (int i = 1; i < m; i++)
    for (int j = 0; j < n; j++)
      a[i][j] += a[i - 1][j];
}
// CHECK-LABEL: {{^}}OM_KERNEL void row_steps(
// CHECK:       {{^}}    #pragma omp target teams distribute parallel for
// REMARKS: local-arrays.c:[[#@LINE-6]]:3: remark: loop stays on the host, its inner loops are offloaded, launched in each of its iterations: possible loop-carried dependence: 'a'

int main(void) {
  enum { M = 5 };
  double r[N], y[N], a[N], out[N], b[N], c[N], g[M][N];
  for (int i = 0; i < N; i++) {
    r[i] = 0.5 / (i + 2);
    a[i] = b[i] = c[i] = (i % 5) * 0.25 - 0.5;
    for (int j = 0; j < M; j++)
      g[j][i] = (i + j) % 3 * 0.5;
  }
  recurrence(N, r, y);
  read_after(N, a, out);
  initialised(N, b);
  across_steps(9, N, c);
  row_steps(M, N, g);
  double check = 0;
  for (int i = 0; i < N; i++) {
    check += y[i] * (i + 1) + out[i] + b[i] + c[i];
    for (int j = 0; j < M; j++)
      check += g[j][i];
  }
  printf("%.9g\n", check);
  return 0;
}
// The summary names no transfer of z.
// SUMMARY:      ownmap: transfer summary
// SUMMARY-NOT:  ownmap: z
// What a call moves, as formulas of the kernel's variables (z none at all;
// across_steps copies `a` back in each step of its host loop).
// BYTES: local-arrays.c:{{[0-9]+}}:16: note: kernel 'recurrence': a call moves at most 16 * n + 16 bytes to the device and 8 * n + 16 bytes back [ownmap.cost.bytes]
// BYTES: local-arrays.c:{{[0-9]+}}:16: note: kernel 'read_after': a call moves nothing between the host and the device [ownmap.cost.bytes]
// BYTES: local-arrays.c:{{[0-9]+}}:16: note: kernel 'across_steps': a call moves at most 8 * n bytes to the device and 8 * n bytes back; in every iteration of the host loop at line {{[0-9]+}}, nothing to the device and 8 * n bytes back [ownmap.cost.bytes]
