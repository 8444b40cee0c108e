// Transfer elision with several host threads: each thread runs its own time
// loop on its own arrays, then all threads read one shared array that a
// kernel has just written (the plugin copies it back on the first touch;
// no thread may see half of it).
//
// RUN: %clang-offload %s -o %t
// RUN: %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CACHE_MB=1 %compare-with-plugin %t

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

  double *shared = malloc(N * sizeof *shared), *ones = malloc(N * sizeof *ones);
  for (int i = 0; i < N; i++) {
    shared[i] = i % 10;
    ones[i] = 1.0;
  }
  for (int round = 0; round < 3; round++) {
    relax(shared, ones);
    double total = 0;
#pragma omp parallel for num_threads(THREADS) reduction(+ : total)
    for (int i = 0; i < N; i++)
      total += shared[i] * (i % 3 + 1);
    printf("round %d: %.17g\n", round, total);
  }
  free(shared);
  free(ones);
  return 0;
}
