// Returns in a time loop leave its data region with `break`: a flag (and
// the value, when it names what the loop declares) is kept before the
// region, and the kernel returns right after the region's end, when the
// device's data is back on the host. A value that names nothing the loop
// declares is computed there (`return u[n - 1] + t;` reads the device's
// u). A value computed in place that reads an array keeps that array out
// of the region; a return under an inner loop keeps the loop without a
// region. Offloaded, the program prints what its serial build prints, and
// under the plugin the kept arrays cross once each way per call.
// RUN: %ownmap-rewrite --no-line-directives %s -o %t.rw.c --
// RUN: FileCheck %s --strict-whitespace < %t.rw.c
// RUN: %ownmap-rewrite --no-line-directives %t.rw.c -o %t.twice.c --
// RUN: diff %t.rw.c %t.twice.c
// RUN: %clang-offload -Wall -Werror %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: env "OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 OWNMAP_ELIDE=off" %compare-with-plugin %t.omp 2>%t.err
// RUN: FileCheck %s --check-prefix=SUMMARY < %t.err
#include <ownmap.h>
#include <stdio.h>

// A name the program has: the rewrite's own flag takes another.
int ownmap_returned;

OM_KERNEL float grow(int steps, int stop, int n, OM_INOUT float *u) {
  int t;
  for (t = 0; t < steps; ++t) {
    for (int i = 0; i < n; ++i)
      u[i] = u[i] * 0.5f + (float)i;
    for (int i = 0; i < n; ++i)
      u[i] = u[i] + 1.0f;
    if (t == stop)
      return u[n - 1] + (float)t;
  }
  return -1.0f;
}
// CHECK-LABEL: {{^}}OM_KERNEL float grow(
// CHECK-NEXT:  {{^}}  int t;{{$}}
// CHECK-NEXT:  {{^}}  int ownmap_returned_x = 0;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target data map(tofrom: u[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}  {{{$}}
// CHECK-NEXT:  {{^}}  for (t = 0; t < steps; ++t) {{{$}}
// CHECK:       {{^}}    if (t == stop){{$}}
// CHECK-NEXT:  {{^}}      { ownmap_returned_x = 1; break; }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}  if (ownmap_returned_x) return u[n - 1] + (float)t;{{$}}
// CHECK-NEXT:  {{^}}  return -1.0f;{{$}}

OM_KERNEL void settle(int steps, int n, float limit, OM_INOUT float *w,
                      OM_IN const float *f) {
  for (int t = 0; t < steps; ++t) {
    float top = 0;
    for (int i = 0; i < n; ++i) {
      w[i] = 0.5f * (w[i] + f[i]);
      top = top > w[i] ? top : w[i];
    }
    if (top > limit)
      return;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void settle(
// CHECK:       {{^}}  int ownmap_returned_x = 0;{{$}}
// CHECK-NEXT:  {{^}}  if ({{.*}}) ownmap_check_exclusive({{.*}});{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target data map(tofrom: w[0:(n > 0) * n]) map(to: f[0:(n > 0) * n]){{$}}
// CHECK:       {{^}}      { ownmap_returned_x = 1; break; }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}  if (ownmap_returned_x) return;{{$}}
// CHECK-NEXT:  {{^}}}{{$}}

// Two time loops that return, each with its own flag; in the first, one
// value is computed in place (it names t) and one after the region.
OM_KERNEL int several(int steps, int stop, int n, OM_INOUT int *c) {
  for (int t = 0; t < steps; ++t) {
    int hi = 0;
    for (int i = 0; i < n; ++i) {
      c[i] = (c[i] * 7 + i) % 101;
      hi = hi > c[i] ? hi : c[i];
    }
    if (hi == 100)
      return t;
    else if (hi < stop)
      return -n;
  }
  for (int t = 0; t < steps; ++t) {
    for (int i = 0; i < n; ++i)
      c[i] = (c[i] + 3) % 89;
    if (t == stop)
      return 1000 + c[0];
  }
  return steps;
}
// CHECK-LABEL: {{^}}OM_KERNEL int several(
// CHECK-NEXT:  {{^}}  int ownmap_returned_x = 0;{{$}}
// CHECK-NEXT:  {{^}}  int ownmap_return_value;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target data map(tofrom: c[0:(n > 0) * n]){{$}}
// CHECK:       {{^}}    if (hi == 100){{$}}
// CHECK-NEXT:  {{^}}      { ownmap_return_value = t; ownmap_returned_x = 1; break; }{{$}}
// CHECK-NEXT:  {{^}}    else if (hi < stop){{$}}
// CHECK-NEXT:  {{^}}      { ownmap_returned_x = 2; break; }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}  if (ownmap_returned_x == 1) return ownmap_return_value;{{$}}
// CHECK-NEXT:  {{^}}  if (ownmap_returned_x == 2) return -n;{{$}}
// CHECK-NEXT:  {{^}}  int ownmap_returned_2 = 0;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target data map(tofrom: c[0:(n > 0) * n]){{$}}
// CHECK:       {{^}}      { ownmap_returned_2 = 1; break; }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}  if (ownmap_returned_2) return 1000 + c[0];{{$}}
// CHECK-NEXT:  {{^}}  return steps;{{$}}

// The value is computed in place (it names t) and reads c: c stays out of
// the region (its loop maps it on every step), a stays in.
OM_KERNEL int probe(int steps, int n, OM_IN const int *a, OM_INOUT int *c) {
  for (int t = 0; t < steps; ++t) {
    for (int i = 0; i < n; ++i)
      c[i] = (c[i] + a[i]) % 97;
    if (t == steps / 2)
      return c[t % n];
  }
  return 0;
}
// CHECK-LABEL: {{^}}OM_KERNEL int probe(
// CHECK-NEXT:  {{^}}  int ownmap_returned_x = 0;{{$}}
// CHECK-NEXT:  {{^}}  int ownmap_return_value;{{$}}
// CHECK-NEXT:  {{^}}  if ({{.*}}) ownmap_check_exclusive({{.*}});{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target data map(to: a[0:(n > 0) * n]){{$}}
// CHECK:       {{^}}      { ownmap_return_value = c[t % n]; ownmap_returned_x = 1; break; }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}  if (ownmap_returned_x) return ownmap_return_value;{{$}}

// A return under an inner loop cannot leave with `break`: no region goes
// around the time loop, and its loops map their data on every step.
OM_KERNEL int inner(int steps, int n, OM_INOUT float *s, OM_IN const float *g) {
  for (int t = 0; t < steps; ++t) {
    for (int i = 0; i < n; ++i)
      s[i] = s[i] + g[i];
    int k = 0;
    while (k < 3) {
      if (t == 4 && k == 1)
        return t + k;
      ++k;
    }
  }
  return -1;
}
// CHECK-LABEL: {{^}}OM_KERNEL int inner(
// CHECK-NEXT:  {{^}}  for (int t = 0; t < steps; ++t) {{{$}}
// CHECK:       {{^}}    #pragma omp target teams distribute parallel for map(tofrom: s[0:(n > 0 ? n : 0)]) map(to: g[0:(n > 0 ? n : 0)]){{$}}
// CHECK:       {{^}}        return t + k;{{$}}

int main(void) {
  enum { N = 32 };
  static float u[N], w[N], f[N], s[N], g[N];
  static int c[N], a[N];
  for (int k = 0; k < N; ++k) {
    u[k] = (float)(k % 4);
    w[k] = 0;
    f[k] = (float)(k % 5) + 1.0f;
    s[k] = (float)k;
    g[k] = 0.25f * (float)(k % 3);
    c[k] = (k * 13) % 101;
    a[k] = k % 7;
  }
  float grown = grow(10, 6, N, u);
  float never = grow(3, 6, N, u);
  settle(100, N, 4.5f, w, f);
  int r1 = several(40, 30, N, c);
  int r2 = several(5, 3, N, c);
  int r3 = several(3, 2, N, c);
  int p = probe(9, N, a, c);
  int q = inner(10, N, s, g);
  double sum = 0;
  for (int k = 0; k < N; ++k)
    sum += (u[k] + w[k] + s[k] + (float)c[k]) * (k + 1);
  printf("time-loop-return %.3f %.3f %d %d %d %d %d %.3f\n", grown, never, r1,
         r2, r3, p, q, sum);
  return 0;
}
// Each kept array crosses once each way per region: u in two calls of
// grow, c in the three calls of several (four regions); the in-place value
// of probe keeps c on every step it runs (five), as inner does s and g.
// SUMMARY:      ownmap: transfer summary
// SUMMARY-NEXT: ownmap: variable
// SUMMARY-NEXT: ownmap: u[0:(n > 0) * n] {{.*}} 256 2 256 2
// SUMMARY-NEXT: ownmap: w[0:(n > 0) * n] {{.*}} 128 1 128 1
// SUMMARY-NEXT: ownmap: f[0:(n > 0) * n] {{.*}} 128 1 0 0
// SUMMARY-NEXT: ownmap: top {{.*}}
// SUMMARY-NEXT: ownmap: c[0:(n > 0) * n] {{.*}} 512 4 512 4
// SUMMARY-NEXT: ownmap: hi {{.*}}
// SUMMARY-NEXT: ownmap: a[0:(n > 0) * n] {{.*}} 128 1 0 0
// SUMMARY-NEXT: ownmap: c[0:(n > 0 ? n : 0)] {{.*}} 640 5 640 5
// SUMMARY-NEXT: ownmap: g[0:(n > 0 ? n : 0)] {{.*}} 640 5 0 0
// SUMMARY-NEXT: ownmap: s[0:(n > 0 ? n : 0)] {{.*}} 640 5 640 5
// SUMMARY-NEXT: ownmap: total
