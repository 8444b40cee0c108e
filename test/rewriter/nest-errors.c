// Loop nests the rewriter cannot prove safe or exact are reported:
// OM_OUT written under a condition or with gaps (unwritten elements would be
// copied back uninitialised), rows that may overlap, indices multiplied
// together, inner loops that are not canonical, mixed reduction operators.
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s --check-prefix=CHECK-MESSAGES
// RUN: not %ownmap-rewrite %s -- 2>/dev/null | count 0
#include <ownmap.h>

OM_KERNEL void positive_part(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    if (x[i] > 0)
      y[i] = x[i];
}
// CHECK-MESSAGES: nest-errors.c:12:7: error: 'y' is OM_OUT but no iteration is certain to write it (writes are conditional); elements left unwritten would be copied back uninitialised: use OM_INOUT
// CHECK-MESSAGES-NEXT: {{^}}   12 |       y[i] = x[i];
// CHECK-MESSAGES-NEXT: {{^ *\| *\^$}}
// CHECK-MESSAGES-NEXT: nest-errors.c:9:59: note: 'y' is annotated OM_OUT here

OM_KERNEL void evens(int n, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[2 * i] = 1;
}
// CHECK-MESSAGES: nest-errors.c:21:5: error: 'y' is OM_OUT but 'y[2 * i]' does not write every element of its section; elements left unwritten would be copied back uninitialised: use OM_INOUT
// CHECK-MESSAGES: nest-errors.c:19:29: note: 'y' is annotated OM_OUT here

OM_KERNEL void skips(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i) {
    if (x[i] < 0)
      continue;
    y[i] = x[i];
  }
}
// CHECK-MESSAGES: nest-errors.c:30:5: error: 'y' is OM_OUT but no iteration is certain to write it

OM_KERNEL OM_FACT(n >= 0) void overlapping_rows(int m, int n, int w, OM_INOUT float *a) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < w; ++j)
      a[i * n + j] += 1;
}
// CHECK-MESSAGES: nest-errors.c:35:32: remark: kernel 'overlapping_rows': the offloaded loops need n >= w, checked on entry; a call where that fails runs the kernel as written, on the host

OM_KERNEL void products(int n, OM_INOUT float *a) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      a[i * j] = 0;
}
// CHECK-MESSAGES: nest-errors.c:45:7: error: cannot offload: cannot prove that iterations write distinct elements of 'a' (subscript 'a[i * j]': 'j' is multiplied by another loop index)

OM_KERNEL void indirect_inner(int n, OM_IN const int *col, OM_IN const float *x,
                               OM_OUT float *y) {
  for (int i = 0; i < n; ++i) {
    float s = 0;
    for (int j = 0; j < n; ++j)
      s += x[col[i * n + j]];
    y[i] = s;
  }
}
// CHECK-MESSAGES: nest-errors.c:[[@LINE-4]]:12: error: cannot offload: cannot bound the elements of 'x' that 'x[col[i * n + j]]' reaches (subscript 'x[col[i * n + j]]' is not affine: 'col[i * n + j]' is read from memory: the element reached depends on data); add OM_LEN(<element count>) to the parameter
// CHECK-MESSAGES: nest-errors.c:[[@LINE-10]]:60: note: 'x' is annotated OM_IN here

OM_KERNEL int mixed_ops(int n, OM_IN const int *x) {
  int m = 0;
  for (int i = 0; i < n; ++i) {
    m = m < x[i] ? x[i] : m;
    m += 1;
  }
  return m;
}
// CHECK-MESSAGES: nest-errors.c:63:3: remark: loop stays on the host: scalar 'm' is written in the loop; only a reduction (one of + * min max & | ^ && ||, and no other use of 'm') can be offloaded
