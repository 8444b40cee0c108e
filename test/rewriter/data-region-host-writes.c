// Host code between the offloaded loops of one data region (or inside a
// time loop) that writes or reads cells of a kept array: every host write
// reaches the device and every host read sees the device's data. A write
// that may not run (under `if`) sends the cell back only after fetching it,
// so that a skipped write does not copy the host's stale value over the
// device's. The program is built offloaded and compared with its serial
// build (the host device keeps its own copy of mapped data, so a missing
// update shows), and run under the plugin with every check on.
// RUN: %ownmap-rewrite --no-line-directives %s -o %t.rw.c --
// RUN: FileCheck %s --strict-whitespace < %t.rw.c
// RUN: %ownmap-rewrite --no-line-directives %t.rw.c -o %t.twice.c --
// RUN: diff %t.rw.c %t.twice.c
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t.omp 2>%t.err
// The cells are in the middle of a large heap block, on pages the plugin's
// stale-data check protects: a missing `from` before a host access is
// reported. Its one report here is view_store's `*edge = 100`: a store of
// the whole element, sent with `update to`, that needs nothing from the
// device, which the page-grained check cannot tell from a stale access.
// RUN: FileCheck %s --check-prefix=STALE --implicit-check-not="ownmap: warning" --implicit-check-not="ownmap: error" < %t.err
#include <ownmap.h>
#include <stdio.h>
#include <stdlib.h>

// A conditional write of a cell of the array itself.
OM_KERNEL void cond_write(int n, int flag, OM_INOUT int *u) {
  for (int i = 0; i < n; ++i)
    u[i] = u[i] + 1;
  if (flag)
    u[4000] = 100;
  for (int i = 0; i < n; ++i)
    u[i] = 2 * u[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void cond_write(
// CHECK:       {{^}}    u[i] = u[i] + 1;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update from(u[4000:1]){{$}}
// CHECK-NEXT:  {{^}}  if (flag){{$}}
// CHECK-NEXT:  {{^}}    u[4000] = 100;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update to(u[4000:1]){{$}}

// A cell reached through a view, updated in place under a condition.
OM_KERNEL void view_add(int n, OM_INOUT int *u) {
  int *edge = u + 4000;
  for (int i = 0; i < n; ++i)
    u[i] = u[i] + 1;
  if (n > 3)
    *edge += 2;
  for (int i = 0; i < n; ++i)
    u[i] = 2 * u[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void view_add(
// CHECK:       {{^}}    u[i] = u[i] + 1;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update from(edge[0:1]){{$}}
// CHECK-NEXT:  {{^}}  if (n > 3){{$}}
// CHECK-NEXT:  {{^}}    *edge += 2;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update to(edge[0:1]){{$}}

// The same inside a time loop: one region around it.
OM_KERNEL void view_add_steps(int steps, int n, OM_INOUT int *u) {
  int *edge = u + 4000;
  for (int t = 0; t < steps; ++t) {
    for (int i = 0; i < n; ++i)
      u[i] = u[i] + 1;
    if (n > 3)
      *edge += 2;
    for (int i = 0; i < n; ++i)
      u[i] = u[i] + i % 3;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void view_add_steps(
// CHECK:       {{^}}  #pragma omp target data map(tofrom: u[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}  {{{$}}
// CHECK-NEXT:  {{^}}  for (int t = 0; t < steps; ++t) {{{$}}
// CHECK:       {{^}}      u[i] = u[i] + 1;{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp target update from(edge[0:1]){{$}}
// CHECK-NEXT:  {{^}}    if (n > 3){{$}}
// CHECK-NEXT:  {{^}}      *edge += 2;{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp target update to(edge[0:1]){{$}}

// An unconditional store through the view: only that cell goes back.
OM_KERNEL void view_store(int n, OM_INOUT int *u) {
  int *edge = u + 4000;
  for (int i = 0; i < n; ++i)
    u[i] = u[i] + 1;
  *edge = 100;
  for (int i = 0; i < n; ++i)
    u[i] = 2 * u[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void view_store(
// CHECK:       {{^}}    u[i] = u[i] + 1;{{$}}
// CHECK-NEXT:  {{^}}  *edge = 100;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update to(edge[0:1]){{$}}
// STALE: ownmap: warning: {{.*}} in view_store is read or written by the host

// A store that may not run: the cell is fetched first (it was sent back
// unfetched, and the skipped store copied the host's stale 401 over the
// device's 402).
OM_KERNEL void view_cond_store(int n, int flag, OM_INOUT int *u) {
  int *edge = u + 4000;
  for (int i = 0; i < n; ++i)
    u[i] = u[i] + 1;
  if (flag)
    *edge = 100;
  for (int i = 0; i < n; ++i)
    u[i] = 2 * u[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void view_cond_store(
// CHECK:       {{^}}    u[i] = u[i] + 1;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update from(edge[0:1]){{$}}
// CHECK-NEXT:  {{^}}  if (flag){{$}}
// CHECK-NEXT:  {{^}}    *edge = 100;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update to(edge[0:1]){{$}}

// A host read of a cell after a loop wrote it: that cell comes back.
OM_KERNEL void cell_read(int n, OM_INOUT int *u, OM_OUT int *s) {
  for (int i = 0; i < n; ++i)
    u[i] = u[i] * 3;
  s[0] = u[4000];
  for (int i = 0; i < n; ++i)
    u[i] = u[i] - 1;
}
// CHECK-LABEL: {{^}}OM_KERNEL void cell_read(
// CHECK:       {{^}}    u[i] = u[i] * 3;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update from(u[4000:1]){{$}}
// CHECK-NEXT:  {{^}}  s[0] = u[4000];{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams

// A host write in a `while` time loop: the region goes around the loop, and
// the cells cross on every step (the write's update goes before the body's
// closing brace, after the last host statement).
OM_KERNEL void while_write(int steps, int n, OM_INOUT int *u) {
  while (steps > 0) {
    for (int i = 0; i < n; ++i)
      u[i] = u[i] + 1;
    u[0] = u[n - 1];
    --steps;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void while_write(
// CHECK-NEXT:  {{^}}  #pragma omp target data map(tofrom: u[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}  {{{$}}
// CHECK-NEXT:  {{^}}  while (steps > 0) {{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp target teams distribute parallel for map(tofrom: u[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT:  {{^}}    for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT:  {{^}}      u[i] = u[i] + 1;{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp target update from(u[n - 1:1]){{$}}
// CHECK-NEXT:  {{^}}    u[0] = u[n - 1];{{$}}
// CHECK-NEXT:  {{^}}    --steps;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update to(u[0:1]){{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}

// A subscript that is not a polynomial of scalars (`k / 2`), or that
// names a scalar the host code changes before it: the whole section.
OM_KERNEL void unbounded(int n, int k, OM_INOUT int *u) {
  for (int i = 0; i < n; ++i)
    u[i] = u[i] + 3;
  u[k / 2] = 7;
  k = k + 1;
  u[k] = 8;
  for (int i = 0; i < n; ++i)
    u[i] = u[i] * 2;
}
// CHECK-LABEL: {{^}}OM_KERNEL void unbounded(
// CHECK:       {{^}}    u[i] = u[i] + 3;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update from(u[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}  u[k / 2] = 7;{{$}}
// CHECK-NEXT:  {{^}}  k = k + 1;{{$}}
// CHECK-NEXT:  {{^}}  u[k] = 8;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update to(u[0:(n > 0) * n]){{$}}

// A time loop whose header reads a cell: no update can go there, so u
// keeps its per-loop maps. A step that may end early (`continue`) after a
// host write: the write's update goes before the `if`.
OM_KERNEL void header_read(int n, OM_INOUT int *u, OM_INOUT int *v) {
  while (u[1] < 40) {
    for (int i = 0; i < n; ++i)
      u[i] = u[i] + 1;
  }
  for (int t = 0; t < 6; ++t) {
    for (int i = 0; i < n; ++i)
      v[i] = v[i] + 2;
    v[3] = t;
    if (t % 2)
      continue;
    v[4] = -t;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void header_read(
// CHECK-NEXT:  {{^}}  while (u[1] < 40) {{{$}}
// CHECK:       {{^}}  #pragma omp target data map(tofrom: v[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}  {{{$}}
// CHECK-NEXT:  {{^}}  for (int t = 0; t < 6; ++t) {{{$}}
// CHECK:       {{^}}      v[i] = v[i] + 2;{{$}}
// CHECK-NEXT:  {{^}}    v[3] = t;{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp target update to(v[3:1]){{$}}
// CHECK-NEXT:  {{^}}    if (t % 2){{$}}
// CHECK-NEXT:  {{^}}      continue;{{$}}
// CHECK-NEXT:  {{^}}    v[4] = -t;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update to(v[4:1]){{$}}
// CHECK-NEXT:  {{^}}  }{{$}}

// A function of the program called between the loops may write u through
// a global alias, or move a global pointer the host code writes through:
// no region spans the call (an update of 'spot[0:1]' after 'advance()'
// sent the element after the one written, and the alias's write never
// reached the device).
static int *spot;
static void advance(void) {
  ++spot;
  spot[100] += 1000;
}
OM_KERNEL void calls_between(int n, OM_INOUT int *u) {
  for (int i = 0; i < n; ++i)
    u[i] = u[i] + 5;
  *spot = -6;
  advance();
  for (int i = 0; i < n; ++i)
    u[i] = u[i] * 3;
}
// CHECK-LABEL: {{^}}OM_KERNEL void calls_between(
// CHECK-NOT:   {{^}}  #pragma omp target data
// CHECK-NOT:   {{^}}  #pragma omp target update
// CHECK:       {{^}}    u[i] = u[i] * 3;{{$}}

// Host work that shares its line with the body's closing brace: no update
// can go after it, so w, which it writes, keeps its per-loop maps; x stays
// on the device around the time loop.
OM_KERNEL void cramped(int n, OM_INOUT int *w, OM_IN const int *x) {
  for (int t = 0; t < 3; ++t) {
    for (int i = 0; i < n; ++i)
      w[i] = w[i] + x[i];
    w[2] = t; }
}
// CHECK-LABEL: {{^}}OM_KERNEL void cramped(
// CHECK:       {{^}}  #pragma omp target data map(to: x[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}  {{{$}}
// CHECK-NEXT:  {{^}}  for (int t = 0; t < 3; ++t) {{{$}}
// CHECK-NOT:   {{^}} *#pragma omp target update
// CHECK:       {{^}}    w[2] = t; }{{$}}

static void report(const char *what, int n, const int *u) {
  long sum = 0;
  for (int i = 0; i < n; ++i)
    sum += (long)u[i] * (i % 7 + 1);
  printf("%s: u[0] %d u[4000] %d sum %ld\n", what, u[0], u[4000], sum);
}

int main(void) {
  enum { N = 8192 };
  int *u = malloc(N * sizeof *u);
  int s = 0;
  for (int i = 0; i < N; ++i)
    u[i] = i % 11;
  cond_write(N, 1, u);
  report("cond_write", N, u);
  cond_write(N, 0, u);
  report("cond_write", N, u);
  view_add(N, u);
  report("view_add", N, u);
  view_add_steps(4, N, u);
  report("view_add_steps", N, u);
  view_store(N, u);
  report("view_store", N, u);
  view_cond_store(N, 0, u);
  report("view_cond_store", N, u);
  view_cond_store(N, 1, u);
  report("view_cond_store", N, u);
  cell_read(N, u, &s);
  report("cell_read", N, u);
  while_write(3, N, u);
  report("while_write", N, u);
  unbounded(N, 21, u);
  report("unbounded", N, u);
  spot = u + 4100;
  calls_between(N, u);
  report("calls_between", N, u);
  int *x = malloc(N * sizeof *x);
  for (int i = 0; i < N; ++i)
    x[i] = i % 4;
  cramped(N, u, x);
  report("cramped", N, u);
  free(x);
  int *v = malloc(N * sizeof *v);
  for (int i = 0; i < N; ++i)
    v[i] = i % 5;
  header_read(N, u, v);
  report("header_read u", N, u);
  report("header_read v", N, v);
  free(v);
  long sum = 0;
  for (int i = 0; i < N; ++i)
    sum += (long)u[i] * (i % 7 + 1);
  printf("u[4000] %d s %d sum %ld\n", u[4000], s, sum);
  free(u);
  return 0;
}
