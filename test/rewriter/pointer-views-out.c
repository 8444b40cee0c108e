// OM_OUT written through a view declared before the loop: the device finds
// the view through the map of its first element, so that element is in the
// section; when the loop does not write it, the section is copied in too,
// or the unwritten element would come back with what the device held.
// A view that starts below the elements the loop reaches is an element of
// the same object (a valid pointer below one the loop writes); one that
// starts above them may be one past its end, and is refused.
// RUN: %ownmap-rewrite --no-line-directives %s -- -DACCEPTED_ONLY | FileCheck %s --strict-whitespace
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %ownmap-rewrite %s -o %t.rw.c -- -DACCEPTED_ONLY
// RUN: %clang-offload -DACCEPTED_ONLY %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial -DACCEPTED_ONLY %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: %ownmap-rewrite %s -o %t.rw2.c --report=%t.json --report-format=json -- -DACCEPTED_ONLY
// RUN: grep -q "over i in \[0, n); copied in too: the view's first element y\[2\] is not written by the loop" %t.json
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void shifted_out(int n, OM_IN const float *x, OM_OUT float *y) {
  float *w = y + 2;
  for (int i = 0; i < n; ++i)
    w[i + 1] = x[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void shifted_out(
// CHECK:       map(tofrom: y[2:(n > 0 ? n + 1 : 0)]){{$}}

OM_KERNEL void view_at_first(int n, OM_IN const float *x, OM_OUT float *y) {
  float *w = y + 2;
  for (int i = 0; i < n; ++i)
    w[i] = x[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void view_at_first(
// CHECK:       map(from: y[2:(n > 0 ? n : 0)]){{$}}

OM_KERNEL void one_based(int n, OM_IN const float *x, OM_OUT float *y) {
  float *w = &y[-1];
  for (int i = 1; i <= n; ++i)
    w[i] = x[i - 1];
}
// CHECK-LABEL: {{^}}OM_KERNEL void one_based(
// CHECK:       map(tofrom: y[-1:(n + 1 > 1 ? n + 1 : 0)]){{$}}

#ifndef ACCEPTED_ONLY
OM_KERNEL void past_the_end(int n, OM_IN const float *x, OM_INOUT float *y) {
  float *w = y + n;
  for (int i = 0; i < n; ++i)
    w[-1 - i] += x[i];
}
// ERR: pointer-views-out.c:[[@LINE-2]]:5: error: cannot offload: the view in 'w[-1 - i]' starts at y[n], outside
#endif

int main(void) {
  float x[8], y[12], z[12], u[12];
  for (int i = 0; i < 8; ++i)
    x[i] = i + 1;
  for (int i = 0; i < 12; ++i)
    y[i] = z[i] = u[i] = -1;
  shifted_out(8, x, y);
  view_at_first(8, x, z);
  one_based(8, x, u + 2);
  for (int i = 0; i < 12; ++i)
    printf("%g %g %g\n", y[i], z[i], u[i]);
  return 0;
}
