// Check: mappings still present at exit are reported as warnings, with the
// variable, where it was declared and where it was mapped; the program's
// output and exit status do not change. Maps released in time and memory
// the program associates itself (omp_target_associate_ptr) are not
// reported. With OWNMAP_CHECKS=off
// nothing is reported.
//
// RUN: %clang-offload %s -o %t
// RUN: %compare-with-plugin %t 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=off %compare-with-plugin %t 2>%t.off
// RUN: count 0 < %t.off

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 512 };

static void fill(float *v, int n, float value) {
#pragma omp target teams distribute parallel for map(tofrom: v[0:n])
  for (int i = 0; i < n; i++)
    v[i] += value;
}

// CHECK-NOT: ownmap: {{.*}}kept
// CHECK: ownmap: warning: leaked[0:N] (declared at check-leak.c:[[#@LINE+4]]) mapped at check-leak.c:[[#@LINE+11]] in main is still mapped on device 0 at exit ([0x{{[0-9a-f]+}}, +2048 bytes), reference count 1): its device memory leaks. Fix: end it with target exit data map(release: ...) (or map(from: ...) to get the data back) once it is no longer needed
// CHECK-NOT: ownmap: {{.*}}kept
// CHECK-NOT: ownmap: {{.*}}associated
int main(void) {
  float *leaked = malloc(N * sizeof *leaked);
  float *kept = malloc(N * sizeof *kept);
  float *associated = malloc(N * sizeof *associated);
  for (int i = 0; i < N; i++)
    leaked[i] = kept[i] = associated[i] = (float)i;
  // Entered twice (the same site), exited once: one mapping left, reported once.
  for (int round = 0; round < 2; round++) {
#pragma omp target enter data map(to: leaked[0:N])
  }
#pragma omp target exit data map(release: leaked[0:N])
#pragma omp target enter data map(to: kept[0:N])
  fill(kept, N, 1.0f);
#pragma omp target exit data map(from: kept[0:N])

  int device = omp_get_default_device();
  void *device_copy = omp_target_alloc(N * sizeof(float), device);
  omp_target_memcpy(device_copy, associated, N * sizeof(float), 0, 0, device,
                    omp_get_initial_device());
  omp_target_associate_ptr(associated, device_copy, N * sizeof(float), 0, device);
  // Present through the association: the kernel's map copies nothing.
  fill(associated, N, 3.0f);

  fill(leaked, N, 2.0f);
  printf("leak %.1f %.1f\n", kept[N - 1], associated[0]);
  free(kept);
  // Associations are the program's to manage: one left at exit is no leak.
  return 0;
}
