// A program that requires unified shared memory: the runtime then maps
// nothing (device code uses the host's memory), so `present` holds for any
// host memory, and an `enter data` never exited, or a block freed while
// "mapped", is no leak and no error. The plugin must not report what the
// runtime's mapping table does not have; output identical.
//
// gpu-build-e2e: host-only (an NVIDIA GPU reaches the host's malloc memory only with HMM, which the H200 machine lacks: the program fails there without the plugin, with an illegal memory access)
//
// RUN: %clang-offload %s -o %t
// RUN: %compare-with-plugin %t 2>%t.err
// RUN: FileCheck %s --allow-empty < %t.err
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t 2>%t.full.err
// RUN: FileCheck %s --allow-empty < %t.full.err
// CHECK-NOT: ownmap: {{warning|error}}

#include <stdio.h>
#include <stdlib.h>

#pragma omp requires unified_shared_memory

enum { N = 1 << 15 };

int main(void) {
  int i = 3;
#pragma omp target map(present, tofrom : i)
  i += 1;
  double *v = malloc(N * sizeof *v);
  for (int k = 0; k < N; k++)
    v[k] = k;
#pragma omp target enter data map(to : v[0:N])
#pragma omp target teams distribute parallel for map(present, tofrom : v[0:N])
  for (int k = 0; k < N; k++)
    v[k] *= 2;
  double sum = 0;
  for (int k = 0; k < N; k++)
    sum += v[k];
  printf("i %d sum %.17g\n", i, sum);
  free(v); /* no exit data: under unified shared memory nothing was mapped */
  return 0;
}
