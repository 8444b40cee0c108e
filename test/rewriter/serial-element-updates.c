// A host loop whose own statements write elements that its offloaded
// loops then read (`y[i] = w` after a sum over the rows above) would send
// each element back to the device in every step, beside the region's copy
// of the array, and launch its loops once a step. When every loop in it
// that runs apart goes to a team's threads in a one-thread plan, the host
// loop runs on the device in one thread instead: the elements cross with
// their arrays, once. A loop in it that would lose its teams (a row loop
// inside) keeps the host loop.
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

// Clear y on the device, then substitute forward.
OM_KERNEL void substitute(int n, OM_IN double l[n][n], OM_IN double b[n],
                          OM_INOUT double y[n]) {
  double w;
  for (int i = 0; i < n; i++)
    y[i] = 0;
  for (int i = 0; i < n; i++) {
    w = b[i];
    for (int j = 0; j < i; j++)
      w -= l[i][j] * y[j];
    y[i] = w;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void substitute(
// CHECK-NOT:   target update
// CHECK:       {{^}}  #pragma omp target private(w) map(to: l[0:(n - 1 > 0 ? n : 0)]) map(to: b[0:n]) map(tofrom: y[0:n]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < n; i++) {{[{]$}}
// CHECK-NEXT:  {{^}}    w = b[i];{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp parallel for reduction(+: w){{$}}
// CHECK-NOT:   target update
// CHECK:       {{^}}}{{$}}
// REMARKS: serial-element-updates.c:[[#@LINE-15]]:3: remark: loop runs on the device in one thread, its inner loops on the threads of one team, which keeps its data there

// The same step, with a loop over rows and columns inside: in one thread
// its rows would lose their teams, so the host loop stays, and y[i] is
// sent back in each step.
OM_KERNEL void substitute_rows(int n, OM_IN double l[n][n], OM_IN double b[n],
                               OM_INOUT double y[n], OM_INOUT double g[n][n]) {
  double w;
  for (int i = 0; i < n; i++)
    y[i] = 0;
  for (int i = 0; i < n; i++) {
    w = b[i];
    for (int j = 0; j < i; j++)
      w -= l[i][j] * y[j];
    y[i] = w;
    for (int r = 0; r < n; r++)
      for (int c = 0; c < n; c++)
        g[r][c] += y[i] * l[r][c];
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void substitute_rows(
// CHECK:       {{^}}    #pragma omp target update to(y[i:1]){{$}}
// REMARKS: serial-element-updates.c:[[#@LINE-12]]:3: remark: loop stays on the host, its inner loops are offloaded

int main(void) {
  enum { N = 10 };
  static double l[N][N], b[N], y[N], z[N], g[N][N];
  for (int i = 0; i < N; i++) {
    b[i] = i + 0.5;
    for (int j = 0; j < N; j++)
      l[i][j] = (i + 2 * j) % 5 * 0.125;
  }
  substitute(N, l, b, y);
  substitute_rows(N, l, b, z, g);
  double check = 0;
  for (int i = 0; i < N; i++) {
    check += y[i] * (i + 1) + z[i];
    for (int j = 0; j < N; j++)
      check += g[i][j];
  }
  printf("%.6f\n", check);
  return 0;
}

// Each array of substitute crosses once: y in and out; w is private.
// substitute_rows sends y[i] back in each of its 10 steps.
// SUMMARY:      ownmap: transfer summary
// SUMMARY-NEXT: ownmap: variable
// SUMMARY-NEXT: ownmap: b[0:n] serial-element-updates.c:[[#SUB:]] 80 1 0 0
// SUMMARY-NEXT: ownmap: l[{{.*}}] serial-element-updates.c:[[#SUB]] 800 1 0 0
// SUMMARY-NEXT: ownmap: y[0:n] serial-element-updates.c:[[#SUB+1]] 80 1 80 1
// SUMMARY:      ownmap: y[i:1] {{.*}} 80 10 0 0
