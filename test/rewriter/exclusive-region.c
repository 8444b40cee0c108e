// Exclusivity checks in a data region: a check whose bounds hold at region
// entry goes before the region (one per pair, over the union of the loops'
// ranges); a check over a scalar the host code changes stays before its loop.
// RUN: %ownmap-rewrite %s -o %t.rw.c --report=%t.report --
// RUN: %ownmap-rewrite --no-line-directives %s -- | FileCheck %s --strict-whitespace
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %clang-offload %t.rw.c -o %t.omp && %t.omp > %t.omp.out
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void twostep(int n, int m, OM_IN const float *z, OM_INOUT float *y,
                       OM_IN const float *v) {
  for (int i = 0; i < n; ++i)
    y[i] = y[i] + z[i];
  m = m - 1;
  for (int i = 1; i < n; ++i)
    y[i] = y[i] * z[i - 1] + v[m];
}
// CHECK:      {{^}}                       OM_IN const float *v) {{{$}}
// CHECK-NEXT: {{^}}  if ((n > 0 || n > 1)) ownmap_check_exclusive("twostep", "OM_INOUT", "y", y, y + n, "z", z, z + n);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target data map(to: z[0:(n > 0) * n]) map(tofrom: y[0:(n > 0) * n]){{$}}
// CHECK-NEXT: {{^}}  {{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: z[0:(n > 0 ? n : 0)]) map(tofrom: y[0:(n > 0 ? n : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 0; i < n; ++i){{$}}
// CHECK-NEXT: {{^}}    y[i] = y[i] + z[i];{{$}}
// CHECK-NEXT: {{^}}  m = m - 1;{{$}}
// CHECK-NEXT: {{^}}  if (n > 1) ownmap_check_exclusive("twostep", "OM_INOUT", "y", y + 1, y + n, "v", v + m, v + (m + 1));{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_reads_only(v + m, (n > 1 ? 1 : 0) * sizeof *v);{{$}}
// CHECK-NEXT: {{^}}  #pragma omp target teams distribute parallel for map(to: z[0:(n > 1 ? n - 1 : 0)]) map(tofrom: y[1:(n > 1 ? n - 1 : 0)]) map(to: v[m:(n > 1 ? 1 : 0)]){{$}}
// CHECK-NEXT: {{^}}  for (int i = 1; i < n; ++i){{$}}
// CHECK-NEXT: {{^}}    y[i] = y[i] * z[i - 1] + v[m];{{$}}
// CHECK-NEXT: {{^}}  ownmap_kernel_facts_done();{{$}}
// CHECK-NEXT: {{^}}  }{{$}}

// REPORT: data region {{.*}}exclusive-region.c:15:3 to {{.*}}exclusive-region.c:18:3 in kernel 'twostep'
// REPORT: check before the directive: if ((n > 0 || n > 1)) ownmap_check_exclusive("twostep", "OM_INOUT", "y", y, y + n, "z", z, z + n);
// REPORT-NOT: check before the directive

int main(void) {
  enum { N = 200 };
  enum { M = 7 };
  static float z[N], y[N], v[M];
  for (int i = 0; i < M; ++i)
    v[i] = (float)i - 3.0f;
  for (int i = 0; i < N; ++i) {
    z[i] = (float)(i % 9);
    y[i] = (float)(i % 4);
  }
  twostep(N, M, z, y, v);
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += y[i] * (i % 7 + 1);
  printf("exclusive-region %.1f\n", s);
  return 0;
}
