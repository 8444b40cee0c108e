// Globals that functions called in a loop use and that the device cannot
// get right are errors at the call, with a note where the global is used.
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s
#include <ownmap.h>

static int calls;
static int counted(int v) { return v + calls++; }
OM_KERNEL void counts(int n, OM_OUT int *y) {
  for (int i = 0; i < n; ++i)
    y[i] = counted(i);
}
// CHECK: callee-globals-errors.c:[[#@LINE-2]]:12: error: cannot offload: 'counted', which the loop calls, writes or takes the address of global 'calls': the device would change its own copy, which the host never sees
// CHECK: callee-globals-errors.c:[[#@LINE-6]]:40: note: 'calls' is used here

static const float *table;
static float look(int k) { return table[k]; }
OM_KERNEL void looks(int n, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = look(i);
}
// CHECK: callee-globals-errors.c:[[#@LINE-2]]:12: error: cannot offload: 'look', which the loop calls, reads global 'table', which holds pointers: on the device they would be host addresses

extern float elsewhere;
static float shifted(float v) { return v + elsewhere; }
OM_KERNEL void shifts(int n, OM_INOUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = shifted(y[i]);
}
// CHECK: callee-globals-errors.c:[[#@LINE-2]]:12: error: cannot offload: 'shifted', which the loop calls, reads global 'elsewhere', which this file does not define: mark it '#pragma omp declare target link(elsewhere)' where it is defined

static float hidden = 2.0f;
#pragma omp declare target(hidden)
static float hide(float v) { return v * hidden; }
OM_KERNEL void hides(int n, OM_INOUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = hide(y[i]);
}
// CHECK: callee-globals-errors.c:[[#@LINE-2]]:12: error: cannot offload: 'hide', which the loop calls, reads global 'hidden', which is 'static' and 'declare target': the host cannot update its device copy; use 'declare target link' or drop 'static'

static float gain = 2.0f;
static float amplified(float v) { return v * gain; }
OM_KERNEL void amplifies(int n, float gain, OM_INOUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = amplified(y[i]) + gain;
}
// CHECK: callee-globals-errors.c:[[#@LINE-3]]:3: error: cannot offload: the loop's functions read global 'gain', which the kernel's own 'gain' hides at the loop; rename one of them
// CHECK: callee-globals-errors.c:[[#@LINE-5]]:39: note: 'gain' is declared here
