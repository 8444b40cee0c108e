// Issue 13: a function called in a loop reads a global that the host sets
// at run time. Here the kernel itself sets it between two loops of one data
// region and between the steps of a time loop: the global is `declare
// target link` and each loop maps it `to`, outside the data region, so each
// loop sees the value the host has just set (not the initial one, nor the
// value at the region's entry); so is a global array or struct whose
// elements the host changes. Offloaded, the program prints what the
// serial build prints.
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

float scale = 1.0f;
// CHECK:       {{^}}float scale = 1.0f;{{$}}
// CHECK-NEXT:  {{^}}#pragma omp declare target link(scale){{$}}
static float scaled(float v) { return v * scale; }

OM_KERNEL void two_loops(int n, OM_IN const float *x, OM_INOUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = scaled(x[i]);
  scale = scale * 2;
  for (int i = 0; i < n; ++i)
    y[i] += scaled(x[i]);
}
// CHECK-LABEL: {{^}}OM_KERNEL void two_loops(
// CHECK:       {{^}}  #pragma omp target data map(to: x[0:(n > 0) * n]) map(tofrom: y[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}  {{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(tofrom: y[0:(n > 0 ? n : 0)]) map(to: scale){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT:  {{^}}    y[i] = scaled(x[i]);{{$}}
// CHECK-NEXT:  {{^}}  scale = scale * 2;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(tofrom: y[0:(n > 0 ? n : 0)]) map(to: scale){{$}}

OM_KERNEL void steps(int nt, int n, OM_INOUT float *y) {
  for (int t = 0; t < nt; ++t) {
    for (int i = 0; i < n; ++i)
      y[i] = scaled(y[i]) + 1;
    scale = scale + 1;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void steps(
// CHECK:       {{^}}  #pragma omp target data map(tofrom: y[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}  {{{$}}
// CHECK-NEXT:  {{^}}  for (int t = 0; t < nt; ++t) {{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp target teams distribute parallel for map(tofrom: y[0:(n > 0 ? n : 0)]) map(to: scale){{$}}

// A global array and a global struct, changed element by element between
// steps: each is mapped whole on each loop.
float coef[4] = {1, 2, 3, 4};
// CHECK:       {{^}}float coef[4] = {1, 2, 3, 4};{{$}}
// CHECK-NEXT:  {{^}}#pragma omp declare target link(coef){{$}}
struct config {
  float gain;
  int shift;
} conf = {1.5f, 1};
// CHECK:       {{^}}} conf = {1.5f, 1};{{$}}
// CHECK-NEXT:  {{^}}#pragma omp declare target link(conf){{$}}
static float tuned(float v, int k) {
  return v * coef[k % 4] * conf.gain + (float)conf.shift;
}

OM_KERNEL void tuned_steps(int nt, int n, OM_INOUT float *y) {
  for (int t = 0; t < nt; ++t) {
    for (int i = 0; i < n; ++i)
      y[i] = tuned(y[i], i + t) * 0.5f;
    coef[t % 4] += 1;
    conf.shift = -conf.shift;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void tuned_steps(
// CHECK:       {{^}}  #pragma omp target data map(tofrom: y[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}  {{{$}}
// CHECK-NEXT:  {{^}}  for (int t = 0; t < nt; ++t) {{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp target teams distribute parallel for map(tofrom: y[0:(n > 0 ? n : 0)]) map(to: coef) map(to: conf){{$}}
// CHECK-LABEL: {{^}}int main(void) {

int main(void) {
  enum { N = 10 };
  float x[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)i;
    y[i] = 0;
  }
  scale = 3;
  two_loops(N, x, y);
  steps(4, N, y);
  coef[2] = 7;
  conf.gain = 0.75f;
  tuned_steps(5, N, y);
  float s = 0;
  for (int i = 0; i < N; ++i)
    s += y[i] * (float)(i + 1);
  printf("casebook-callee-global-between-loops %.1f scale %.1f\n", s, scale);
  return 0;
}
