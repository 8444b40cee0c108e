// A combined `target teams distribute parallel for` with map(to:) and
// map(tofrom:): one copy of x to the device, y both ways.
//
// RUN: %clang-offload %s -o %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t 2>%t.err
// RUN: not grep -E "ownmap: (warning|error)" %t.err
// RUN: FileCheck %s < %t.err

#include <stdio.h>
#include <stdlib.h>

// CHECK: ownmap: transfer summary
// CHECK-NEXT: ownmap: variable location host->device B copies device->host B copies
// Map names locate a variable where it is declared: here, the parameters.
// CHECK-NEXT: ownmap: x[0:n] saxpy.c:[[#@LINE+2]] 4000 1 0 0
// CHECK-NEXT: ownmap: y[0:n] saxpy.c:[[#@LINE+1]] 4000 1 4000 1
static void saxpy(int n, float a, const float *x, float *y) {
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}

int main(void) {
  enum { N = 1000 };
  float *x = malloc(N * sizeof *x);
  float *y = malloc(N * sizeof *y);
  for (int i = 0; i < N; i++) {
    x[i] = (float)(i % 17) * 0.25f;
    y[i] = (float)(i % 5) - 1.5f;
  }
  saxpy(N, 3.0f, x, y);
  double checksum = 0;
  for (int i = 0; i < N; i++)
    checksum += y[i] * (1 + i % 3);
  printf("saxpy checksum %.3f\n", checksum);
  free(x);
  free(y);
  return 0;
}
// CHECK-NEXT: ownmap: total 8000 2 4000 1
