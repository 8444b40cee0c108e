// Every error of a kernel is reported in one run: each bad parameter, each
// bad OM_FACT, and an escape together with the loops' own errors, so that
// the user fixes them all at once.
// RUN: not %ownmap-rewrite %s -- 2>&1 | FileCheck %s
#include <ownmap.h>

OM_KERNEL OM_FACT(n >= width) OM_FACT(m > n * n * n / 2)
void three_bad(int OM_LEN(4) n, OM_IN int m, OM_OUT float *OM_LEN(n) y,
               OM_IN float *OM_OUT x) {
  for (int i = 0; i < n; ++i)
    y[i] = x[i] + m;
}
// CHECK-DAG: every-error.c:8:20: error: OM_LEN on 'n', which is not a pointer
// CHECK-DAG: every-error.c:8:33: error: OM_IN on 'm' of type 'int'
// CHECK-DAG: every-error.c:9:29: error: conflicting annotations on 'x': OM_IN and OM_OUT
// CHECK-DAG: every-error.c:7:11: error: cannot read OM_FACT(n >= width): 'width' is not a parameter
// CHECK-DAG: every-error.c:7:31: error: cannot read OM_FACT(m > n * n * n / 2)

void keep(float *p);

OM_KERNEL void escapes_and_races(int n, OM_INOUT float *a, OM_IN float *b) {
  keep(b);
  for (int i = 1; i < n; ++i)
    a[i] = a[i] + b[i * i];
}
// CHECK-DAG: every-error.c:22:8: error: {{.*}}'b'
// CHECK-DAG: every-error.c:24:19: error: cannot offload: cannot bound the elements of 'b'
// CHECK: 7 errors generated.
