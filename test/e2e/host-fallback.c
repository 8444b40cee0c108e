// Regions that do not reach a device map nothing: with
// OMP_TARGET_OFFLOAD=DISABLED every region runs on the host, and a region
// for the initial device (the host) runs there whatever the setting. The
// plugin then counts no copy and reports no finding.
//
// RUN: %clang-offload %s -o %t
// RUN: env OMP_TARGET_OFFLOAD=DISABLED OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t 2>%t.disabled
// RUN: FileCheck %s --check-prefix=DISABLED < %t.disabled
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t host 2>%t.host
// RUN: FileCheck %s --check-prefix=HOST < %t.host

// DISABLED-NOT: ownmap: {{warning|error}}
// DISABLED: ownmap: transfer summary: no data moved between host and device
// HOST-NOT: ownmap: {{warning|error}}
// HOST: ownmap: transfer summary: no data moved between host and device

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 128 };

int main(int argc, char **argv) {
  int device = argc > 1 && strcmp(argv[1], "host") == 0 ? omp_get_initial_device()
                                                         : omp_get_default_device();
  double *a = malloc(N * sizeof *a);
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp target enter data map(to: a[0:N]) device(device)
#pragma omp target teams distribute parallel for map(tofrom: a[0:N]) device(device)
  for (int i = 0; i < N; i++)
    a[i] = a[i] * 2 + 1;
#pragma omp target update from(a[0:N]) device(device)
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += a[i];
  printf("fallback sum %.1f\n", sum);
#pragma omp target exit data map(release: a[0:N]) device(device)
  free(a);
  return 0;
}
