// An offload library for the dlopen tests: built with offloading into a
// shared object that programs built without it load with dlopen, so that
// libomptarget reaches the process only as this library's dependency.

#include <stdlib.h>

// A short time loop over two heap arrays of n doubles: `to` input,
// `tofrom` state. Returns a checksum of the state; frees both.
double offload_library_run(int n, int steps) {
  double *input = malloc(n * sizeof *input);
  double *state = malloc(n * sizeof *state);
  for (int i = 0; i < n; i++) {
    input[i] = (i % 13) * 0.25;
    state[i] = 1.0 + i % 7;
  }
  for (int step = 0; step < steps; step++) {
#pragma omp target teams distribute parallel for map(to: input[0:n]) map(tofrom: state[0:n])
    for (int i = 0; i < n; i++)
      state[i] = state[i] * 0.5 + input[i];
    state[step % n] += 1.0; // the host changes the state between kernels
  }
  double checksum = 0;
  for (int i = 0; i < n; i++)
    checksum += state[i] * (1 + i % 3);
  free(input);
  free(state);
  return checksum;
}

// n doubles computed on the device and left to the caller, who may read
// them after unloading this library.
double *offload_library_results(int n) {
  double *results = malloc(n * sizeof *results);
#pragma omp target teams distribute parallel for map(from: results[0:n])
  for (int i = 0; i < n; i++)
    results[i] = i * 1.5 + 2.0;
  return results;
}
