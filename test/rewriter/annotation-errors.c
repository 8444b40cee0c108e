// Annotations that contradict each other or do not fit their parameter.
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s --check-prefix=CHECK-MESSAGES
// RUN: echo keep > %t.out
// RUN: not %ownmap-rewrite %s -o %t.out -- 2>/dev/null
// RUN: FileCheck %s --check-prefix=KEEP < %t.out
// KEEP: {{^keep$}}
#include <ownmap.h>

OM_KERNEL void conflicting(int n, OM_IN float *OM_OUT x) {
  for (int i = 0; i < n; ++i)
    x[i] = 1;
}
// CHECK-MESSAGES: annotation-errors.c:9:48: error: conflicting annotations on 'x': OM_IN and OM_OUT
// CHECK-MESSAGES-NEXT: {{^}}    9 | OM_KERNEL void conflicting(int n, OM_IN float *OM_OUT x) {
// CHECK-MESSAGES-NEXT: {{^ *\| *\^$}}
// CHECK-MESSAGES-NEXT: annotation-errors.c:9:35: note: 'x' is annotated OM_IN here

OM_KERNEL void len_on_scalar(int OM_LEN(4) n, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = 1;
}
// CHECK-MESSAGES: annotation-errors.c:18:34: error: OM_LEN on 'n', which is not a pointer; OM_LEN gives the element count of a pointer parameter
// CHECK-MESSAGES-NEXT: {{^}}   18 | OM_KERNEL void len_on_scalar(int OM_LEN(4) n, OM_OUT float *y) {
// CHECK-MESSAGES-NEXT: {{^ *\| *\^$}}

OM_KERNEL void in_on_scalar(OM_IN int n, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = 1;
}
// CHECK-MESSAGES: annotation-errors.c:26:29: error: OM_IN on 'n' of type 'int'; ownership annotations apply to pointers to arithmetic types or to structs of them

OM_KERNEL void two_lengths(int n, OM_IN OM_LEN(n) OM_LEN(2 * n) const float *x,
                           OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = x[2 * i];
}
// CHECK-MESSAGES: annotation-errors.c:32:51: error: conflicting OM_LEN annotations on 'x': 'n' and '2 * n'
// CHECK-MESSAGES-NEXT: {{^}}   32 | OM_KERNEL void two_lengths(int n, OM_IN OM_LEN(n) OM_LEN(2 * n) const float *x,
// CHECK-MESSAGES-NEXT: {{^ *\| *\^$}}
// CHECK-MESSAGES-NEXT: annotation-errors.c:32:41: note: previous OM_LEN is here
