// OM_SCRATCH data read before the iteration writes it is accepted only when
// an earlier loop of the same block certainly writes every element read and
// a data region keeps it on the device in between; each other case is an
// error that says which. A write counts within an iteration only when it
// runs whenever the read does (not under an if, not in an inner loop that
// may run zero times): both kernels at the end were accepted before and
// read uninitialised device memory.
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s --check-prefix=CHECK-MESSAGES
#include <ownmap.h>

OM_KERNEL void reads_beyond(int n, OM_IN const float *x, OM_SCRATCH float *t,
                            OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    t[i] = x[i];
  for (int i = 0; i < n; ++i)
    y[i] = t[i + 1];
}

OM_KERNEL void writes_some(int n, OM_IN const float *x, OM_SCRATCH float *t,
                           OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    if (x[i] > 0)
      t[i] = x[i];
  for (int i = 0; i < n; ++i)
    y[i] = t[i];
}

OM_KERNEL void host_between(int n, OM_IN const float *x, OM_SCRATCH float *t,
                            OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    t[i] = x[i];
  t[0] = 1;
  for (int i = 0; i < n; ++i)
    y[i] = t[i];
}

OM_KERNEL void other_block(int n, OM_IN const float *x, OM_SCRATCH float *t,
                           OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    t[i] = x[i];
  {
    for (int i = 0; i < n; ++i)
      y[i] = t[i];
  }
}

OM_KERNEL void later_writer(int n, OM_IN const float *x, OM_SCRATCH float *t,
                            OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = t[i];
  for (int i = 0; i < n; ++i)
    t[i] = x[i];
}

OM_KERNEL void conditional_in_iteration(int n, OM_IN const float *x,
                                        OM_SCRATCH float *t, OM_OUT float *y) {
  for (int i = 0; i < n; ++i) {
    if (x[i] > 0)
      t[i] = x[i];
    y[i] = t[i];
  }
}

OM_KERNEL void inner_loop_may_not_run(int n, int m, OM_IN const float *x,
                                      OM_SCRATCH float *t, OM_OUT float *y) {
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < m; ++j)
      t[i] = x[i];
    y[i] = t[i];
  }
}
// CHECK-MESSAGES: scratch-flow-errors.c:16:12: error: read of 't' before it is written in this iteration; OM_SCRATCH data is uninitialised on the device (the loop at 13:3 writes the elements [0, n - 1] of 't', which are not certain to contain the elements [1, n] this loop reads)
// CHECK-MESSAGES: scratch-flow-errors.c:11:58: note: 't' is annotated OM_SCRATCH here
// CHECK-MESSAGES: scratch-flow-errors.c:25:12: error: read of 't' before it is written in this iteration; OM_SCRATCH data is uninitialised on the device (the loop at 21:3 is not certain to write every element of 't' it reaches (its writes are conditional, of fields only, or leave gaps))
// CHECK-MESSAGES: scratch-flow-errors.c:19:57: note: 't' is annotated OM_SCRATCH here
// CHECK-MESSAGES: scratch-flow-errors.c:34:12: error: read of 't' before it is written in this iteration; OM_SCRATCH data is uninitialised on the device (the loop at 30:3 writes 't', but no data region keeps it on the device from there to this loop (host code between them may reach it, declare a variable, jump, or move a mapped pointer))
// CHECK-MESSAGES: scratch-flow-errors.c:28:58: note: 't' is annotated OM_SCRATCH here
// CHECK-MESSAGES: scratch-flow-errors.c:43:14: error: read of 't' before it is written in this iteration; OM_SCRATCH data is uninitialised on the device (the loop at 39:3 writes 't' in another block; no data region can keep it on the device from there to this loop)
// CHECK-MESSAGES: scratch-flow-errors.c:37:57: note: 't' is annotated OM_SCRATCH here
// CHECK-MESSAGES: scratch-flow-errors.c:50:12: error: read of 't' before it is written in this iteration; OM_SCRATCH data is uninitialised on the device (no earlier loop of the kernel writes 't')
// CHECK-MESSAGES: scratch-flow-errors.c:47:58: note: 't' is annotated OM_SCRATCH here
// CHECK-MESSAGES: scratch-flow-errors.c:60:12: error: read of 't' before it is written in this iteration; OM_SCRATCH data is uninitialised on the device (no earlier loop of the kernel writes 't')
// CHECK-MESSAGES: scratch-flow-errors.c:56:41: note: 't' is annotated OM_SCRATCH here
// CHECK-MESSAGES: scratch-flow-errors.c:69:12: error: read of 't' before it is written in this iteration; OM_SCRATCH data is uninitialised on the device (no earlier loop of the kernel writes 't')
// CHECK-MESSAGES: scratch-flow-errors.c:65:39: note: 't' is annotated OM_SCRATCH here
// CHECK-MESSAGES: ownmap-rewrite: error: errors found; no code was written
