// OM_OUT written through a view declared before the loop: the section is
// exactly the elements the loop writes through the view, mapped 'from',
// and the view is declared again at the top of the loop's body, where the
// device computes it from the mapped parameter. The view may start below
// the elements the loop reaches, or above all of them (one past the end).
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: %ownmap-rewrite %s -o %t.rw2.c --report=%t.json --report-format=json --
// RUN: grep -q '"section from subscripts w\[i + 1\] over i in \[0, n)"' %t.json
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void shifted_out(int n, OM_IN const float *x, OM_OUT float *y) {
  float *w = y + 2;
  for (int i = 0; i < n; ++i)
    w[i + 1] = x[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void shifted_out(
// CHECK:       {{^}}  float *w = y + 2;{{$}}
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for private(w) map(to: x[0:(n > 0 ? n : 0)]) map(from: y[3:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT:  {{^}}    { w = y + 2; w[i + 1] = x[i];{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}

OM_KERNEL void view_at_first(int n, OM_IN const float *x, OM_OUT float *y) {
  float *w = y + 2;
  for (int i = 0; i < n; ++i) {
    w[i] = x[i];
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void view_at_first(
// CHECK:       map(from: y[2:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < n; ++i) {{[{]$}}
// CHECK-NEXT:  {{^}}    w = y + 2;{{$}}
// CHECK-NEXT:  {{^}}    w[i] = x[i];{{$}}

OM_KERNEL void one_based(int n, OM_IN const float *x, OM_OUT float *y) {
  float *w = &y[-1];
  for (int i = 1; i <= n; ++i)
    w[i] = x[i - 1];
}
// CHECK-LABEL: {{^}}OM_KERNEL void one_based(
// CHECK:       map(from: y[0:(n + 1 > 1 ? n : 0)]){{$}}

OM_KERNEL void past_the_end(int n, OM_IN const float *x, OM_INOUT float *y) {
  float *w = y + n;
  for (int i = 0; i < n; ++i)
    w[-1 - i] += x[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void past_the_end(
// CHECK:       map(tofrom: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT:  {{^}}    { w = y + n; w[-1 - i] += x[i];{{$}}

int main(void) {
  float x[8], y[12], z[12], u[12], v[12];
  for (int i = 0; i < 8; ++i)
    x[i] = i + 1;
  for (int i = 0; i < 12; ++i)
    y[i] = z[i] = u[i] = v[i] = -1;
  shifted_out(8, x, y);
  view_at_first(8, x, z);
  one_based(8, x, u + 2);
  past_the_end(8, x, v + 4);
  for (int i = 0; i < 12; ++i)
    printf("%g %g %g %g\n", y[i], z[i], u[i], v[i]);
  return 0;
}
