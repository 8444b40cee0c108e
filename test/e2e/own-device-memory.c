// Memory the program manages itself is never flagged: omp_target_alloc'd
// buffers used through is_device_ptr, omp_target_memcpy, and host memory
// associated with device memory (omp_target_associate_ptr), which maps then
// find present with an infinite reference count; a delete map does not
// release it; after disassociation the host block may be freed; a host block
// freed while associated is the program's business. No finding, no leak,
// and the output is the same with and without the plugin.
//
// RUN: %clang-offload %s -o %t
// RUN: %compare-with-plugin %t 2>%t.err
// RUN: count 0 < %t.err

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 300 };

int main(void) {
  int device = omp_get_default_device();
  int host = omp_get_initial_device();
  double *values = malloc(N * sizeof *values);
  double *scratch_host = malloc(N * sizeof *scratch_host);
  for (int i = 0; i < N; i++)
    values[i] = i * 0.25;

  double *on_device = omp_target_alloc(N * sizeof(double), device);
  omp_target_memcpy(on_device, values, N * sizeof(double), 0, 0, device, host);
#pragma omp target teams distribute parallel for is_device_ptr(on_device)
  for (int i = 0; i < N; i++)
    on_device[i] = on_device[i] * 2 + 1;

  // values is now backed by on_device: maps find it present and copy nothing.
  omp_target_associate_ptr(values, on_device, N * sizeof(double), 0, device);
#pragma omp target teams distribute parallel for map(tofrom: values[0:N])
  for (int i = 0; i < N; i++)
    values[i] += 1;
#pragma omp target exit data map(delete: values[0:N])
#pragma omp target update from(values[0:N])
  omp_target_disassociate_ptr(values, device);
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += values[i];
  free(values);

  double *scratch_device = omp_target_alloc(N * sizeof(double), device);
  omp_target_associate_ptr(scratch_host, scratch_device, N * sizeof(double), 0, device);
  free(scratch_host);
  omp_target_free(on_device, device);
  printf("own memory sum %.2f\n", sum);
  return 0;
}
