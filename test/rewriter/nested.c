// Nested loops: subscripts linearised over an outer and an inner loop
// (`i * n + j`) get their section from both loops' ranges; a perfectly
// nested rectangular pair whose (i, j) pairs write distinct elements is
// collapsed; an inner loop whose bound depends on i still bounds the reads;
// loops not starting at 0 shift the section.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void add2d(int m, int n, OM_IN const float *a, OM_IN const float *b,
                     OM_OUT float *c) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      c[i * n + j] = a[i * n + j] + 2 * b[i * n + j];
}
// CHECK:      {{^}}                     OM_OUT float *c) {{{$}}
// CHECK-NEXT: {{^}}  if (m > 0 && n > 0) ownmap_check_exclusive("add2d", "OM_OUT", "c", c, c + (m * n), "a", a, a + (m * n));{{$}}
// CHECK-NEXT: {{^}}  if (m > 0 && n > 0) ownmap_check_exclusive("add2d", "OM_OUT", "c", c, c + (m * n), "b", b, b + (m * n));{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(a, (m > 0 && n > 0 ? m * n : 0) * sizeof *a);{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(b, (m > 0 && n > 0 ? m * n : 0) * sizeof *b);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(to: a[0:(m > 0 && n > 0 ? m * n : 0)]) map(to: b[0:(m > 0 && n > 0 ? m * n : 0)]) map(from: c[0:(m > 0 && n > 0 ? m * n : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < m; ++i){{$}}

OM_KERNEL void interior(int m, int n, OM_IN const float *in, OM_INOUT float *out) {
  for (int i = 1; i < m - 1; ++i) {
    for (int j = 1; j < n - 1; ++j) {
      out[i * n + j] += in[(i - 1) * n + j] + in[(i + 1) * n + j];
    }
  }
}
// CHECK:      {{^}}OM_KERNEL void interior(int m, int n, OM_IN const float *in, OM_INOUT float *out) {
// CHECK-NEXT: {{^}}  if (m - 1 > 1 && n - 1 > 1) ownmap_check_exclusive("interior", "OM_INOUT", "out", out + (n + 1), out + (-n + m * n - 1), "in", in + 1, in + (m * n - 1));{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(in + 1, (m - 1 > 1 && n - 1 > 1 ? m * n - 2 : 0) * sizeof *in);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(to: in[1:(m - 1 > 1 && n - 1 > 1 ? m * n - 2 : 0)]) map(tofrom: out[n + 1:(m - 1 > 1 && n - 1 > 1 ? m * n - 2 * n - 2 : 0)]){{$}}

OM_KERNEL void lower_sums(int n, OM_IN const double *a, OM_OUT double *s) {
  for (int i = 0; i < n; ++i) {
    double acc = 0;
    for (int j = 0; j < i; j += 1)
      acc += a[i * n + j];
    for (int j = i; j < n; ++j)
      acc -= a[i * n + j];
    s[i] = acc;
  }
}
// CHECK:      {{^}}OM_KERNEL void lower_sums(int n, OM_IN const double *a, OM_OUT double *s) {
// CHECK-NEXT: {{^}}  if (n > 0) ownmap_check_exclusive("lower_sums", "OM_OUT", "s", s, s + n, "a", a, a + (n * n));{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(a, (n > 0 ? n * n : 0) * sizeof *a);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: a[0:(n > 0 ? n * n : 0)]) map(from: s[0:(n > 0 ? n : 0)]){{$}}

OM_KERNEL void row_scale(int m, int n, OM_IN const float *f, OM_INOUT float *g) {
  for (int i = 2; i < m; ++i)
    for (int j = 0; j < n; ++j)
      g[i * n + j] *= f[i];
}
// CHECK:      {{^}}OM_KERNEL void row_scale(int m, int n, OM_IN const float *f, OM_INOUT float *g) {
// CHECK-NEXT: {{^}}  if (m > 2 && n > 0) ownmap_check_exclusive("row_scale", "OM_INOUT", "g", g + (2 * n), g + (m * n), "f", f + 2, f + m);{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(f + 2, (m > 2 && n > 0 ? m - 2 : 0) * sizeof *f);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(to: f[2:(m > 2 && n > 0 ? m - 2 : 0)]) map(tofrom: g[2 * n:(m > 2 && n > 0 ? m * n - 2 * n : 0)]){{$}}

int main(void) {
  enum { M = 37, N = 53 };
  static float a[M * N], b[M * N], c[M * N], in[M * N], out[M * N];
  static double t[N * N], s[N];
  static float f[M], g[M * N];
  for (int i = 0; i < M * N; ++i) {
    a[i] = (float)(i % 13);
    b[i] = (float)(i % 7);
    c[i] = -1;
    in[i] = (float)(i % 11);
    out[i] = (float)(i % 3);
    g[i] = (float)(i % 5);
  }
  for (int i = 0; i < N * N; ++i)
    t[i] = (i % 9) - 4;
  for (int i = 0; i < M; ++i)
    f[i] = (float)(i % 4);
  add2d(M, N, a, b, c);
  interior(M, N, in, out);
  lower_sums(N, t, s);
  row_scale(M, N, f, g);
  double sc = 0, so = 0, ss = 0, sg = 0;
  for (int i = 0; i < M * N; ++i) {
    sc += c[i] * (i % 5 + 1);
    so += out[i] * (i % 7 + 1);
    sg += g[i] * (i % 3 + 1);
  }
  for (int i = 0; i < N; ++i)
    ss += s[i] * (i % 4 + 1);
  printf("nested %.1f %.1f %.1f %.1f\n", sc, so, ss, sg);
  return 0;
}
