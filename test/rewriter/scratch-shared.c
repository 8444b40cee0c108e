// A time loop that swaps an OM_INOUT buffer with an OM_SCRATCH one: what a
// loop writes through the scratch pointer stays on the device (and what it
// reads there was never the host's), so a later step that reads it through
// the OM_INOUT pointer would see other data than the serial program. The
// rewriter refused nothing here and printed different results; now it is
// an error that says to annotate both alike. Two OM_INOUT buffers swap
// (time-loop-swap.c); scratch buffers that only swap with each other are
// left to the other checks.
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s
#include <ownmap.h>

OM_KERNEL void heat(int steps, int n, OM_INOUT float *a, OM_SCRATCH float *b) {
  for (int t = 0; t < steps; ++t) {
    for (int i = 1; i < n - 1; ++i)
      b[i] = 0.25f * (a[i - 1] + a[i + 1]) + 0.5f * a[i];
    float *tmp = a;
    a = b;
    b = tmp;
  }
}
// CHECK: scratch-shared.c:12:76: error: OM_SCRATCH 'b' and OM_INOUT 'a' are assigned to each other: data a loop writes through one and reads through the other would not cross between host and device; annotate both OM_INOUT{{$}}

OM_KERNEL void fine(int steps, int n, OM_SCRATCH float *p, OM_SCRATCH float *q,
                    OM_OUT float *y) {
  for (int t = 0; t < steps; ++t) {
    for (int i = 0; i < n; ++i) {
      p[i] = (float)(i + t);
      q[i] = p[i] * 2.0f;
      y[i] = q[i];
    }
    float *s = p;
    p = q;
    q = s;
  }
}
// CHECK-NOT: 'p' and
// CHECK-NOT: error: OM_SCRATCH
