// Local pointer views: 'float *p = a + off;' before the loop and row
// pointers 'float *row = a + i * n;' in it are mapped as sections of the
// parameter they view (a view before the loop is declared again at the
// top of the loop's body, where the device computes it from the mapped
// parameter). A view that is changed, or whose base or offset the kernel
// changes, or that escapes, is not one.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// test/e2e/rewritten-pointer-views.test runs them offloaded;
// pointer-views-errors.c has the views that are not.
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void window(int n, int off, OM_IN const float *x, OM_OUT float *y) {
  const float *w = x + off;
  for (int i = 0; i < n; ++i)
    y[i] = w[i] + w[i + 1];
}
// CHECK-LABEL: {{^}}OM_KERNEL void window(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for private(w) map(to: x[off:(n > 0 ? n + 1 : 0)]) map(from: y[0:(n > 0 ? n : 0)]){{$}}

// The view starts at x[off + 2] but the loop reads from x[off + 5]: the
// section starts where the loop reads.
OM_KERNEL void ahead(int n, int off, OM_IN const float *x, OM_OUT float *y) {
  const float *w = &x[off + 2];
  for (int i = 0; i < n; ++i)
    y[i] = w[i + 3];
}
// CHECK-LABEL: {{^}}OM_KERNEL void ahead(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for private(w) map(to: x[off + 5:(n > 0 ? n : 0)]) map(from: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT:  {{^}}    { w = &x[off + 2]; y[i] = w[i + 3];{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}

OM_KERNEL void scale_rows(int m, int n, OM_IN const float *s, OM_INOUT float *a) {
  for (int i = 0; i < m; ++i) {
    float *row = a + i * n;
    for (int j = 0; j < n; ++j)
      row[j] *= s[i];
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void scale_rows(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: s[0:(m > 0 && n > 0 ? m : 0)]) map(tofrom: a[0:(m > 0 && n > 0 ? m * n : 0)]){{$}}

// A view of a view, and '*p' for its first element.
OM_KERNEL void diagonal(int n, OM_INOUT float *a) {
  for (int i = 0; i < n; ++i) {
    float *row = a + i * n;
    float *d = row + i;
    *d = 2 * *d + row[0];
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void diagonal(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(tofrom: a[0:(n > 0 ? n * n : 0)]){{$}}

// CHECK-LABEL: {{^}}int main(void) {

static double sum(int n, const float *v) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i] * (i % 5 + 1);
  return s;
}

int main(void) {
  enum { N = 20 };
  static float x[N * N], y[N * N], s[N], a[N * N];
  for (int i = 0; i < N * N; ++i) {
    x[i] = (float)(i % 9) - 4;
    a[i] = (float)(i % 7);
  }
  for (int i = 0; i < N; ++i)
    s[i] = (float)(i % 3) + 1;
  for (int n = 0; n < 6; ++n) {
    window(n, 2 * n, x, y);
    printf("window %d %.1f\n", n, sum(n, y));
    ahead(n, n, x, y);
    printf("ahead %d %.1f\n", n, sum(n, y));
  }
  scale_rows(N - 2, N, s, a);
  printf("scale_rows %.1f\n", sum(N * N, a));
  diagonal(N, a);
  printf("diagonal %.1f\n", sum(N * N, a));
  return 0;
}
