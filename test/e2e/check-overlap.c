// Check: an explicit map that overlaps a present mapping without being
// contained in it. The plugin names both maps, then forwards the construct
// so that the runtime reports and fails it as it would without the plugin
// ("explicit extension not allowed"); OWNMAP_ON_ERROR=abort (the default)
// would stop the program only after the runtime returned, and the runtime
// stops it first here.
//
// RUN: %clang-offload %s -o %t
// RUN: not %ownmap-run -- %t 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: not %ownmap-run --on-error=warn -- %t 2>%t.warn
// RUN: FileCheck %s < %t.warn
// Host memory associated with device memory is a mapping too.
// RUN: not %ownmap-run -- %t associated 2>%t.associated
// RUN: FileCheck %s --check-prefix=ASSOCIATED < %t.associated

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 256 };

static int overlap_associated(void) {
  int device = omp_get_default_device();
  float *halo = calloc(2 * N, sizeof *halo);
  void *device_half = omp_target_alloc(N * sizeof(float), device);
  omp_target_associate_ptr(halo, device_half, N * sizeof(float), 0, device);
  // ASSOCIATED: ownmap: error: halo[0:2 * N] (declared at check-overlap.c:[[#@LINE-3]]) mapped at check-overlap.c:[[#@LINE+1]] in overlap_associated ([0x{{[0-9a-f]+}}, +2048 bytes)) overlaps memory associated by omp_target_associate_ptr called from check-overlap.c.tmp+0x{{[0-9a-f]+}} ([0x{{[0-9a-f]+}}, +1024 bytes), present on device 0) without being contained in it
#pragma omp target teams distribute parallel for map(tofrom: halo[0:2 * N])
  for (int i = 0; i < 2 * N; i++)
    halo[i] += 1;
  printf("halo %.1f\n", halo[0]);
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "associated") == 0)
    return overlap_associated();
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
  // CHECK-NEXT: omptarget message: explicit extension not allowed
  // CHECK-NOT: ownmap: stopping the program
#pragma omp target exit data map(release: grid[0:N / 2])
  printf("grid %.1f\n", grid[N - 1]);
  free(grid);
  return 0;
}
