// OM_OUT written as interleaved components: the writes of one iteration
// together cover its block (z[2 * i], z[2 * i + 1]), so nothing is copied
// back unwritten. A read of a component not yet written, or a write that
// may not happen, is an error.
// RUN: not %ownmap-rewrite --no-line-directives %s -- > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
#include <ownmap.h>

OM_KERNEL void cmul(int n, OM_IN const float *a, OM_IN const float *b, OM_OUT float *z) {
  for (int i = 0; i < n; ++i) {
    z[2 * i] = a[2 * i] * b[2 * i] - a[2 * i + 1] * b[2 * i + 1];
    z[2 * i + 1] = a[2 * i] * b[2 * i + 1] + a[2 * i + 1] * b[2 * i];
  }
}
// CHECK-NOT: out-blocks.c:1{{[0-3]}}:{{.*}}error

OM_KERNEL void early_read(int n, OM_OUT float *z) {
  for (int i = 0; i < n; ++i) {
    z[2 * i] = 1;
    z[2 * i] += z[2 * i + 1];
    z[2 * i + 1] = 2;
  }
}
// CHECK: out-blocks.c:[[@LINE-4]]:17: error: read of 'z' before it is written in this iteration; OM_OUT data is uninitialised on the device

OM_KERNEL void gap(int n, OM_OUT float *z) {
  for (int i = 0; i < n; ++i) {
    z[3 * i] = 1;
    z[3 * i + 2] = 2;
  }
}
// CHECK: out-blocks.c:[[@LINE-4]]:5: error: 'z' is OM_OUT but 'z[3 * i]' does not write every element of its section

OM_KERNEL void maybe(int n, OM_IN const float *a, OM_OUT float *z) {
  for (int i = 0; i < n; ++i) {
    z[2 * i] = 1;
    if (a[i] > 0)
      z[2 * i + 1] = 2;
  }
}
// CHECK: out-blocks.c:[[@LINE-3]]:7: error: 'z' is OM_OUT but 'z[2 * i + 1]' reaches elements that no iteration is certain to write
