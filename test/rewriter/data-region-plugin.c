// Under the plugin's transfer summary, data shared by two offloaded loops
// crosses host->device once (and device->host once for OM_INOUT): the data
// region maps it, and the loops' own maps find it present.
// RUN: %ownmap-rewrite %s -o %t.rw.c --
// RUN: FileCheck %s --check-prefix=CODE < %t.rw.c
// RUN: %clang-offload %t.rw.c -o %t.omp
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t.omp 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: %clang-serial %s -o %t.ser && %t.ser > %t.ser.out
// RUN: %t.omp > %t.omp.out && diff %t.ser.out %t.omp.out
#include <ownmap.h>
#include <stdio.h>

OM_KERNEL void smooth2(int n, OM_IN const double *x, OM_INOUT double *y) {
  for (int i = 0; i < n; ++i)
    y[i] = y[i] + x[i];
  for (int i = 0; i < n; ++i)
    y[i] = 0.5 * y[i] + x[i];
}
// CODE:      #pragma omp target data map(to: x[0:(n > 0) * n]) map(tofrom: y[0:(n > 0) * n])
// CODE-NEXT: {{^}}#line [[#@LINE-6]]{{$}}
// CODE-NEXT: {
// CODE-NEXT: {{^}}#line [[#@LINE-8]]{{$}}
// CODE-NEXT: #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(tofrom: y[0:(n > 0 ? n : 0)])
// CODE:      #pragma omp target teams distribute parallel for map(to: x[0:(n > 0 ? n : 0)]) map(tofrom: y[0:(n > 0 ? n : 0)])
// CODE-NOT:  {{^}} *#pragma omp target update

// CHECK:      ownmap: transfer summary
// CHECK-NEXT: ownmap: variable
// CHECK-NEXT: ownmap: x[0:(n > 0) * n] {{.*}} 8000 1 0 0
// CHECK-NEXT: ownmap: y[0:(n > 0) * n] {{.*}} 8000 1 8000 1
// CHECK-NEXT: ownmap: total 16000 2 8000 1

int main(void) {
  enum { N = 1000 };
  static double x[N], y[N];
  for (int i = 0; i < N; ++i) {
    x[i] = i % 7;
    y[i] = i % 3;
  }
  smooth2(N, x, y);
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += y[i] * (i % 5 + 1);
  printf("data-region-plugin checksum %.2f\n", s);
  return 0;
}
