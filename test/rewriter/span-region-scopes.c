// A span region over blocks that declare what their loops' sections use
// (a stride `st` declared in each block): where the region begins those
// names are not declared, so neither its maps nor the exclusivity checks
// before it may use them; such checks stay before their loops.
// RUN: %ownmap-rewrite --no-line-directives %s -- 2>/dev/null | FileCheck %s --strict-whitespace
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

enum { CAP = 64 };

OM_KERNEL void strided_blocks(int n, int k, OM_IN OM_LEN(CAP) const float *a,
                              OM_INOUT float *b, OM_INOUT float *c) {
  {
    const int st = k + 1;
    for (int i = 0; i < n; i += st)
      b[n + 2 - i] = a[i / 2] + k;
  }
  for (int i = n - 1; i >= 2; --i)
    b[i] = a[(i * 5) % 17] + k;
  {
    const int st = k + 2;
    for (int i = 0; i < n; i += st)
      c[n + 2 - i] = b[i / 2] + k;
  }
}
// CHECK-LABEL: {{^}}OM_KERNEL void strided_blocks(
// CHECK-NOT:   st) * st
// CHECK:       {{^}}  #pragma omp target data map(to: a[0:CAP]){{$}}
// CHECK-NOT:   st) * st
// CHECK:       {{^}}    const int st = k + 1;{{$}}
// CHECK-NEXT:  {{^}}    if (n > 0) ownmap_check_exclusive("strided_blocks", "OM_INOUT", "b", b + (-((n - 1) / st) * st + n + 2),

int main(void) {
  static float a[CAP], b[CAP], c[CAP];
  for (int i = 0; i < CAP; i++) {
    a[i] = (float)(i % 7) - 3;
    b[i] = (float)(i % 5);
    c[i] = (float)(i % 3);
  }
  strided_blocks(12, 2, a, b, c);
  strided_blocks(30, 0, a, b, c);
  double s = 0;
  for (int i = 0; i < CAP; i++)
    s += b[i] * (i % 11 + 1) + c[i] * (i % 13 + 1);
  printf("%.2f\n", s);
  return 0;
}
