// Borrow checks: a write through OM_IN, and a read of OM_OUT or OM_SCRATCH
// data before this iteration wrote it, are errors with a note at the
// annotation. With any error nothing is written: -o leaves its file alone,
// -i leaves the input alone, and nothing goes to stdout.
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s --check-prefix=CHECK-MESSAGES
// RUN: not %ownmap-rewrite %s -- 2>/dev/null | count 0
// RUN: echo keep > %t.out
// RUN: not %ownmap-rewrite %s -o %t.out -- 2>/dev/null
// RUN: FileCheck %s --check-prefix=KEEP < %t.out
// RUN: cp %s %t.c && not %ownmap-rewrite -i %t.c -- 2>/dev/null
// RUN: diff %s %t.c
// KEEP: {{^keep$}}
#include <ownmap.h>

OM_KERNEL void write_in(int n, OM_IN float *x) {
  for (int i = 0; i < n; ++i)
    x[i] = 0;
}
// CHECK-MESSAGES: borrow-errors.c:17:5: error: write through 'x', which is OM_IN (a shared borrow: the device may only read it)
// CHECK-MESSAGES-NEXT: {{^}}   17 |     x[i] = 0;
// CHECK-MESSAGES-NEXT: {{^ *\| *\^$}}
// CHECK-MESSAGES-NEXT: borrow-errors.c:15:32: note: 'x' is annotated OM_IN here

OM_KERNEL void read_out(int n, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] += 1;
}
// CHECK-MESSAGES: borrow-errors.c:26:5: error: read of 'y' before it is written in this iteration; OM_OUT data is uninitialised on the device
// CHECK-MESSAGES-NEXT: {{^}}   26 |     y[i] += 1;
// CHECK-MESSAGES-NEXT: {{^ *\| *\^$}}
// CHECK-MESSAGES-NEXT: borrow-errors.c:24:32: note: 'y' is annotated OM_OUT here

OM_KERNEL void read_scratch(int n, OM_SCRATCH float *t, OM_OUT float *y) {
  for (int i = 0; i < n; ++i) {
    y[i] = t[i];
    t[i] = 1;
  }
}
// CHECK-MESSAGES: borrow-errors.c:35:12: error: read of 't' before it is written in this iteration; OM_SCRATCH data is uninitialised on the device
// CHECK-MESSAGES: borrow-errors.c:33:36: note: 't' is annotated OM_SCRATCH here
// CHECK-MESSAGES: ownmap-rewrite: error: errors found; no code was written
