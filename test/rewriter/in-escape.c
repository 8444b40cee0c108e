// OM_IN is a shared borrow: passing it on as a non-const pointer or storing
// it anywhere in the kernel (a local, through a pointer, the return value)
// is an error with a note at the annotation; passing it as `const T *` is
// allowed (see const-call.c).
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s --check-prefix=CHECK-MESSAGES
// RUN: not %ownmap-rewrite %s -- 2>/dev/null | count 0
#include <ownmap.h>

void scale(float *v, int n);
void show(const float *v, int n);

OM_KERNEL void non_const(int n, OM_IN float *x, OM_OUT float *y) {
  show(x, n);
  scale(x, n);
  for (int i = 0; i < n; ++i)
    y[i] = x[i];
}
// CHECK-MESSAGES: in-escape.c:14:9: error: 'x' is OM_IN but is passed on as a non-const pointer (parameter 'v' of type 'float *' of 'scale'); pass it as 'const T *'
// CHECK-MESSAGES-NEXT: {{^}}   14 |   scale(x, n);
// CHECK-MESSAGES-NEXT: {{^ *\| *\^$}}
// CHECK-MESSAGES-NEXT: in-escape.c:12:33: note: 'x' is annotated OM_IN here

OM_KERNEL void cast_away(int n, OM_IN const float *x) {
  scale((float *)x, n);
}
// CHECK-MESSAGES: in-escape.c:24:9: error: 'x' is OM_IN but is passed on as a non-const pointer (parameter 'v' of type 'float *' of 'scale')
// CHECK-MESSAGES: in-escape.c:23:33: note: 'x' is annotated OM_IN here

OM_KERNEL const float *kept(int n, OM_IN const float *x, const float **slot,
                            OM_OUT float *y) {
  const float *alias = x;
  *slot = x;
  for (int i = 0; i < n; ++i)
    y[i] = x[i];
  return x;
}
// CHECK-MESSAGES: in-escape.c:31:24: error: 'x' is OM_IN but is stored in 'alias' (escape): a shared borrow may only be read through or passed on as 'const T *'
// CHECK-MESSAGES: in-escape.c:29:36: note: 'x' is annotated OM_IN here
// CHECK-MESSAGES: in-escape.c:32:11: error: 'x' is OM_IN but is assigned to '*slot' (escape)
// CHECK-MESSAGES: in-escape.c:35:10: error: 'x' is OM_IN but is returned (escape)
// CHECK-MESSAGES: ownmap-rewrite: error: errors found; no code was written
