// Conditions a plan rests on that name only parameters the kernel keeps
// (each subscript within its dimension's extent, a leading dimension at
// least a row) are checked once, on entry: the rewritten body runs when they hold, the kernel as written
// otherwise, on the host. A second rewrite leaves that `else` as it is.
// A condition that names a host loop's index must hold for each index the
// loop takes: it is checked on entry over the loop's bounds. Conditions
// over variables the kernel changes stay checks that stop the program,
// right before their loop.
// RUN: %ownmap-rewrite --no-line-directives %s -- 2>%t.err | FileCheck %s --strict-whitespace
// RUN: FileCheck %s --check-prefix=REMARKS < %t.err
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: FileCheck %s --check-prefix=LINES < %t.rw.c
// RUN: %ownmap-rewrite %t.rw.c -o %t.twice.c --
// RUN: diff %t.rw.c %t.twice.c
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

// Rows of 8: a call with n > 8 runs over the rows that follow, which the
// parallel loop would write twice at once.
OM_KERNEL void scale(int m, int n, OM_INOUT double a[m][8]) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = a[i][j] * 2.0 + 1.0;
}
// CHECK-LABEL: {{^}}OM_KERNEL void scale(
// CHECK-NEXT:  {{^}}  if (ownmap_device_path("scale", (m <= 0 || n <= 8))) {{[{]$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:m]){{$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < m; i++){{$}}
// CHECK-NEXT:  {{^}}    for (int j = 0; j < n; j++){{$}}
// CHECK-NEXT:  {{^}}      a[i][j] = a[i][j] * 2.0 + 1.0;{{$}}
// CHECK-NEXT:  {{^}}  } else {{[{]$}}
// CHECK-NEXT:  {{^}}  for (int i = 0; i < m; i++){{$}}
// CHECK-NEXT:  {{^}}    for (int j = 0; j < n; j++){{$}}
// CHECK-NEXT:  {{^}}      a[i][j] = a[i][j] * 2.0 + 1.0;{{$}}
// CHECK-NEXT:  {{^}}  }{{$}}
// CHECK-NEXT:  {{^}}}{{$}}
// The copy keeps its lines; the closing brace takes the last statement's.
// LINES-LABEL: {{^}}OM_KERNEL void scale(
// LINES:       {{^}}  } else {{[{]$}}
// LINES-NEXT:  {{^}}#line [[#@LINE-19]]{{$}}
// LINES-NEXT:  {{^}}  for (int i = 0; i < m; i++){{$}}
// LINES-NEXT:  {{^}}    for (int j = 0; j < n; j++){{$}}
// LINES-NEXT:  {{^}}      a[i][j] = a[i][j] * 2.0 + 1.0;{{$}}
// LINES-NEXT:  {{^}}#line [[#@LINE-21]]{{$}}
// LINES-NEXT:  {{^}}  }{{$}}
// REMARKS: host-fallback.c:[[#@LINE-26]]:16: remark: kernel 'scale': the offloaded loops need m <= 0 || n <= 8, checked on entry; a call where that fails runs the kernel as written, on the host

// Rows of ld elements: apart when ld >= n (and ld >= 0), which the
// rewriter assumes, checks on entry, and falls back on.
OM_KERNEL void rows(int m, int n, int ld, OM_INOUT double *a) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      a[i * ld + j] = a[i * ld + j] * 0.5 + j;
}
// CHECK-LABEL: {{^}}OM_KERNEL void rows(
// CHECK-NEXT:  {{^}}  if (ownmap_device_path("rows", (ld >= 0) && (ld >= n))) {{[{]$}}
// CHECK-NEXT:  {{^}}  #pragma omp target teams distribute parallel for collapse(2) map(tofrom: a[0:(m > 0 && n > 0 ? ld * m - ld + n : 0)]){{$}}
// CHECK:       {{^}}  } else {{[{]$}}
// REMARKS: host-fallback.c:[[#@LINE-9]]:16: remark: kernel 'rows': the offloaded loops need ld >= 0 and ld >= n, checked on entry; a call where that fails runs the kernel as written, on the host

// The column count changes in the kernel: its condition is checked before
// the loop, and stops the program when it fails.
OM_KERNEL void halve(int m, int n, OM_INOUT double a[m][8]) {
  n = n / 2;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = a[i][j] * 0.5;
}
// CHECK-LABEL: {{^}}OM_KERNEL void halve(
// CHECK-NOT:   ownmap_device_path
// CHECK:       {{^}}  ownmap_check_extents("halve", "a", m <= 0 || n <= 8);{{$}}
// REMARKS-NOT: kernel 'halve'

// Rows that grow with a host loop's index: the inner loop's columns stay
// within 8 when i <= 8, which must hold for every i the host loop takes
// (i < n): the condition is on n, checked on entry.
OM_KERNEL void shift_rows(int n, OM_INOUT double a[n][8]) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < i; j++)
      a[i][j] += a[i - 1][j];
}
// CHECK-LABEL: {{^}}OM_KERNEL void shift_rows(
// CHECK-NEXT:  {{^}}  if (ownmap_device_path("shift_rows", (n <= 9))) {{[{]$}}
// CHECK-NOT:   ownmap_check_extents
// CHECK:       {{^}}  } else {{[{]$}}
// REMARKS: host-fallback.c:[[#@LINE-9]]:16: remark: kernel 'shift_rows': the offloaded loops need n <= 9, checked on entry; a call where that fails runs the kernel as written, on the host

// Host loops in host loops: j runs from i, so j < n bounds it too.
OM_KERNEL void shift_pairs(int n, OM_INOUT double a[n][8]) {
  for (int i = 1; i < n; i++)
    for (int j = i; j < n; j++)
      for (int c = 0; c < j; c++)
        a[j][c] += a[j - 1][c];
}
// CHECK-LABEL: {{^}}OM_KERNEL void shift_pairs(
// CHECK-NEXT:  {{^}}  if (ownmap_device_path("shift_pairs", (n <= 9))) {{[{]$}}
// CHECK-NOT:   ownmap_check_extents
// CHECK:       {{^}}  } else {{[{]$}}

int main(void) {
  static double a[4][8];
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 8; j++)
      a[i][j] = i - j * 0.5;
  scale(4, 8, a); // on the device
  scale(2, 12, a); // as written
  halve(4, 16, a);
  rows(4, 8, 8, &a[0][0]); // on the device
  rows(3, 8, 5, &a[0][0]); // rows overlap: as written
  shift_rows(4, a);
  shift_pairs(4, a);
  double check = 0;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 8; j++)
      check += a[i][j] * (i + 1) * (j + 1);
  printf("%.6f\n", check);
  return 0;
}
