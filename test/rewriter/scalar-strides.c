// A subscript that moves with an index by a scalar `s` reaches upward or
// downward depending on the sign of s; a signed s of unknown sign is
// refused (x[i * s] with s = -1 reaches x[0], x[-1], ...: mapping
// x[0:(n-1)*s+1] would map nothing). Its sign comes from a stated fact, the
// loops that run whenever the access does, or a loop's own step (a loop that
// runs and ends moves towards its limit, so `i -= s` has s >= 1).
// RUN: %ownmap-rewrite --no-line-directives %s -- -DACCEPTED_ONLY | FileCheck %s --strict-whitespace
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %ownmap-rewrite %s -o %t.rw.c -- -DACCEPTED_ONLY
// RUN: %clang-offload -DACCEPTED_ONLY %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial -DACCEPTED_ONLY %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

#ifndef ACCEPTED_ONLY
OM_KERNEL void any_sign(int n, int s, OM_IN const float *x, OM_INOUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] += x[i * s];
}
// ERR: scalar-strides.c:[[@LINE-2]]:13: error: cannot offload: {{.*}}the stride 's' of 'i' may be negative; state its sign with OM_FACT(s >= 0) or OM_FACT(s <= 0)
#endif

OM_KERNEL OM_FACT(s <= 0) void stated_downward(int n, int s,
                                               OM_IN const float *x,
                                               OM_INOUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] += x[i * s];
}
// CHECK-LABEL: {{^}}OM_KERNEL OM_FACT(s <= 0) void stated_downward(
// CHECK:       map(to: x[n * s - s:(n > 0 && -n * s + s + 1 > 0 ? -n * s + s + 1 : 0)]) map(tofrom: y[0:(n > 0 ? n : 0)]){{$}}

OM_KERNEL OM_FACT(s >= 0) void stated_upward(int n, int s,
                                             OM_IN const float *x,
                                             OM_INOUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] += x[i * s];
}
// CHECK-LABEL: {{^}}OM_KERNEL OM_FACT(s >= 0) void stated_upward(
// CHECK:       map(to: x[0:(n > 0 ? n * s - s + 1 : 0)]) map(tofrom: y[0:(n > 0 ? n : 0)]){{$}}

// The column loop runs whenever x[r * cols + c] is read: cols >= 1 there.
OM_KERNEL void rows_of(int rows, int cols, OM_IN const float *x,
                       OM_OUT float *sum) {
  for (int r = 0; r < rows; ++r) {
    float t = 0;
    for (int c = 0; c < cols; ++c)
      t += x[r * cols + c];
    sum[r] = t;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void rows_of(
// CHECK:       map(to: x[0:(rows > 0 && cols > 0 ? cols * rows : 0)]) map(from: sum[0:(rows > 0 ? rows : 0)]){{$}}

OM_KERNEL void step_down(int n, int s, OM_IN const float *x, OM_INOUT float *y) {
  for (int i = n - 1; i >= 0; i -= s)
    y[i] = 2 * x[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void step_down(
// CHECK:       map(to: x[-((n - 1) / s) * s + n - 1:(n > 0 ? ((n - 1) / s) * s + 1 : 0)]) map(tofrom: y[-((n - 1) / s) * s + n - 1:(n > 0 ? ((n - 1) / s) * s + 1 : 0)]){{$}}

int main(void) {
  float x[16], y[8], z[8], sum[3], w[8];
  for (int i = 0; i < 16; ++i)
    x[i] = i + 1;
  for (int i = 0; i < 8; ++i)
    y[i] = z[i] = w[i] = 0;
  stated_downward(4, -2, x + 8, y);
  stated_upward(4, 3, x, z);
  rows_of(3, 5, x, sum);
  step_down(8, 3, x, w);
  for (int i = 0; i < 8; ++i)
    printf("%g %g %g\n", y[i], z[i], w[i]);
  for (int r = 0; r < 3; ++r)
    printf("%g\n", sum[r]);
  return 0;
}
