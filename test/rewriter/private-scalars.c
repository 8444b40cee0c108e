// A scalar declared outside a loop that every iteration assigns before it
// reads it is private to each iteration, when nothing after the loop reads
// the value it leaves: assigned first again by a later loop, or only
// assigned. A read after the loop, a write on one branch only, or a read
// before the write keeps the loop serial.
// RUN: %ownmap-rewrite --no-line-directives %s -- 2>%t.err | FileCheck %s --strict-whitespace
// RUN: FileCheck %s --check-prefix=REMARKS < %t.err
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

// Two sweeps share their running scalars; each row starts them again.
OM_KERNEL void sweeps(int n, int m, OM_IN double x[n][m], OM_OUT double y[n][m],
                      OM_OUT double z[n][m]) {
  double prev, acc;
  for (int i = 0; i < n; i++) {
    prev = 0.0;
    acc = x[i][0];
    for (int j = 0; j < m; j++) {
      y[i][j] = x[i][j] + 0.5 * prev + acc;
      prev = y[i][j];
    }
  }
  for (int i = 0; i < n; i++) {
    prev = 1.0;
    for (int j = m - 1; j >= 0; j--) {
      z[i][j] = x[i][j] - 0.25 * prev;
      prev = z[i][j];
    }
  }
  acc = 0;
}
// CHECK-LABEL: {{^}}OM_KERNEL void sweeps(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for private(prev, acc) map(to: x[0:(n > 0 ? n : 0)]) map(from: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for private(prev) map(to: x[0:(n > 0 ? n : 0)]) map(from: z[0:(n > 0 ? n : 0)]){{$}}

// The last row's value is returned: the rows keep their order on the host,
// each row's sum a reduction on the device.
OM_KERNEL double last_row(int n, int m, OM_IN double x[n][m], OM_OUT double y[n]) {
  double w = 0;
  for (int i = 0; i < n; i++) {
    w = x[i][0];
    for (int j = 1; j < m; j++)
      w += x[i][j];
    y[i] = w;
  }
  return w;
}
// CHECK-LABEL: {{^}}OM_KERNEL double last_row(
// CHECK:       {{^}}    #pragma omp target teams distribute parallel for map(to: x[i:(m > 1 ? 1 : 0)]) map(tofrom: w) reduction(+: w){{$}}
// CHECK:       {{^}}  return w;
// REMARKS: private-scalars.c:[[#@LINE-11]]:3: remark: loop stays on the host, its inner loops are offloaded, launched in each of its iterations: scalar 'w' is written in the loop

// Written on one branch only: a row may read the previous row's value.
OM_KERNEL void one_branch(int n, OM_IN double x[n], OM_OUT double y[n]) {
  double keep = 0;
  for (int i = 0; i < n; i++) {
    if (x[i] > 0)
      keep = x[i];
    y[i] = keep;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void one_branch(
// CHECK-NOT:   {{^ *}}#pragma omp
// REMARKS: private-scalars.c:[[#@LINE-8]]:3: remark: loop stays on the host: scalar 'keep' is written in the loop

int main(void) {
  enum { N = 6, M = 5 };
  static double x[N][M], y[N][M], z[N][M], v[N], w[N];
  for (int i = 0; i < N; i++) {
    v[i] = (i % 3) - 1.0;
    for (int j = 0; j < M; j++)
      x[i][j] = (i * 7 + j * 3) % 11 * 0.25 - 1.0;
  }
  sweeps(N, M, x, y, z);
  double last = last_row(N, M, x, w);
  one_branch(N, v, w);
  double check = last;
  for (int i = 0; i < N; i++) {
    check += w[i] * (i + 1);
    for (int j = 0; j < M; j++)
      check += y[i][j] * (j + 1) + z[i][j] * (i + 2);
  }
  printf("private-scalars checksum %.6f\n", check);
  return 0;
}
