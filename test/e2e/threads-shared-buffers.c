// Host threads offloading at once, each with its own tofrom buffer and one
// map(to:) buffer shared by all, several rounds; with a device-memory cache
// too small for all of them, so held blocks are evicted while other threads
// wait for them. No thread may see another block's data, a half copy, or
// wait forever.
//
// RUN: %clang-offload %s -o %t -lpthread
// RUN: %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CACHE_MB=4 %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CACHE_MB=3 %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV="OWNMAP_CACHE_MB=4 OWNMAP_CHECKS=full" %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV="OWNMAP_CACHE_MB=4 OWNMAP_ELIDE=safe" %compare-with-plugin %t

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 18, THREADS = 8, STEPS = 12, ROUNDS = 6 };

static double *shared_input;
static double sums[THREADS];

static void *worker(void *arg) {
  int t = (int)(long)arg;
  double *mine = malloc(N * sizeof *mine);
  const double *input = shared_input;
  for (int i = 0; i < N; i++)
    mine[i] = t + i % 5;
  for (int s = 0; s < STEPS; s++) {
#pragma omp target teams distribute parallel for map(to: input[0:N]) map(tofrom: mine[0:N])
    for (int i = 0; i < N; i++)
      mine[i] = 0.5 * mine[i] + input[i];
    mine[(s * 97 + t) % N] += 1.0; /* a host write between kernels */
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += mine[i];
  sums[t] = sum;
  free(mine);
  return NULL;
}

int main(void) {
  shared_input = malloc(N * sizeof *shared_input);
  for (int round = 0; round < ROUNDS; round++) {
    for (int i = 0; i < N; i++)
      shared_input[i] = (i + round) % 3;
    pthread_t threads[THREADS];
    for (long t = 0; t < THREADS; t++)
      pthread_create(&threads[t], NULL, worker, (void *)t);
    for (int t = 0; t < THREADS; t++)
      pthread_join(threads[t], NULL);
    for (int t = 0; t < THREADS; t++)
      printf("round %d thread %d: %.17g\n", round, t, sums[t]);
  }
  free(shared_input);
  return 0;
}
