// The loop forms of ordinary C: '<=', downward loops, 'i += s' strides, an
// index declared before the loop, '(size_t)i * n + j', 'i / 2' and 'i >> 1'
// reads, triangular nests, the 2-D 5-point stencil over the interior
// (bounded from the loop ranges: no OM_LEN, no element too many),
// interleaved 'xyz[3 * i + k]' and 'a[2 * i] = f(a[2 * i + 1])'. Loops that
// run zero times (n <= 0, negative included, a triangle's first row) map
// nothing.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %ownmap-rewrite %t.rw.c -o %t.twice.c -- 2>%t.twice.err
// RUN: diff %t.rw.c %t.twice.c
// RUN: count 0 < %t.twice.err
// test/e2e/rewritten-loop-forms.test runs the program offloaded.
#include <ownmap.h>
#include <stddef.h>
#include <stdio.h>

OM_KERNEL void inclusive(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i <= n; ++i)
    y[i] = x[i] + 1;
}
// CHECK-LABEL: {{^}}OM_KERNEL void inclusive(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n + 1 > 0 ? n + 1 : 0)]) map(from: y[0:(n + 1 > 0 ? n + 1 : 0)]){{$}}

OM_KERNEL void downward(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = n - 1; i >= 0; --i)
    y[i] = 2 * x[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void downward(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(from: y[0:(n > 0 ? n : 0)]){{$}}

OM_KERNEL void downward_open(int hi, int lo, OM_INOUT float *y) {
  for (int i = hi; i > lo; i -= 1)
    y[i] = y[i] * 3;
}
// CHECK-LABEL: {{^}}OM_KERNEL void downward_open(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(tofrom: y[lo + 1:(hi + 1 > lo + 1 ? hi - lo : 0)]){{$}}

// Pairs at even i: the last pair ends at 2 * ((n - 1) / 2) + 1, not n.
OM_KERNEL void pairs_sum(int n, OM_IN const float *x, OM_INOUT float *y) {
  for (int i = 0; i < n; i += 2)
    y[i] = x[i] + x[i + 1];
}
// CHECK-LABEL: {{^}}OM_KERNEL void pairs_sum(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? 2 * ((n - 1) / 2) + 2 : 0)]) map(tofrom: y[0:(n > 0 ? 2 * ((n - 1) / 2) + 1 : 0)]){{$}}

OM_KERNEL float every_sth(int n, int s, OM_IN const float *x) {
  float t = 0;
  for (int i = 1; i < n; i += s)
    t += x[i];
  return t;
}
// CHECK-LABEL: {{^}}OM_KERNEL float every_sth(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[1:(n > 1 ? ((n - 2) / s) * s + 1 : 0)]) map(tofrom: t) reduction(+: t){{$}}

OM_KERNEL void declared_before(int m, int n, OM_IN const float *x, OM_INOUT float *y) {
  int i, j;
  for (i = 0; i < m; ++i)
    for (j = 0; j < n; ++j)
      y[i * n + j] = x[j] + i;
  for (i = 0; i < m; ++i)
    y[i] += 1;
}
// CHECK-LABEL: {{^}}OM_KERNEL void declared_before(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for collapse(2) private(j) map(to: x[0:(m > 0 && n > 0 ? n : 0)]) map(tofrom: y[0:(m > 0 && n > 0 ? m * n : 0)]){{$}}

OM_KERNEL void casts(int m, int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      y[(size_t)i * n + j] = x[(size_t)i * n + j] * 0.5f;
}
// CHECK-LABEL: {{^}}OM_KERNEL void casts(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(to: x[0:(m > 0 && n > 0 ? (long)m * n : 0)]) map(from: y[0:(m > 0 && n > 0 ? (long)m * n : 0)]){{$}}

OM_KERNEL void halves(int n, OM_IN const float *x, OM_IN const float *z, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = x[i / 2] + z[i >> 1];
}
// CHECK-LABEL: {{^}}OM_KERNEL void halves(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? ((n - 1) / 2) + 1 : 0)]) map(to: z[0:(n > 0 ? ((n - 1) >> 1) + 1 : 0)]) map(from: y[0:(n > 0 ? n : 0)]){{$}}

// Below the diagonal: row 0 is empty, so with n = 1 nothing is mapped.
OM_KERNEL void strictly_lower(int n, OM_INOUT float *a) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < i; ++j)
      a[i * n + j] = a[i * n + j] + a[i * n + i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void strictly_lower(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(tofrom: a[0:(n - 1 > 0 ? n * n : 0)]){{$}}

OM_KERNEL void lower(int n, OM_INOUT float *a) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j)
      a[i * n + j] *= 2;
}
// CHECK-LABEL: {{^}}OM_KERNEL void lower(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(tofrom: a[0:(n > 0 ? n * n : 0)]){{$}}

OM_KERNEL void upper(int n, OM_IN const float *b, OM_INOUT float *a) {
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      a[i * n + j] -= b[j];
}
// CHECK-LABEL: {{^}}OM_KERNEL void upper(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: b[1:(n - 1 > 0 ? n - 1 : 0)]) map(tofrom: a[1:(n - 1 > 0 ? n * n - 1 : 0)]){{$}}

// The interior of an n x n grid: 'in' from element 1 to n * n - 2 (the
// corners are never read), 'out' rows 1 to n - 2 without their edges.
OM_KERNEL void five_point(int n, OM_IN const float *in, OM_INOUT float *out) {
  for (int i = 1; i < n - 1; ++i)
    for (int j = 1; j < n - 1; ++j)
      out[i*n+j] = in[(i-1)*n+j] + in[(i+1)*n+j] + in[i*n+j-1] + in[i*n+j+1];
}
// CHECK-LABEL: {{^}}OM_KERNEL void five_point(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(to: in[1:(n - 1 > 1 ? n * n - 2 : 0)]) map(tofrom: out[n + 1:(n - 1 > 1 ? n * n - 2 * n - 2 : 0)]){{$}}

OM_KERNEL void scale_xyz(int n, OM_IN const float *s, OM_INOUT float *xyz) {
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < 3; ++k)
      xyz[3 * i + k] *= s[k];
}
// CHECK-LABEL: {{^}}OM_KERNEL void scale_xyz(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(to: s[0:(n > 0 ? 3 : 0)]) map(tofrom: xyz[0:(n > 0 ? 3 * n : 0)]){{$}}

OM_KERNEL void shear_xyz(int n, OM_INOUT float *xyz) {
  for (int i = 0; i < n; ++i) {
    xyz[3 * i] += xyz[3 * i + 1];
    xyz[3 * i + 1] += xyz[3 * i + 2];
    xyz[3 * i + 2] = xyz[3 * i] - xyz[3 * i + 2];
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void shear_xyz(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(tofrom: xyz[0:(n > 0 ? 3 * n : 0)]){{$}}

static float twice(float v) { return 2 * v + 1; }

OM_KERNEL void odd_to_even(int n, OM_INOUT float *a) {
  for (int i = 0; i < n; ++i)
    a[2 * i] = twice(a[2 * i + 1]);
}
// CHECK-LABEL: {{^}}OM_KERNEL void odd_to_even(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(tofrom: a[0:(n > 0 ? 2 * n : 0)]){{$}}
// CHECK-LABEL: {{^}}int main(void) {

static double sum(int n, const float *v) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i] * (i % 7 + 1);
  return s;
}

static void fill(int n, float *v, int seed) {
  for (int i = 0; i < n; ++i)
    v[i] = (float)((i * 7 + seed) % 13) - 6;
}

int main(void) {
  enum { N = 24, G = 8 };
  static float x[N * N + 4], y[N * N + 4], z[N], a[N * N], b[N];
  int sizes[] = {-3, 0, 1, 2, 7, N - 1};
  for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; ++k) {
    int n = sizes[k];
    fill(N * N + 4, x, 1);
    fill(N * N + 4, y, 2);
    fill(N, z, 3);
    fill(N * N, a, 4);
    fill(N, b, 5);
    inclusive(n, x, y);
    printf("inclusive %d %.1f\n", n, sum(N, y));
    downward(n, x, y);
    printf("downward %d %.1f\n", n, sum(N, y));
    downward_open(n, n / 2, y);
    if (n >= 0) // else it would write y[n / 2] down to y[n + 1]
      downward_open(n / 2, n, y);
    printf("downward_open %d %.1f\n", n, sum(N, y));
    pairs_sum(n, x, y);
    printf("pairs_sum %d %.1f\n", n, sum(N, y));
    printf("every_sth %d %.1f %.1f\n", n, every_sth(n, 3, x), every_sth(n, 1, x));
    declared_before(n, n, x, y);
    printf("declared_before %d %.1f\n", n, sum(N * N, y));
    declared_before(3, n, x, y);
    declared_before(n, 3, x, y);
    printf("declared_before %d %.1f\n", n, sum(N * N, y));
    casts(n, 3, x, y);
    casts(3, n, x, y);
    printf("casts %d %.1f\n", n, sum(N * N, y));
    halves(n, x, z, y);
    printf("halves %d %.1f\n", n, sum(N, y));
    strictly_lower(n, a);
    printf("strictly_lower %d %.1f\n", n, sum(N * N, a));
    lower(n, a);
    printf("lower %d %.1f\n", n, sum(N * N, a));
    upper(n, b, a);
    printf("upper %d %.1f\n", n, sum(N * N, a));
    five_point(n, x, a);
    printf("five_point %d %.1f\n", n, sum(N * N, a));
    scale_xyz(n, z, x);
    shear_xyz(n, y);
    odd_to_even(n, x);
    printf("xyz %d %.1f %.1f\n", n, sum(3 * N, x), sum(3 * N, y));
  }
  (void)G;
  return 0;
}
