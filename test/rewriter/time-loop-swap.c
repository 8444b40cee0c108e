// A time loop that swaps two buffers on each step (ping-pong: its loops
// read one and write the other) keeps both on the device across all steps:
// the region maps each buffer by the address its pointer holds at entry,
// over the union of both pointers' sections, and its end copies each one
// back to that address, so after an odd or an even number of steps the
// data lands in the buffer the serial program leaves it in. A swap that
// involves a pointer no loop maps, or buffers of different stated lengths,
// keeps the per-step maps. Offloaded, the program prints what its serial
// build prints, and under the plugin the swapped buffers cross once each
// way per call.
// RUN: %ownmap-rewrite --no-line-directives %s -o %t.rw.c --report=%t.report --
// RUN: FileCheck %s --strict-whitespace < %t.rw.c
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %ownmap-rewrite --no-line-directives %t.rw.c -o %t.twice.c --
// RUN: diff %t.rw.c %t.twice.c
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: env "OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 OWNMAP_ELIDE=off" %compare-with-plugin %t.omp 2>%t.err
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.err
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void heat(int steps, int n, OM_INOUT float *a, OM_INOUT float *b) {
  for (int t = 0; t < steps; ++t) {
    for (int i = 1; i < n - 1; ++i)
      b[i] = 0.25f * (a[i - 1] + a[i + 1]) + 0.5f * a[i];
    float *tmp = a;
    a = b;
    b = tmp;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void heat(
// CHECK-NEXT:  {{^}}  #pragma omp target data map(tofrom: a[0:(n - 1 > 1) * n]) map(tofrom: b[0:(n - 1 > 1) * n]){{$}}
// CHECK-NEXT:  {{^}}  {{{$}}
// CHECK-NEXT:  {{^}}  for (int t = 0; t < steps; ++t) {{{$}}
// CHECK-NEXT:  {{^}}    if (n - 1 > 1) ownmap_check_exclusive("heat", "OM_INOUT", "a", a, a + n, "b", b + 1, b + (n - 1));{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp target teams distribute parallel for map(tofrom: a[0:(n - 1 > 1 ? n : 0)]) map(tofrom: b[1:(n - 1 > 1 ? n - 2 : 0)]){{$}}
// CHECK:       {{^}}    float *tmp = a;{{$}}
// CHECK-NEXT:  {{^}}    a = b;{{$}}
// CHECK-NEXT:  {{^}}    b = tmp;{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// REPORT:      data region {{.*}} in kernel 'heat'
// REPORT-NEXT:   directive: #pragma omp target data map(tofrom: a[0:(n - 1 > 1) * n]) map(tofrom: b[0:(n - 1 > 1) * n])
// REPORT-NEXT:   variable a
// REPORT-NEXT:     map: tofrom a[0:(n - 1 > 1) * n]
// REPORT-NEXT:     why: used by the loops at 26:5; mapped once around the host loop at 25:3 over the union of their sections; the host loop exchanges it with b, so every buffer is mapped over all their sections

// Jacobi with a residual: the swap comes before the convergence test, so
// the pointers are a permutation of their entry values wherever the loop
// may be left.
OM_KERNEL int jacobi(int maxit, int n, double tol, OM_INOUT double *u,
                     OM_INOUT double *w, OM_IN const double *f) {
  int it = 0;
  while (it < maxit) {
    for (int i = 1; i < n - 1; ++i)
      w[i] = 0.5 * (u[i - 1] + u[i + 1] + f[i]);
    double err = 0;
    for (int i = 1; i < n - 1; ++i) {
      double d = w[i] - u[i];
      err = err > (d < 0 ? -d : d) ? err : (d < 0 ? -d : d);
    }
    double *t = u;
    u = w;
    w = t;
    ++it;
    if (err < tol)
      break;
  }
  return it;
}
// CHECK-LABEL: {{^}}OM_KERNEL int jacobi(
// CHECK:       {{^}}  #pragma omp target data map(tofrom: u[0:(n - 1 > 1) * n]) map(tofrom: w[0:(n - 1 > 1) * n]) map(to: f[1:(n - 1 > 1) * (n - 2)]){{$}}
// CHECK-NEXT:  {{^}}  {{{$}}
// CHECK-NEXT:  {{^}}  while (it < maxit) {{{$}}

// A rotation through a pointer no loop maps: the loops map other buffers
// on other steps, so they keep their per-step maps.
OM_KERNEL void rotate(int steps, int n, OM_INOUT float *a, OM_INOUT float *b,
                      float *spare) {
  for (int t = 0; t < steps; ++t) {
    for (int i = 0; i < n; ++i)
      b[i] = a[i] * 0.5f + (float)t;
    float *old = a;
    a = b;
    b = spare;
    spare = old;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void rotate(
// CHECK-NEXT:  {{^}}                      float *spare) {{{$}}
// CHECK-NEXT:  {{^}}  for (int t = 0; t < steps; ++t) {{{$}}

// Buffers of different stated lengths.
OM_KERNEL void uneven(int steps, int n, OM_INOUT OM_LEN(n) float *p,
                      OM_INOUT OM_LEN(n + 1) float *q) {
  for (int t = 0; t < steps; ++t) {
    for (int i = 0; i < n; ++i)
      q[i] = p[i] + 1.0f;
    float *s = p;
    p = q;
    q = s;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void uneven(
// CHECK-NEXT:  {{^}}                      OM_INOUT OM_LEN(n + 1) float *q) {{{$}}
// CHECK-NEXT:  {{^}}  for (int t = 0; t < steps; ++t) {{{$}}

static float sum(const float *x, int n) {
  float s = 0;
  for (int k = 0; k < n; ++k)
    s += x[k] * (float)(k + 1);
  return s;
}

int main(void) {
  enum { N = 24 };
  static float a5[N], b5[N], a6[N], b6[N], r[N], s[N], sp[N], p[N], q[N + 1];
  static double u[N], w[N], f[N];
  for (int k = 0; k < N; ++k) {
    a5[k] = a6[k] = (float)(k % 6);
    b5[k] = b6[k] = (k == 0 || k == N - 1) ? (float)(k % 6) : -1.0f;
    r[k] = (float)k;
    s[k] = 0;
    sp[k] = 100.0f;
    p[k] = (float)(k % 3);
    q[k] = 0;
    u[k] = w[k] = (k == 0 || k == N - 1) ? 1.0 : 0.0;
    f[k] = 0.01 * (k % 4);
  }
  heat(5, N, a5, b5);
  heat(6, N, a6, b6);
  int it = jacobi(2000, N, 1e-9, u, w, f);
  rotate(4, N, r, s, sp);
  uneven(3, N, p, q);
  double su = 0, sw = 0;
  for (int k = 0; k < N; ++k) {
    su += u[k] * (k + 1);
    sw += w[k] * (k + 1);
  }
  printf("time-loop-swap odd %.4f %.4f even %.4f %.4f\n", sum(a5, N),
         sum(b5, N), sum(a6, N), sum(b6, N));
  printf("jacobi %d %.6f %.6f\n", it, su, sw);
  printf("rotate %.4f %.4f %.4f uneven %.4f %.4f\n", sum(r, N), sum(s, N),
         sum(sp, N), sum(p, N), sum(q, N));
  return 0;
}
// Under the plugin: a and b once each way per call of heat (two calls),
// u and w once; the others on every step.
// SUMMARY:      ownmap: transfer summary
// SUMMARY-NEXT: ownmap: variable
// SUMMARY-NEXT: ownmap: a[0:(n - 1 > 1) * n] {{.*}} 192 2 192 2
// SUMMARY-NEXT: ownmap: b[0:(n - 1 > 1) * n] {{.*}} 192 2 192 2
// SUMMARY-NEXT: ownmap: u[0:(n - 1 > 1) * n] {{.*}} 192 1 192 1
// SUMMARY-NEXT: ownmap: f[1:(n - 1 > 1) * (n - 2)] {{.*}} 176 1 0 0
// SUMMARY-NEXT: ownmap: w[0:(n - 1 > 1) * n] {{.*}} 192 1 192 1
// SUMMARY-NEXT: ownmap: err {{.*}}
// SUMMARY-NEXT: ownmap: a[0:(n > 0 ? n : 0)] {{.*}} 384 4 384 4
// SUMMARY-NEXT: ownmap: b[0:(n > 0 ? n : 0)] {{.*}} 384 4 384 4
// SUMMARY-NEXT: ownmap: p[0:(n > 0 ? n : 0)] {{.*}} 288 3 288 3
// SUMMARY-NEXT: ownmap: q[0:(n > 0 ? n : 0)] {{.*}} 288 3 288 3
// SUMMARY-NEXT: ownmap: total
