// Loops the rewriter cannot offload safely are reported: unannotated
// pointers, unbounded subscripts are errors; a kernel with nothing to offload
// (dependences, scalars written) stays on the host with a remark saying why.
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s --check-prefix=CHECK-MESSAGES
// RUN: echo keep > %t.out && rm -f %t.report
// RUN: not %ownmap-rewrite %s -o %t.out --report=%t.report -- 2>/dev/null
// RUN: FileCheck %s --check-prefix=KEEP < %t.out
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// KEEP: {{^keep$}}
#include <ownmap.h>

OM_KERNEL void prefix(int n, OM_INOUT float *y) {
  for (int i = 1; i < n; ++i)
    y[i] = y[i] + y[i - 1];
}
// CHECK-MESSAGES: loop-errors.c:13:3: remark: loop stays on the host: possible loop-carried dependence: 'y' is written at 'y[i]' and accessed at 'y[i - 1]', which another iteration may write or read
// CHECK-MESSAGES-NEXT: {{^}}   13 |   for (int i = 1; i < n; ++i)
// (With --cost-errors the remark is an error; the kernel's other loops would
// keep the data on the device and run this one there in one thread.)

OM_KERNEL void scatter(int n, OM_IN const int *idx, OM_OUT OM_LEN(n) float *y) {
  for (int i = 0; i < n; ++i)
    y[idx[i]] = 1;
}
// CHECK-MESSAGES: loop-errors.c:23:5: error: cannot offload: cannot prove that iterations write distinct elements of 'y' (subscript 'y[idx[i]]': 'idx[i]' is read from memory: the element reached depends on data)

OM_KERNEL void unannotated(int n, OM_IN const float *x, float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = x[i] * y[i];
}
// CHECK-MESSAGES: loop-errors.c:29:19: error: cannot offload: pointer parameter 'y' has no ownership annotation; add OM_INOUT (the loop reads and writes it)
// CHECK-MESSAGES-NEXT: {{^}}   29 |     y[i] = x[i] * y[i];
// CHECK-MESSAGES-NEXT: {{^ *\| *\^$}}
// CHECK-MESSAGES-NEXT: loop-errors.c:27:64: note: 'y' is declared here

OM_KERNEL void unannotated_read(int n, const float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = x[i];
}
// CHECK-MESSAGES: loop-errors.c:38:12: error: cannot offload: pointer parameter 'x' has no ownership annotation; add OM_IN (the loop only reads it)

OM_KERNEL float last(int n, OM_IN const float *x) {
  float s = 0;
  for (int i = 0; i < n; ++i)
    s = x[i];
  return s;
}
// CHECK-MESSAGES: loop-errors.c:44:3: remark: loop stays on the host: scalar 's' is written in the loop; only a reduction (one of + * min max & | ^ && ||, and no other use of 's') can be offloaded

OM_KERNEL float mixed(int n, OM_IN const float *x) {
  float s = 0;
  for (int i = 0; i < n; ++i) {
    s += x[i];
    s *= 2;
  }
  return s;
}
// CHECK-MESSAGES: loop-errors.c:52:3: remark: loop stays on the host: scalar 's' is written in the loop

OM_KERNEL float reads_reduction(int n, OM_IN const float *x, OM_OUT float *y) {
  float s = 0;
  for (int i = 0; i < n; ++i) {
    s += x[i];
    y[i] = s;
  }
  return s;
}
// CHECK-MESSAGES: loop-errors.c:62:3: remark: loop stays on the host: scalar 's' is written in the loop

OM_KERNEL void unbounded(int n, OM_IN const float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    y[i] = x[i * i];
}
// CHECK-MESSAGES: loop-errors.c:72:12: error: cannot offload: cannot bound the elements of 'x' that 'x[i * i]' reaches (subscript 'x[i * i]' is not affine: 'i' appears in a product with itself); add OM_LEN(<element count>) to the parameter
// CHECK-MESSAGES-NEXT: {{^}}   72 |     y[i] = x[i * i];
// CHECK-MESSAGES-NEXT: {{^ *\| *\^$}}
// CHECK-MESSAGES-NEXT: loop-errors.c:70:33: note: 'x' is annotated OM_IN here

// A kernel's other loops are still analysed (and reported) after an error.
OM_KERNEL void two_loops(int n, OM_IN float *x, OM_OUT float *y) {
  for (int i = 0; i < n; ++i)
    x[i] = 1;
  for (int i = 0; i < n; ++i)
    y[i] = y[i] + x[i];
}
// CHECK-MESSAGES: loop-errors.c:82:5: error: write through 'x', which is OM_IN
// CHECK-MESSAGES: loop-errors.c:84:12: error: read of 'y' before it is written

// Every variable a loop cannot offload is reported, not only the first;
// the messages say what the loop does with it.
OM_KERNEL void every_parameter(int n, OM_IN float *x, float *u, OM_INOUT float *w,
                               OM_OUT float *y) {
  for (int i = 0; i < n; ++i) {
    int k = i;
    if (x[i] > 0)
      k = 0;
    x[i] = u[i];
    w[k] = 1;
    y[i] = 2;
  }
}
// CHECK-MESSAGES: loop-errors.c:[[@LINE-5]]:5: error: write through 'x', which is OM_IN
// CHECK-MESSAGES: loop-errors.c:[[@LINE-6]]:12: error: cannot offload: pointer parameter 'u' has no ownership annotation; add OM_IN (the loop only reads it)
// CHECK-MESSAGES: loop-errors.c:[[@LINE-6]]:5: error: cannot offload: cannot prove that iterations write distinct elements of 'w' (subscript 'w[k]': 'k' is assigned in the loop body)
// CHECK-MESSAGES-NOT: error:
// CHECK-MESSAGES: ownmap-rewrite: error: errors found; no code was written

// No code is written, but the report is (so that editors show the errors).
// REPORT: loop-errors.c:13:3: note: loop stays on the host: possible loop-carried dependence: 'y' is written at 'y[i]' and accessed at 'y[i - 1]', which another iteration may write or read [ownmap.cost.host-loop]
// REPORT-NEXT: loop-errors.c:12:16: note: kernel 'prefix': a call moves nothing between the host and the device [ownmap.cost.bytes]
// REPORT-NEXT: loop-errors.c:23:5: error: cannot offload: cannot prove that iterations write distinct elements of 'y'
