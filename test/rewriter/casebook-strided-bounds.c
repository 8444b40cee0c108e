// Issue 13's loop forms in combination: downward loops with a constant
// stride ('i -= 2', 'i -= 3' with '>'), '<=' with 'i += 3', 'i / 2' read in
// a downward strided loop, and '(i - 1) / 2' in a '<=' loop. The sections
// end at the last element the stride reaches, and every trip count (none,
// one, a partial last stride, many) maps exactly what the loop touches:
// offloaded, bare and under the plugin with every check on, the program
// prints what the serial build prints.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %ownmap-rewrite %t.rw.c -o %t.twice.c -- 2>%t.twice.err
// RUN: diff %t.rw.c %t.twice.c
// RUN: count 0 < %t.twice.err
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t.omp 2>%t.err
// RUN: not grep -E "ownmap: (warning|error)" %t.err
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void down2(int n, OM_IN const float *x, OM_INOUT float *y) {
  for (int i = n - 1; i >= 0; i -= 2)
    y[i] = y[i] + x[i] * 2;
}
// CHECK-LABEL: {{^}}OM_KERNEL void down2(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[-2 * ((n - 1) / 2) + n - 1:(n > 0 ? 2 * ((n - 1) / 2) + 1 : 0)]) map(tofrom: y[-2 * ((n - 1) / 2) + n - 1:(n > 0 ? 2 * ((n - 1) / 2) + 1 : 0)]){{$}}

OM_KERNEL void up3le(int lo, int hi, OM_IN const float *x, OM_INOUT float *y) {
  for (int i = lo; i <= hi; i += 3)
    y[i] = y[i] + x[i + 1];
}
// CHECK-LABEL: {{^}}OM_KERNEL void up3le(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[lo + 1:(hi + 1 > lo ? 3 * ((hi - lo) / 3) + 1 : 0)]) map(tofrom: y[lo:(hi + 1 > lo ? 3 * ((hi - lo) / 3) + 1 : 0)]){{$}}

OM_KERNEL void down3gt(int hi, int lo, OM_IN const float *x, OM_INOUT float *y) {
  for (int i = hi; i > lo; i -= 3)
    y[i - 1] += x[i / 2];
}
// CHECK-LABEL: {{^}}OM_KERNEL void down3gt(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[((-3 * ((hi - lo - 1) / 3) + hi) / 2):(hi + 1 > lo + 1 && (hi / 2) - ((-3 * ((hi - lo - 1) / 3) + hi) / 2) + 1 > 0 ? (hi / 2) - ((-3 * ((hi - lo - 1) / 3) + hi) / 2) + 1 : 0)]) map(tofrom: y[-3 * ((hi - lo - 1) / 3) + hi - 1:(hi + 1 > lo + 1 ? 3 * ((hi - lo - 1) / 3) + 1 : 0)]){{$}}

OM_KERNEL void shifted_half(int n, OM_IN const float *x, OM_INOUT float *y) {
  for (int i = 1; i <= n; ++i)
    y[i - 1] += x[(i - 1) / 2] + 2 * x[(i - 1) / 2 + 1];
}
// CHECK-LABEL: {{^}}OM_KERNEL void shifted_half(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n + 1 > 1 ? ((n - 1) / 2) + 2 : 0)]) map(tofrom: y[0:(n + 1 > 1 ? n : 0)]){{$}}
// CHECK-LABEL: {{^}}int main(void) {

int main(void) {
  enum { N = 40 };
  float x[N + 2], y[N + 2];
  for (int k = 0; k < N + 2; ++k) {
    x[k] = (float)(k % 7);
    y[k] = (float)(k % 3);
  }
  int ns[] = {-3, 0, 1, 2, 3, 4, 5, 6, 7, 13, 20};
  enum { Sizes = sizeof ns / sizeof *ns };
  for (int a = 0; a < Sizes; ++a) {
    int n = ns[a];
    if (n >= 0)
      down2(n, x, y);
    for (int b = 0; b < Sizes; ++b) {
      int m = ns[b];
      if (n >= 0 && m < N - 1)
        up3le(n, m, x, y);
      if (m >= 0 && n >= 0 && n < N)
        down3gt(n, m, x, y);
    }
    if (n >= 0 && n < N)
      shifted_half(n, x, y);
  }
  float s = 0;
  for (int k = 0; k < N + 2; ++k)
    s += y[k] * (float)(k + 1);
  printf("casebook-strided-bounds %.1f\n", s);
  return 0;
}
