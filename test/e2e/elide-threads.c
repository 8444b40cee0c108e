// Transfer elision with several host threads: each thread runs its own time
// loop on its own arrays, then all threads read one shared array that a
// kernel has just written (the plugin copies it back on the first touch;
// no thread may see half of it).
//
// RUN: %clang-offload %s -o %t
// RUN: %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CACHE_MB=1 %compare-with-plugin %t

#include "Inputs/host-readers.h"

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 16, THREADS = 4, STEPS = 8 };

static void relax(double *state, const double *input) {
#pragma omp target teams distribute parallel for map(to: input[0:N]) map(tofrom: state[0:N])
  for (int i = 0; i < N; i++)
    state[i] = 0.75 * state[i] + input[i];
}

int main(void) {
  double results[THREADS];
#pragma omp parallel num_threads(THREADS)
  {
    int t = omp_get_thread_num();
    double *state = malloc(N * sizeof *state), *input = malloc(N * sizeof *input);
    for (int i = 0; i < N; i++) {
      state[i] = (i + t) % 9;
      input[i] = (double)((i * (t + 1)) % 4);
    }
    for (int s = 0; s < STEPS; s++)
      relax(state, input);
    double sum = 0;
    for (int i = 0; i < N; i++)
      sum += state[i];
    results[t] = sum;
    free(state);
    free(input);
  }
  for (int t = 0; t < THREADS; t++)
    printf("thread %d: %.17g\n", t, results[t]);
  host_readers(N, 3, THREADS);
  return 0;
}
