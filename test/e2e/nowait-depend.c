// `target nowait` tasks ordered by `depend`: the copies of both deferred
// kernels are counted (with the host device, each region finishes before its
// entry point returns) and the results match the run without the plugin.
//
// RUN: %clang-offload %s -o %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t 2>%t.err
// RUN: not grep -E "ownmap: (warning|error)" %t.err
// RUN: FileCheck %s < %t.err

#include "Inputs/checksum.h"

#include <stdio.h>
#include <stdlib.h>

enum { N = 1000 };

// CHECK: ownmap: transfer summary
// CHECK-NEXT: ownmap: variable
int main(void) {
  // x goes over twice (tofrom, then to) and comes back once.
  // CHECK-NEXT: ownmap: x[0:N] nowait-depend.c:[[#@LINE+1]] 16000 2 8000 1
  double *x = malloc(N * sizeof *x);
  // CHECK-NEXT: ownmap: y[0:N] nowait-depend.c:[[#@LINE+1]] 8000 1 8000 1
  double *y = malloc(N * sizeof *y);
  for (int i = 0; i < N; i++) {
    x[i] = i * 0.5;
    y[i] = 1.0 / (i + 1);
  }
#pragma omp target teams distribute parallel for map(tofrom: x[0:N]) nowait depend(out: x[0:N])
  for (int i = 0; i < N; i++)
    x[i] = x[i] * 2 + 1;
#pragma omp target teams distribute parallel for map(to: x[0:N]) map(tofrom: y[0:N]) \
    nowait depend(in: x[0:N]) depend(out: y[0:N])
  for (int i = 0; i < N; i++)
    y[i] += x[i];
#pragma omp taskwait
  printf("nowait checksum %.6f\n", weighted_checksum(y, N, 3));
  free(x);
  free(y);
  return 0;
}
// CHECK-NEXT: ownmap: total 24000 3 16000 2
