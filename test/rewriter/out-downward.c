// OM_OUT written downward: `y[n - 1 - i]` over i in [0, n) writes every
// element of y[0:n], as `y[i]` does, so it maps `from` and copies nothing
// in (it was refused as "does not write every element"). A downward write
// with gaps still is refused. An outer index may count down by a symbolic
// stride too (`y[(m - 1 - i) * n + j]`, rows in reverse order).
// RUN: %ownmap-rewrite --no-line-directives %s -- -DACCEPTED_ONLY | FileCheck %s --strict-whitespace
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %ownmap-rewrite %s -o %t.rw.c -- -DACCEPTED_ONLY
// RUN: %clang-offload -DACCEPTED_ONLY %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial -DACCEPTED_ONLY %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void reverse(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[n - 1 - i] = x[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void reverse(
// CHECK:       map(to: x[0:(n > 0 ? n : 0)]) map(from: y[0:(n > 0 ? n : 0)]){{$}}

// Each row mirrored: the inner index counts down.
OM_KERNEL void mirror_rows(int m, int n, OM_IN const float *x,
                           OM_OUT float *y) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      y[i * n + (n - 1 - j)] = x[i * n + j];
}
// CHECK-LABEL: {{^}}OM_KERNEL void mirror_rows(
// CHECK:       map(from: y[0:

// The rows in reverse order: the outer index counts down by n.
OM_KERNEL void flip_rows(int m, int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      y[(m - 1 - i) * n + j] = x[i * n + j];
}
// CHECK-LABEL: {{^}}OM_KERNEL void flip_rows(
// CHECK:       map(to: x[0:(m > 0 && n > 0 ? m * n : 0)]) map(from: y[0:(m > 0 && n > 0 ? m * n : 0)]){{$}}

#ifndef ACCEPTED_ONLY
OM_KERNEL void every_other(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[2 * n - 2 - 2 * i] = x[i];
}
// ERR: out-downward.c:[[@LINE-2]]:5: error: 'y' is OM_OUT but 'y[2 * n - 2 - 2 * i]' does not write every element of its section
#endif

int main(void) {
  float x[12], y[12], z[12], w[12];
  for (int i = 0; i < 12; ++i) {
    x[i] = i * 1.5f;
    y[i] = z[i] = w[i] = -1;
  }
  reverse(12, x, y);
  mirror_rows(3, 4, x, z);
  flip_rows(3, 4, x, w);
  flip_rows(0, 4, x, w); // no rows: writes nothing
  for (int i = 0; i < 12; ++i)
    printf("%g %g %g\n", y[i], z[i], w[i]);
  return 0;
}
