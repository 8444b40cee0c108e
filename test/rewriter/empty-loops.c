// Loops that run zero times map nothing. A section's length comes from the
// range of its subscripts over the loops, which is negative when a loop is
// empty (`y[1:n - 2]` with n = 1) or covers elements an empty loop never
// reaches (`x[lo - 1:hi - lo + 2]` with hi == lo): such a length is guarded
// by the conditions of the loops around every access, and so are the facts
// stated about it.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %ownmap-rewrite %t.rw.c -o %t.twice.c -- 2>%t.twice.err
// RUN: diff %t.rw.c %t.twice.c
// RUN: count 0 < %t.twice.err
// test/e2e/rewritten-empty-loops.test runs the program offloaded.
#include <ownmap.h>
#include <stddef.h>
#include <stdio.h>

OM_KERNEL void interior(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 1; i < n - 1; ++i)
    y[i] = 2.0f * x[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void interior(
// CHECK:       {{^}}  ownmap_kernel_reads_only(x + 1, (n - 1 > 1 ? n - 2 : 0) * sizeof *x);{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for map(to: x[1:(n - 1 > 1 ? n - 2 : 0)]) map(from: y[1:(n - 1 > 1 ? n - 2 : 0)]){{$}}

OM_KERNEL void chunk(int lo, int hi, OM_IN const float *x, OM_INOUT float *y) {
  for (int i = lo; i < hi; ++i)
    y[i] = y[i] + x[i - 1] + x[i + 1];
}
// CHECK-LABEL: {{^}}OM_KERNEL void chunk(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[lo - 1:(hi > lo ? hi - lo + 2 : 0)]) map(tofrom: y[lo:(hi > lo ? hi - lo : 0)]){{$}}

// The inner loop runs around every access of a: with w = 0 nothing of it
// is mapped although the outer loop runs.
OM_KERNEL void sums(int m, int w, OM_IN const float *a, OM_INOUT float *out) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < w; ++j)
      out[i] += a[2 * j];
}
// CHECK-LABEL: {{^}}OM_KERNEL void sums(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: a[0:(m > 0 && w > 0 ? 2 * w - 1 : 0)]) map(tofrom: out[0:(m > 0 && w > 0 ? m : 0)]){{$}}

// A count that may be negative (n = -3: no iteration, fine in C) is
// guarded too, even where the length would be 0 with n = 0.
OM_KERNEL void plain(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = x[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void plain(
// CHECK:       {{^}}  ownmap_kernel_reads_only(x, (n > 0 ? n : 0) * sizeof *x);{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(from: y[0:(n > 0 ? n : 0)]){{$}}

// A product of counts that may be negative: -2 * -3 is positive, and would
// copy 6 elements the loops never wrote back over y.
OM_KERNEL void grid(int m, int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      y[i * n + j] = x[i * n + j] + 1.0f;
}
// CHECK-LABEL: {{^}}OM_KERNEL void grid(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(to: x[0:(m > 0 && n > 0 ? m * n : 0)]) map(from: y[0:(m > 0 && n > 0 ? m * n : 0)]){{$}}

// An unsigned count is never negative: a section that is empty whenever
// its loop is needs no guard.
OM_KERNEL void sized(size_t n, OM_IN const float *x, OM_OUT float *y) {
  for (size_t i = 0; i < n; ++i)
    y[i] = x[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void sized(
// CHECK:       {{^}}  ownmap_kernel_reads_only(x, n * sizeof *x);{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:n]) map(from: y[0:n]){{$}}
// CHECK-LABEL: {{^}}int main(void) {

int main(void) {
  float one[1] = {5.0f}, out1[1] = {-1.0f};
  interior(1, one, out1);
  interior(0, one, out1);
  float x[8], y[8];
  for (int i = 0; i < 8; ++i) {
    x[i] = (float)i;
    y[i] = 1.0f;
  }
  chunk(3, 1, x, y);
  chunk(4, 4, x, y);
  chunk(1, 7, x, y);
  sums(4, 0, x, y);
  sums(4, 3, x, y);
  sums(-2, 3, x, y);
  plain(0, x, y);
  plain(-3, x, y);
  grid(-2, -3, x, y);
  grid(2, -3, x, y);
  grid(-2, 3, x, y);
  grid(2, 3, x, y);
  sized(0, x, y);
  sized(5, x, y);
  float s = out1[0];
  for (int i = 0; i < 8; ++i)
    s += y[i] * (float)(i + 1);
  printf("empty-loops checksum %.1f\n", s);
  return 0;
}
