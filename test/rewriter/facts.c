// Transfer-elision facts: before each offloaded loop, one
// ownmap_kernel_reads_only per OM_IN section it maps `to` (the same section
// as in its map clause, in bytes), after the checks and right before the
// directive; after the loop, ownmap_kernel_facts_done() withdraws them. No
// fact for a kernel without OM_IN data, for sections that a `target data`
// region around the loop keeps (the plugin leaves mapped data to the
// runtime), nor for a loop that no line can follow. Rewriting the output
// changes nothing and prints nothing; --audit finds nothing in it. Built
// serially (no OpenMP) the facts do nothing; offloaded without the plugin,
// neither.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: FileCheck %s --check-prefix=LINES --strict-whitespace < %t.rw.c
// RUN: %ownmap-rewrite %t.rw.c -o %t.twice.c -- 2>%t.twice.err
// RUN: diff %t.rw.c %t.twice.c
// RUN: count 0 < %t.twice.err
// RUN: %ownmap-rewrite --audit %t.rw.c --report=%t.audit.json --report-format=json -- > %t.audit.out 2>&1
// RUN: FileCheck %s --check-prefix=AUDIT --match-full-lines < %t.audit.out
// AUDIT: ownmap-rewrite: 5 target constructs: 5 clean, 0 with findings, 0 not analysed
// RUN: python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["findings"]==[], r' %t.audit.json
// RUN: %clang-offload -Wall -Werror %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial -Wall -Werror %t.rw.c -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void blend(int n, OM_IN const float *a, OM_IN const double *b,
                     OM_OUT float *c) {
  for (int i = 1; i < n; ++i)
    c[i] = a[i - 1] + (float)b[i + 1];
}
// CHECK:      {{^}}                     OM_OUT float *c) {{{$}}
// CHECK-NEXT: {{^}}  if (n > 1) ownmap_check_exclusive("blend", "OM_OUT", "c", c + 1, c + n, "a", a, a + (n - 1));{{$}}
// CHECK-NEXT: {{^}}  if (n > 1) ownmap_check_exclusive("blend", "OM_OUT", "c", c + 1, c + n, "b", b + 2, b + (n + 1));{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(a, (n > 1 ? n - 1 : 0) * sizeof *a);{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(b + 2, (n > 1 ? n - 1 : 0) * sizeof *b);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: a[0:(n > 1 ? n - 1 : 0)]) map(to: b[2:(n > 1 ? n - 1 : 0)]) map(from: c[1:(n > 1 ? n - 1 : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 1; i < n; ++i){{$}}
// CHECK-NEXT: {{^}}    c[i] = a[i - 1] + (float)b[i + 1];{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_facts_done();{{$}}
// CHECK-NEXT: {{^}}}{{$}}
// LINES:      {{^}}                     OM_OUT float *c) {{{$}}
// LINES-NEXT: {{^}}  if ({{.*}}) ownmap_check_exclusive("blend", {{.*}});{{$}}
// LINES-NEXT: {{^}}#line [[#@LINE-15]]{{$}}
// LINES-NEXT: {{^}}  if ({{.*}}) ownmap_check_exclusive("blend", {{.*}});{{$}}
// LINES-NEXT: {{^}}#line [[#@LINE-17]]{{$}}
// LINES-NEXT: {{^}}  ownmap_kernel_reads_only(a, (n > 1 ? n - 1 : 0) * sizeof *a);{{$}}
// LINES-NEXT: {{^}}#line [[#@LINE-19]]{{$}}
// LINES-NEXT: {{^}}  ownmap_kernel_reads_only(b + 2, (n > 1 ? n - 1 : 0) * sizeof *b);{{$}}
// LINES-NEXT: {{^}}#line [[#@LINE-21]]{{$}}
// LINES-NEXT: {{^}}  #pragma omp target teams {{.*}}{{$}}
// LINES-NEXT: {{^}}#line [[#@LINE-23]]{{$}}
// LINES-NEXT: {{^}}  for (int i = 1; i < n; ++i){{$}}
// LINES-NEXT: {{^}}    c[i] = a[i - 1] + (float)b[i + 1];{{$}}
// LINES-NEXT: {{^}}#line [[#@LINE-25]]{{$}}
// LINES-NEXT: {{^}}  ownmap_kernel_facts_done();{{$}}
// LINES-NEXT: {{^}}}{{$}}

// No OM_IN data: no fact, nothing after the loop.
OM_KERNEL void bump(int n, OM_INOUT int *x) {
  for (int i = 0; i < n; ++i)
    x[i] += 1;
}
// CHECK:      {{^}}OM_KERNEL void bump(int n, OM_INOUT int *x) {{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(tofrom: x[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT: {{^}}    x[i] += 1;{{$}}
// CHECK-NEXT: {{^}}}{{$}}

// Code after the loop on its last line: no line can follow it there, so no
// facts (they could not be withdrawn); the loop is still offloaded.
OM_KERNEL void tight(int n, OM_IN const int *restrict x, OM_OUT int *restrict y) {
  for (int i = 0; i < n; ++i)
    y[i] = x[i]; }
// CHECK:      {{^}}OM_KERNEL void tight(int n, OM_IN const int *restrict x, OM_OUT int *restrict y) {{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(from: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT: {{^}}    y[i] = x[i]; }{{$}}

// A data region keeps x (both loops read it): its loops' maps find x
// present, so x gets no fact; w, which only the second loop maps, does. The
// withdrawal comes before the region's closing brace.
OM_KERNEL void twice(int n, OM_IN const float *restrict x,
                     OM_IN const float *restrict w, OM_INOUT float *restrict y) {
  for (int i = 0; i < n; ++i)
    y[i] = y[i] + x[i];
  for (int i = 0; i < n; ++i)
    y[i] = y[i] * x[i] + w[i];
}
// CHECK:      {{^}}                     OM_IN const float *restrict w, OM_INOUT float *restrict y) {{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target data map(to: x[0:(n > 0) * n]) map(tofrom: y[0:(n > 0) * n]){{$}}
// CHECK-NEXT: {{^}}  {{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(tofrom: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT: {{^}}    y[i] = y[i] + x[i];{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(w, (n > 0 ? n : 0) * sizeof *w);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(to: w[0:(n > 0 ? n : 0)]) map(tofrom: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT: {{^}}    y[i] = y[i] * x[i] + w[i];{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_facts_done();{{$}}
// CHECK-NEXT: {{^}}  }{{$}}
// CHECK-NEXT: {{^}}}{{$}}
// LINES:      {{^}}    y[i] = y[i] * x[i] + w[i];{{$}}
// LINES-NEXT: {{^}}#line [[#@LINE-16]]{{$}}
// LINES-NEXT: {{^}}  ownmap_kernel_facts_done();{{$}}
// LINES-NEXT: {{^}}#line [[#@LINE-18]]{{$}}
// LINES-NEXT: {{^}}  }{{$}}
// LINES-NEXT: {{^}}}{{$}}

int main(void) {
  enum { N = 300 };
  static float a[N], c[N], x[N], w[N], y[N];
  static double b[N];
  static int p[N], q[N];
  for (int i = 0; i < N; ++i) {
    a[i] = (float)(i % 9);
    b[i] = (double)(i % 4) * 0.5;
    x[i] = (float)(i % 3);
    w[i] = (float)(i % 5);
    y[i] = 1.0f;
    p[i] = i % 11;
  }
  blend(N - 1, a, b, c);
  bump(N, p);
  tight(N, p, q);
  twice(N, x, w, y);
  double s = 0;
  for (int i = 1; i < N - 1; ++i)
    s += c[i] * (i % 7 + 1);
  long t = 0;
  for (int i = 0; i < N; ++i)
    t += (long)q[i] * (i % 3 + 1) + (long)y[i];
  printf("facts checksum %.1f %ld\n", s, t);
  return 0;
}
