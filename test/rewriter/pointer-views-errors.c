// Pointers that look like views but are not, each reported where the loop
// uses them: a view the kernel moves, one whose offset the kernel changes
// before the loop, one passed on as a non-const pointer, one copied into
// another pointer.
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s
#include <ownmap.h>

OM_KERNEL void moved_view(int n, OM_IN const float *x, OM_OUT float *y) {
  const float *w = x + 1;
  w += n;
  for (int i = 0; i < n; ++i)
    y[i] = w[i];
}
// CHECK: pointer-views-errors.c:[[@LINE-2]]:12: error: cannot offload: pointer 'w' views 'x', but the kernel changes it, its base or a variable of its offset; only views that keep their value can be mapped
// CHECK: pointer-views-errors.c:[[@LINE-6]]:16: note: 'w' is declared here

OM_KERNEL void offset_changed(int n, int off, OM_IN const float *x, OM_OUT float *y) {
  const float *w = x + off;
  off = 0;
  for (int i = 0; i < n; ++i)
    y[i] = w[i];
}
// CHECK: pointer-views-errors.c:[[@LINE-2]]:12: error: cannot offload: pointer 'w' views 'x', but the kernel changes it

void clear(int n, float *v);

OM_KERNEL void escapes(int n, OM_INOUT float *a) {
  for (int i = 0; i < n; ++i) {
    float *row = a + i * n;
    clear(n, row);
  }
}
// CHECK: pointer-views-errors.c:[[@LINE-3]]:14: error: cannot offload: pointer 'row', a view of 'a', is passed to a call as a non-const pointer; the analysis cannot see what the callee does with it

OM_KERNEL void aliased(int n, OM_INOUT float *a, OM_OUT float *y) {
  for (int i = 0; i < n; ++i) {
    float *row = a + i * n;
    float *alias;
    alias = row;
    y[i] = alias[0];
  }
}
// CHECK: pointer-views-errors.c:[[@LINE-4]]:13: error: cannot offload: pointer 'row', a view of 'a', is used other than by subscript (pointer arithmetic or aliasing)
