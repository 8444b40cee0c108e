// --report: one block per offloaded loop, per variable the map, the
// annotation, the first read and write, and why.
// RUN: %ownmap-rewrite %s -o %t.rw.c --report=%t.report --
// RUN: FileCheck %s --strict-whitespace --match-full-lines < %t.report
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL int relax(int n, int m, OM_IN OM_LEN(m) const int *w,
                    OM_IN const int *x, OM_INOUT int *y) {
  int total = 0;
  for (int i = 1; i < n - 1; ++i) {
    y[i] = y[i] + x[i - 1] + x[i + 1] + w[i % m];
    total += y[i];
  }
  return total;
}
// CHECK:loop {{.*}}report.c:14:3 in kernel 'relax'
// CHECK-NEXT:  directive: #pragma omp target teams distribute parallel for map(to: w[0:m]) map(to: x[0:(n - 1 > 1 ? n : 0)]) map(tofrom: y[1:(n - 1 > 1 ? n - 2 : 0)]) map(tofrom: total) reduction(+: total)
// CHECK-NEXT:  variable n
// CHECK-NEXT:    map: none
// CHECK-NEXT:    annotation: none
// CHECK-NEXT:    first read: {{.*}}report.c:14:23
// CHECK-NEXT:    first write: none
// CHECK-NEXT:    why: scalar only read: firstprivate, no map needed
// CHECK-NEXT:  variable m
// CHECK-NEXT:    map: none
// CHECK-NEXT:    annotation: none
// CHECK-NEXT:    first read: {{.*}}report.c:15:47
// CHECK-NEXT:    first write: none
// CHECK-NEXT:    why: scalar only read: firstprivate, no map needed
// CHECK-NEXT:  variable w
// CHECK-NEXT:    map: to w[0:m]
// CHECK-NEXT:    annotation: OM_IN at {{.*}}report.c:11:35
// CHECK-NEXT:    first read: {{.*}}report.c:15:41
// CHECK-NEXT:    first write: none
// CHECK-NEXT:    why: section from OM_LEN(m): subscript 'w[i % m]' is not affine: '(i % m)' wraps around (a remainder)
// CHECK-NEXT:  variable x
// CHECK-NEXT:    map: to x[0:(n - 1 > 1 ? n : 0)]
// CHECK-NEXT:    annotation: OM_IN at {{.*}}report.c:12:21
// CHECK-NEXT:    first read: {{.*}}report.c:15:19
// CHECK-NEXT:    first write: none
// CHECK-NEXT:    why: section from subscripts x[i - 1], x[i + 1] over i in [1, n - 1)
// CHECK-NEXT:  variable y
// CHECK-NEXT:    map: tofrom y[1:(n - 1 > 1 ? n - 2 : 0)]
// CHECK-NEXT:    annotation: OM_INOUT at {{.*}}report.c:12:41
// CHECK-NEXT:    first read: {{.*}}report.c:15:12
// CHECK-NEXT:    first write: {{.*}}report.c:15:5
// CHECK-NEXT:    why: section from subscripts y[i] over i in [1, n - 1)
// CHECK-NEXT:  variable total
// CHECK-NEXT:    map: tofrom total, reduction(+)
// CHECK-NEXT:    annotation: none
// CHECK-NEXT:    first read: {{.*}}report.c:16:5
// CHECK-NEXT:    first write: {{.*}}report.c:16:5
// CHECK-NEXT:    why: reduction(+): only updated by '+' in the loop
// CHECK-NEXT:  exclusive y vs w: 'y' and 'w' may overlap (not both restrict-qualified): checked at run time
// CHECK-NEXT:  exclusive y vs x: 'y' and 'x' may overlap (not both restrict-qualified): checked at run time
// CHECK-NEXT:  check before the directive: if (n - 1 > 1 && m > 0) ownmap_check_exclusive("relax", "OM_INOUT", "y", y + 1, y + (n - 1), "w", w, w + m);
// CHECK-NEXT:  check before the directive: if (n - 1 > 1) ownmap_check_exclusive("relax", "OM_INOUT", "y", y + 1, y + (n - 1), "x", x, x + n);
// What a call moves, as a formula: w, x, y[1:n-2] and the sum in; y and
// the sum back.
// CHECK-NEXT:{{.*}}report.c:11:15: note: kernel 'relax': a call moves at most 4 * m + 8 * n - 4 bytes to the device and 4 * n - 4 bytes back [ownmap.cost.bytes]
// CHECK-EMPTY:

int main(void) {
  enum { N = 600, M = 7 };
  static int w[M], x[N], y[N];
  for (int i = 0; i < M; ++i)
    w[i] = i * 2 - 5;
  for (int i = 0; i < N; ++i) {
    x[i] = i % 23;
    y[i] = i % 4;
  }
  int total = relax(N, M, w, x, y);
  long s = 0;
  for (int i = 0; i < N; ++i)
    s += (long)y[i] * (i % 9 + 1);
  printf("report %d %ld\n", total, s);
  return 0;
}
