// --audit: data the device writes but a map(to:) / map(alloc:) never copies
// back is a lost result: an error at the map item, exit status 1, no code
// written (stdout stays empty).
// RUN: not %ownmap-rewrite --audit %s --report=%t.txt -- > %t.out 2> %t.err
// RUN: count 0 < %t.out
// RUN: FileCheck %s --strict-whitespace < %t.err
// RUN: FileCheck %s --check-prefix=REPORT --match-full-lines < %t.txt
#include <stddef.h>

void scale(int n, float a, const float *x, float *y, float *t) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(to: y[0:n]) map(alloc: t[0:n])
  for (int i = 0; i < n; ++i) {
    t[i] = a * x[i];
    y[i] = t[i] + 1.0f;
  }
}
// CHECK:      {{.*}}audit-lost-write.c:11:74: error: 'y' is written on the device but mapped 'to': the results never reach the host; map it 'tofrom' (or 'from' when the device writes it before reading)
// CHECK-NEXT:    11 | #pragma omp target teams distribute parallel for map(to: x[0:n]) map(to: y[0:n]) map(alloc: t[0:n])
// CHECK-NEXT:       |                                                                          ^
// CHECK:      {{.*}}audit-lost-write.c:11:93: error: 't' is written on the device but mapped 'alloc': the results never reach the host
// CHECK:      2 errors generated.

// REPORT:      {{.*}}audit-lost-write.c:11:74: error: 'y' is written on the device but mapped 'to': the results never reach the host; map it 'tofrom' (or 'from' when the device writes it before reading) [ownmap.audit.lost-write]
// REPORT-NEXT: {{.*}}audit-lost-write.c:11:93: error: 't' is written on the device but mapped 'alloc': {{.*}} [ownmap.audit.lost-write]
// REPORT-NEXT: 1 target construct: 0 clean, 1 with findings, 0 not analysed
// REPORT-EMPTY:
