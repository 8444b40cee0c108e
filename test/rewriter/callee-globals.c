// Functions a loop calls are compiled for the device too, and the globals
// they read must be there with the host's current value: a global the file
// defines becomes `declare target link` (right after its definition) and
// the loop maps it, which copies the host's value at each loop (also for a
// `static` global, which `target update` cannot reach); a global that is
// `declare target` already is updated before the loop.
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --report=%t.report --
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %ownmap-rewrite %t.rw.c -o %t.twice.c -- 2>%t.twice.err
// RUN: diff %t.rw.c %t.twice.c
// RUN: count 0 < %t.twice.err
// test/e2e/rewritten-callee-globals.test runs the program offloaded.
#include <ownmap.h>
#include <stdio.h>

static float scale = 1.0f; // set by main before the kernel runs
// CHECK:      {{^}}static float scale = 1.0f; // set by main before the kernel runs{{$}}
// CHECK-NEXT: {{^}}#pragma omp declare target link(scale){{$}}
static const float weights[4] = {0.5f, 1.0f, 2.0f, 4.0f};
// CHECK:      {{^}}static const float weights[4] = {0.5f, 1.0f, 2.0f, 4.0f};{{$}}
// CHECK-NEXT: {{^}}#pragma omp declare target link(weights){{$}}
float offset = 0.0f;
#pragma omp declare target(offset)

static float weighted(float v, int k) { return v * weights[k % 4]; }
static float scaled(float v, int k) {
  static const int Twice = 2;
  return Twice * scale * weighted(v, k) + offset;
}

OM_KERNEL void apply(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = scaled(x[i], i);
}
// CHECK-LABEL: {{^}}OM_KERNEL void apply(
// CHECK-NEXT:  {{^}}  #pragma omp target update to(offset){{$}}
// CHECK-NEXT:  {{^}}  if (n > 0) ownmap_check_exclusive(
// CHECK-NEXT:  {{^}}  ownmap_kernel_reads_only(x, (n > 0 ? n : 0) * sizeof *x);{{$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(from: y[0:(n > 0 ? n : 0)]) map(to: scale) map(to: weights){{$}}

// REPORT:      variable scale
// REPORT-NEXT:   map: to scale
// REPORT:        why: read by 'scaled', which the loop calls: made 'declare target link' and mapped, so that the device sees the host's value

int main(void) {
  float x[8], y[8];
  for (int i = 0; i < 8; ++i)
    x[i] = (float)i;
  scale = 3.0f;
  offset = 0.25f;
  apply(8, x, y);
  scale = -1.0f;
  apply(4, x, y);
  for (int i = 0; i < 8; ++i)
    printf("%.2f ", y[i]);
  printf("\n");
  return 0;
}
