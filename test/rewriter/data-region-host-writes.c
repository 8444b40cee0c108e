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
// RUN: not grep -E "ownmap: (warning|error)" %t.err
#include <ownmap.h>
#include <stdio.h>
#include <stdlib.h>

// A conditional write of a cell of the array itself.
OM_KERNEL void cond_write(int n, int flag, OM_INOUT int *u) {
  for (int i = 0; i < n; ++i)
    u[i] = u[i] + 1;
  if (flag)
    u[7] = 100;
  for (int i = 0; i < n; ++i)
    u[i] = 2 * u[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void cond_write(
// CHECK:       {{^}}    u[i] = u[i] + 1;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update from(u[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}  if (flag){{$}}
// CHECK-NEXT:  {{^}}    u[7] = 100;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update to(u[0:(n > 0) * n]){{$}}

// A cell reached through a view, updated in place under a condition.
OM_KERNEL void view_add(int n, OM_INOUT int *u) {
  int *edge = u + 7;
  for (int i = 0; i < n; ++i)
    u[i] = u[i] + 1;
  if (n > 3)
    *edge += 2;
  for (int i = 0; i < n; ++i)
    u[i] = 2 * u[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void view_add(
// CHECK:       {{^}}    u[i] = u[i] + 1;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update from(u[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}  if (n > 3){{$}}
// CHECK-NEXT:  {{^}}    *edge += 2;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update to(u[0:(n > 0) * n]){{$}}

// The same inside a time loop.
OM_KERNEL void view_add_steps(int steps, int n, OM_INOUT int *u) {
  int *edge = u + 7;
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
// CHECK:       {{^}}      u[i] = u[i] + 1;{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp target update from(u[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}    if (n > 3){{$}}
// CHECK-NEXT:  {{^}}      *edge += 2;{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp target update to(u[0:(n > 0) * n]){{$}}

// An unconditional store through the view: only that cell goes back.
OM_KERNEL void view_store(int n, OM_INOUT int *u) {
  int *edge = u + 7;
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

// A store that may not run: the cell is fetched first (it was sent back
// unfetched, and the skipped store copied the host's stale 401 over the
// device's 402).
OM_KERNEL void view_cond_store(int n, int flag, OM_INOUT int *u) {
  int *edge = u + 7;
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

// A host read of a cell after a loop wrote it.
OM_KERNEL void cell_read(int n, OM_INOUT int *u, OM_OUT int *s) {
  for (int i = 0; i < n; ++i)
    u[i] = u[i] * 3;
  s[0] = u[7];
  for (int i = 0; i < n; ++i)
    u[i] = u[i] - 1;
}
// CHECK-LABEL: {{^}}OM_KERNEL void cell_read(
// CHECK:       {{^}}    u[i] = u[i] * 3;{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target update from(u[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}  s[0] = u[7];{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams

// A host write in a `while` time loop.
OM_KERNEL void while_write(int steps, int n, OM_INOUT int *u) {
  while (steps > 0) {
    for (int i = 0; i < n; ++i)
      u[i] = u[i] + 1;
    u[0] = u[n - 1];
    --steps;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void while_write(
// CHECK-NEXT:  {{^}}  while (steps > 0) {{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp target teams distribute parallel for map(tofrom: u[0:(n > 0 ? n : 0)]){{$}}

static void report(const char *what, int n, const int *u) {
  long sum = 0;
  for (int i = 0; i < n; ++i)
    sum += (long)u[i] * (i % 7 + 1);
  printf("%s: u[0] %d u[7] %d sum %ld\n", what, u[0], u[7], sum);
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
  long sum = 0;
  for (int i = 0; i < N; ++i)
    sum += (long)u[i] * (i % 7 + 1);
  printf("u[7] %d s %d sum %ld\n", u[7], s, sum);
  free(u);
  return 0;
}
