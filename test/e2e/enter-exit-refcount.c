// Reference counts across enter/exit data and nested data regions: the data
// is copied to the device once (first enter) and back once (last exit), however
// many inner regions map it again.
//
// RUN: %clang-offload %s -o %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t 2>%t.err
// RUN: not grep -E "ownmap: (warning|error)" %t.err
// RUN: FileCheck %s < %t.err

#include "Inputs/checksum.h"

#include <stdio.h>
#include <stdlib.h>

enum { N = 4096 };

static void scale(double *a, int n, double factor) {
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] = a[i] * factor + 1.0;
}

// CHECK: ownmap: transfer summary
// CHECK-NEXT: ownmap: variable
// The kernel's own map of `a` (the parameter) never copies: data is present.
// CHECK-NOT: ownmap: a[0:n]
int main(void) {
  // CHECK-NEXT: ownmap: data[0:N] enter-exit-refcount.c:[[#@LINE+1]] 32768 1 32768 1
  double *data = malloc(N * sizeof *data);
  for (int i = 0; i < N; i++)
    data[i] = (double)((i * 7) % 13) - 4.0;

#pragma omp target enter data map(to: data[0:N])
#pragma omp target enter data map(to: data[0:N])
#pragma omp target data map(tofrom: data[0:N])
  {
#pragma omp target data map(tofrom: data[0:N])
    { scale(data, N, 2.0); }
    scale(data, N, 0.5);
  }
#pragma omp target exit data map(from: data[0:N])
  // Still referenced once: nothing comes back yet, so the host copy is stale.
  double stale = data[1];
#pragma omp target exit data map(from: data[0:N])

  printf("refcount checksum %.3f stale %.1f\n", weighted_checksum(data, N, 4), stale);
  free(data);
  return 0;
}
// CHECK-NEXT: ownmap: total 32768 1 32768 1
