// Uses of annotated pointers the rewriter cannot follow: passing one to a
// call, pointer arithmetic, taking an address, reassigning; and loops that
// jump out or write globals (one they read is mapped: loop-globals.c).
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s --check-prefix=CHECK-MESSAGES
// RUN: not %ownmap-rewrite %s -- 2>/dev/null | count 0
#include <ownmap.h>

void consume(const float *p);
int global_scale;

OM_KERNEL void call(int n, OM_IN const float *x) {
  for (int i = 0; i < n; ++i)
    consume(x);
}
// CHECK-MESSAGES: escape-errors.c:13:13: error: cannot offload: cannot bound the elements of 'x' that 'x' reaches ('x' is passed to 'consume', whose body is not analysed); add OM_LEN(<element count>) to the parameter

OM_KERNEL void arithmetic(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = *(x + n - 1 - i);
}
// CHECK-MESSAGES: escape-errors.c:19:14: error: cannot offload: pointer 'x' is used other than by subscript (pointer arithmetic or aliasing)

OM_KERNEL void address(int n, OM_INOUT float *y) {
  for (int i = 0; i < n; ++i) {
    float *p = &y[i];
    *++p = 0;
  }
}
// CHECK-MESSAGES: escape-errors.c:25:16: error: cannot offload: the loop takes the address of 'y' or part of it (pointer arithmetic or aliasing)

OM_KERNEL void reassign(int n, OM_IN const float *x) {
  for (int i = 0; i < n; ++i)
    x = 0;
}
// CHECK-MESSAGES: escape-errors.c:33:5: error: cannot offload: pointer 'x' is assigned in the loop

OM_KERNEL void early_exit(int n, OM_OUT float *y) {
  for (int i = 0; i < n; ++i) {
    if (i == 7)
      break;
    y[i] = 1;
  }
}
// CHECK-MESSAGES: escape-errors.c:40:7: error: cannot offload: 'break' leaves the loop

OM_KERNEL void writes_global(int n, OM_OUT int *y) {
  for (int i = 0; i < n; ++i)
    y[i] = global_scale += i;
}
// CHECK-MESSAGES: escape-errors.c:48:12: error: cannot offload: the loop writes or takes the address of global 'global_scale': the device would change its own copy, which the host never sees

OM_KERNEL void index_write(int n, OM_OUT int *y) {
  for (int i = 0; i < n; ++i) {
    y[i] = 1;
    i++;
  }
}
// CHECK-MESSAGES: escape-errors.c:55:5: error: cannot offload: the loop body modifies the loop variable 'i'
