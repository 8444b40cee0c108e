// Host threads run kernels at the same moments (a barrier per step), each
// on its own tofrom buffer and all on one shared map(to:) buffer. The
// shared buffer is held once and serves every kernel: its device copy is
// filled once, and no kernel may run on it before it is filled. (Before,
// a thread that found another thread's kernel mapping the buffer left its
// own map to the runtime, which found the engine's fresh device copy
// present and ran on it unfilled: zeros, about once in 600 loaded runs;
// and the buffer was copied again for most kernels.) Each thread checks
// every step against the same computation on the host.
//
// RUN: %clang-offload %s -o %t -lpthread
// RUN: %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CHECKS=full %compare-with-plugin %t
// RUN: env OWNMAP_ELIDE=safe %ownmap-run --summary -- %t 2>&1 | FileCheck %s
// CHECK-DAG: ownmap: input[0:N] {{.*}} 2097152 1 0 0
// CHECK-DAG: all threads match the host

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// A stress program that includes this file states its own sizes
// (test/stress/barrier-shared-input.c).
#ifndef OWNMAP_STRESS_SIZES
enum { N = 1 << 18, THREADS = 4, STEPS = 8 };
#endif

static const double *shared_input;
static pthread_barrier_t step_barrier;
static long wrong[THREADS];

static void *worker(void *arg) {
  int t = (int)(long)arg;
  double *mine = malloc(N * sizeof *mine), *expected = malloc(N * sizeof *expected);
  const double *input = shared_input;
  for (int i = 0; i < N; i++)
    mine[i] = expected[i] = t + i % 5;
  for (int s = 0; s < STEPS; s++) {
    pthread_barrier_wait(&step_barrier);
#pragma omp target teams distribute parallel for map(to: input[0:N]) map(tofrom: mine[0:N])
    for (int i = 0; i < N; i++)
      mine[i] = 0.5 * mine[i] + input[i];
    for (int i = 0; i < N; i++) {
      expected[i] = 0.5 * expected[i] + input[i];
      wrong[t] += mine[i] != expected[i];
    }
  }
  free(expected);
  free(mine);
  return NULL;
}

int main(void) {
  double *input = malloc(N * sizeof *input);
  for (int i = 0; i < N; i++)
    input[i] = i % 3;
  shared_input = input;
  pthread_barrier_init(&step_barrier, NULL, THREADS);
  pthread_t threads[THREADS];
  for (long t = 0; t < THREADS; t++)
    pthread_create(&threads[t], NULL, worker, (void *)t);
  long total_wrong = 0;
  for (int t = 0; t < THREADS; t++) {
    pthread_join(threads[t], NULL);
    if (wrong[t] != 0)
      printf("thread %d: %ld wrong values\n", t, wrong[t]);
    total_wrong += wrong[t];
  }
  if (total_wrong == 0)
    printf("all threads match the host\n");
  free(input);
  return total_wrong != 0;
}
