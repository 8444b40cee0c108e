// Issue 13: a global that an offloaded loop reads itself is given to the
// device like one that a function it calls reads (callee-globals.c): the
// file's first declaration of it gets `#pragma omp declare target link`
// (one line for the globals of one declaration, once in the file however
// many loops and kernels read it) and each loop maps it `to`, after the
// parameters, in
// the order the loop and then its functions first read them; a global
// already `declare target` is updated before the loop. The operand of
// sizeof is not read. A kernel's parameter of a global's name is the
// parameter, as before. The host sets the globals at run time, also
// between the two loops of a time loop inside its data region: each loop
// maps the value just set, and the offloaded program prints what the
// serial build prints. Globals the device cannot get right are errors
// (ERRORS, at the end).
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --check-prefix=ONCE
// RUN: %ownmap-rewrite %s -o %t.rw.c --report=%t.report --
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %ownmap-rewrite %t.rw.c -o %t.twice.c -- 2>%t.twice.err
// RUN: diff %t.rw.c %t.twice.c
// RUN: count 0 < %t.twice.err
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t.omp 2>%t.err
// RUN: not grep -E "ownmap: (warning|error)" %t.err
// RUN: not %ownmap-rewrite %s -- -DERRORS 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
#include <ownmap.h>
#include <stdio.h>

float gain = 1.0f;
// CHECK:      {{^}}float gain = 1.0f;{{$}}
// CHECK-NEXT: {{^}}#pragma omp declare target link(gain){{$}}
// ONCE:       {{^}}#pragma omp declare target link(gain){{$}}
// ONCE-NOT:   {{^}}#pragma omp declare target link(gain)
int lo, hi, unused_bound;
// CHECK:      {{^}}int lo, hi, unused_bound;{{$}}
// CHECK-NEXT: {{^}}#pragma omp declare target link(lo, hi){{$}}
static const float weights[3] = {0.25f, 0.5f, 0.25f};
// CHECK:      {{^}}static const float weights[3] = {0.25f, 0.5f, 0.25f};{{$}}
// CHECK-NEXT: {{^}}#pragma omp declare target link(weights){{$}}
double big_table[1000];
// CHECK:      {{^}}double big_table[1000];{{$}}
// CHECK-NEXT: {{^}}// CHECK
float shift = 0.5f;
#pragma omp declare target link(shift)
// CHECK:      {{^}}#pragma omp declare target link(shift){{$}}
// CHECK-NEXT: {{^}}// CHECK
float offset = 0.0f;
#pragma omp declare target(offset)
static float scale = 2.0f;
// CHECK:      {{^}}static float scale = 2.0f;{{$}}
// CHECK-NEXT: {{^}}#pragma omp declare target link(scale){{$}}
static float scaled(float v) { return v * scale + gain; }
extern float late; // defined at the end: the link must come before the read
// CHECK:      {{^}}extern float late; // defined at the end: the link must come before the read{{$}}
// CHECK-NEXT: {{^}}#pragma omp declare target link(late){{$}}

OM_KERNEL void blend(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = weights[i % 3] * x[i] * gain + scaled(x[i]) + (float)hi +
           shift + offset + late + (float)sizeof big_table;
}
// CHECK-LABEL: {{^}}OM_KERNEL void blend(
// CHECK-NEXT:  {{^}}  #pragma omp target update to(offset){{$}}
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(from: y[0:(n > 0 ? n : 0)]) map(to: weights) map(to: gain) map(to: hi) map(to: shift) map(to: late) map(to: scale){{$}}

// Bounds of globals: the sections are the host's at the loop.
OM_KERNEL void window(int n, OM_IN const float *x, OM_INOUT float *y) {
  for (int i = lo; i < hi; ++i)
    y[i] += x[i] * gain;
}
// CHECK-LABEL: {{^}}OM_KERNEL void window(
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[lo:(hi > lo ? hi - lo : 0)]) map(tofrom: y[lo:(hi > lo ? hi - lo : 0)]) map(to: lo) map(to: hi) map(to: gain){{$}}

// The region keeps y only: each loop maps the gain the host has just set.
OM_KERNEL void steps(int nt, int n, OM_INOUT float *y) {
  for (int t = 0; t < nt; ++t) {
    for (int i = 0; i < n; ++i)
      y[i] = y[i] * 0.5f + gain;
    gain = gain + 1;
    for (int i = 0; i < n; ++i)
      y[i] -= gain * 0.25f;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void steps(
// CHECK-NEXT:  {{^}}  #pragma omp target data map(tofrom: y[0:(n > 0) * n]){{$}}
// CHECK-NEXT:  {{^}}  {{{$}}
// CHECK-NEXT:  {{^}}  for (int t = 0; t < nt; ++t) {{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp target teams distribute parallel for map(tofrom: y[0:(n > 0 ? n : 0)]) map(to: gain){{$}}
// CHECK-NEXT:  {{^}}    for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT:  {{^}}      y[i] = y[i] * 0.5f + gain;{{$}}
// CHECK-NEXT:  {{^}}    gain = gain + 1;{{$}}
// CHECK-NEXT:  {{^}}    #pragma omp target teams distribute parallel for map(tofrom: y[0:(n > 0 ? n : 0)]) map(to: gain){{$}}

// A bound the host changes between two loops: their sections differ, so no
// region keeps y, and each loop maps the bound just set.
OM_KERNEL void shrink(OM_IN const float *x, OM_INOUT float *y) {
  for (int i = 0; i < hi; ++i)
    y[i] += x[i];
  hi = hi - 3;
  for (int i = 0; i < hi; ++i)
    y[i] *= x[i];
}
// CHECK-LABEL: {{^}}OM_KERNEL void shrink(
// CHECK-NOT:   target data
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(hi > 0 ? hi : 0)]) map(tofrom: y[0:(hi > 0 ? hi : 0)]) map(to: hi){{$}}
// CHECK:       {{^}}  hi = hi - 3;{{$}}
// CHECK-NOT:   target data
// CHECK:       {{^}}  #pragma omp target teams distribute parallel for map(to: x[0:(hi > 0 ? hi : 0)]) map(tofrom: y[0:(hi > 0 ? hi : 0)]) map(to: hi){{$}}

OM_KERNEL void own_gain(int n, float gain, OM_INOUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] += gain;
}
// CHECK-LABEL: {{^}}OM_KERNEL void own_gain(
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for map(tofrom: y[0:(n > 0 ? n : 0)]){{$}}

// REPORT:      variable gain
// REPORT-NEXT:   map: to gain
// REPORT-NEXT:   annotation: none
// REPORT-NEXT:   first read: {{.*}}loop-globals.c:61:36
// REPORT:        why: read by the loop: made 'declare target link' and mapped, so that the device sees the host's value
// REPORT:      variable shift
// REPORT-NEXT:   map: to shift
// REPORT:        why: read by the loop: 'declare target link': mapped, so that the device sees the host's value
// REPORT:      variable scale
// REPORT-NEXT:   map: to scale
// REPORT-NEXT:   annotation: none
// REPORT-NEXT:   first read: {{.*}}loop-globals.c:61:43
// REPORT:        why: read by 'scaled', which the loop calls: made 'declare target link' and mapped, so that the device sees the host's value

int main(void) {
  enum { N = 12 };
  float x[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = (float)i;
    y[i] = 0;
  }
  gain = 3;
  lo = 2;
  hi = 9;
  shift = 0.125f;
  offset = 0.25f;
  scale = 0.5f;
  late = 0.75f;
  blend(N, x, y);
  gain = -1;
  window(N, x, y);
  steps(4, N, y);
  shrink(x, y);
  own_gain(N, 7, y);
  float s = 0;
  for (int i = 0; i < N; ++i)
    s += y[i] * (float)(i + 1);
  printf("loop-globals %.3f gain %.1f\n", s, gain);
  return 0;
}

// CHECK:      {{^}}float late = 1.5f;{{$}}
// CHECK-EMPTY:
float late = 1.5f;

#ifdef ERRORS
int counter;
OM_KERNEL void counts(int n, OM_OUT int *y) {
  for (int i = 0; i < n; ++i)
    y[i] = counter++;
}
// ERR: loop-globals.c:[[#@LINE-2]]:12: error: cannot offload: the loop writes or takes the address of global 'counter': the device would change its own copy, which the host never sees

void peek(const int *p);
OM_KERNEL void addresses(int n, OM_OUT int *y) {
  for (int i = 0; i < n; ++i) {
    peek(&lo);
    y[i] = i;
  }
}
// ERR: loop-globals.c:[[#@LINE-4]]:11: error: cannot offload: the loop writes or takes the address of global 'lo': the device would change its own copy, which the host never sees

OM_KERNEL void aliases(int n, OM_OUT float *y) {
  for (int i = 0; i < n; ++i) {
    const float *w = weights;
    y[i] = w[i % 3];
  }
}
// ERR: loop-globals.c:[[#@LINE-4]]:22: error: cannot offload: the loop writes or takes the address of global 'weights': the device would change its own copy, which the host never sees

static const float *table;
OM_KERNEL void pointers(int n, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = table[i];
}
// ERR: loop-globals.c:[[#@LINE-2]]:12: error: cannot offload: the loop reads global 'table', which holds pointers: on the device they would be host addresses

extern float elsewhere;
OM_KERNEL void outside(int n, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = elsewhere;
}
// ERR: loop-globals.c:[[#@LINE-2]]:12: error: cannot offload: the loop reads global 'elsewhere', which this file does not define: mark it '#pragma omp declare target link(elsewhere)' where it is defined

_Thread_local float per_thread;
OM_KERNEL void threads(int n, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = per_thread;
}
// ERR: loop-globals.c:[[#@LINE-2]]:12: error: cannot offload: the loop reads global 'per_thread', which is thread-local: the device has no threads' copies of it

static float hidden = 2.0f;
#pragma omp declare target(hidden)
OM_KERNEL void hides(int n, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = hidden;
}
// ERR: loop-globals.c:[[#@LINE-2]]:12: error: cannot offload: the loop reads global 'hidden', which is 'static' and 'declare target': the host cannot update its device copy; use 'declare target link' or drop 'static'

OM_KERNEL void statics(int n, OM_OUT int *y) {
  static int calls;
  ++calls;
  for (int i = 0; i < n; ++i)
    y[i] = calls;
}
// ERR: loop-globals.c:[[#@LINE-2]]:12: error: cannot offload: 'calls' has static storage; the loop may only use parameters and local variables

#include "Inputs/loop-globals.h"
OM_KERNEL void early(int n, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = from_header;
}
// ERR: loop-globals.c:[[#@LINE-2]]:12: error: cannot offload: the loop reads global 'from_header', which this file declares only after this read: declare it before, where its 'declare target link' can go
float from_header = 1.0f;
#endif
