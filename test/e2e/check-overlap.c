// Check: an explicit map that overlaps a present mapping without being
// contained in it. The plugin names both maps before the runtime fails the
// construct; with OWNMAP_ON_ERROR=abort (the default) it stops the program,
// with warn it goes on (and the runtime then fails the construct itself).
//
// RUN: %clang-offload %s -o %t
// RUN: not %ownmap-run -- %t 2>%t.err
// RUN: FileCheck %s --check-prefixes=CHECK,ABORT < %t.err
// RUN: not %ownmap-run --on-error=warn -- %t 2>%t.warn
// RUN: FileCheck %s --check-prefixes=CHECK,WARN < %t.warn

#include <stdio.h>
#include <stdlib.h>

enum { N = 256 };

int main(void) {
  double *grid = malloc(N * sizeof *grid);
  for (int i = 0; i < N; i++)
    grid[i] = i;
  // The first half is made resident ...
#pragma omp target enter data map(to: grid[0:N / 2])
  // ... then a kernel maps the whole array explicitly.
  // CHECK: ownmap: error: grid[0:N] (declared at check-overlap.c:[[#@LINE-6]]) mapped at check-overlap.c:[[#@LINE+1]] in main ([0x{{[0-9a-f]+}}, +2048 bytes)) overlaps grid[0:N / 2] (declared at check-overlap.c:[[#@LINE-6]]) mapped at check-overlap.c:[[#@LINE-2]] in main ([0x{{[0-9a-f]+}}, +1024 bytes), present on device 0) without being contained in it: the runtime cannot extend a mapping and fails the construct. Fix: map the larger section first (e.g. in an enclosing target data or enter data), or give both maps the same extent
#pragma omp target teams distribute parallel for map(tofrom: grid[0:N])
  for (int i = 0; i < N; i++)
    grid[i] *= 2;
  // ABORT-NEXT: ownmap: stopping the program (OWNMAP_ON_ERROR=abort; set OWNMAP_ON_ERROR=warn to go on)
  // WARN-NOT: stopping the program
  // WARN: explicit extension not allowed
#pragma omp target exit data map(release: grid[0:N / 2])
  printf("grid %.1f\n", grid[N - 1]);
  free(grid);
  return 0;
}
