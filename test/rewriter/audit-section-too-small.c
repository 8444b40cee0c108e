// --audit: a section smaller than the elements the loop reaches (here a
// stencil reading x[i - 1] and x[i + 1]) is a device out-of-bounds access:
// an error that names the section to map, with where the accessed range came
// from.
// RUN: not %ownmap-rewrite --audit %s -- 2>&1 | FileCheck %s
void smooth(int n, const double *x, double *y) {
#pragma omp target teams distribute parallel for map(to: x[1:n - 2]) map(from: y[1:n - 2])
  for (int i = 1; i < n - 1; ++i)
    y[i] = (x[i - 1] + x[i] + x[i + 1]) / 3.0;
}
// CHECK: audit-section-too-small.c:7:58: error: 'x[1:n - 2]' maps elements [1, n - 1) but the loop reaches [0, n) (section from subscripts x[i - 1], x[i], x[i + 1] over i in [1, n - 1)): accesses outside the section are out of bounds on the device; map 'x[0:(n - 1 > 1 ? n : 0)]'
// CHECK-NOT: 'y[1:n - 2]'
// CHECK-NOT: error:

void rows(int m, int n, const float *a, float *s) {
#pragma omp target teams distribute parallel for map(to: a[0:(m - 1) * n]) map(from: s[0:m])
  for (int i = 0; i < m; ++i) {
    float t = 0;
    for (int j = 0; j < n; ++j)
      t += a[i * n + j];
    s[i] = t;
  }
}
// CHECK: audit-section-too-small.c:16:58: error: 'a[0:(m - 1) * n]' maps elements [0, m * n - n) but the loop reaches [0, m * n) {{.*}} map 'a[0:(n > 0 ? m * n : 0)]'
// CHECK: 2 errors generated.
