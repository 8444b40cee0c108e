// An OM_IN pointer may be passed on as `const T *`, inside the offloaded
// loop too. The callee's body is not analysed, so what it reads is not
// known: OM_LEN gives the section.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

static float window_sum(const float *v, int at, int width) {
  float s = 0;
  for (int k = 0; k < width; ++k)
    s += v[at + k];
  return s;
}

static float total(const float *v, int n) { return window_sum(v, 0, n); }

OM_KERNEL float windows(int n, int w, OM_IN OM_LEN(n + w) const float *x,
                        OM_OUT float *y) {
  float whole = total(x, n + w);
  for (int i = 0; i < n; ++i)
    y[i] = window_sum(x, i, w) / whole;
  return whole;
}
// CHECK:      {{^}}  float whole = total(x, n + w);{{$}}
// CHECK-NEXT: {{^}}  if (n > 0 && n + w > 0) ownmap_check_exclusive("windows", "OM_OUT", "y", y, y + n, "x", x, x + (n + w));{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(x, (n + w) * sizeof *x);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:n + w]) map(from: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i){{$}}

int main(void) {
  enum { N = 700, W = 9 };
  static float x[N + W], y[N];
  for (int i = 0; i < N + W; ++i)
    x[i] = (float)(i % 19) + 1;
  float whole = windows(N, W, x, y);
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += y[i] * (i % 3 + 1);
  printf("const-call %.1f %.6f\n", whole, s);
  return 0;
}
