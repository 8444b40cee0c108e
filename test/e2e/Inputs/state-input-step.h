// The naive time loop of the transfer-elision tests: a state of N doubles
// (the includer defines N) moved towards an input by a kernel that maps
// both on every step, their starting values, and the probes and checksum
// each test prints.
#include <stdio.h>

static void step(double *state, const double *input) {
#pragma omp target teams distribute parallel for map(to: input[0:N]) map(tofrom: state[0:N])
  for (int i = 0; i < N; i++)
    state[i] = 0.5 * state[i] + input[i];
}

static void fill(double *state, double *input) {
  for (int i = 0; i < N; i++) {
    state[i] = (double)(i % 13);
    input[i] = (double)(i % 5) * 0.25;
  }
}

static void print_results(double probes, const double *state) {
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += state[i] * (i % 7 + 1);
  printf("probes %.17g\nchecksum %.17g\n", probes, sum);
}
