// Stress: threads launch kernels at the same moment (a barrier per step),
// each on its own tofrom buffer and all on one shared map(to:) buffer, and
// check every step against the host. This is the timing that once let a
// kernel run on the shared buffer's device copy before it was filled
// (threads-shared-input.c in test/e2e); a wrong step prints its count.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 16, THREADS = 8, STEPS = 4 };

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
  for (int t = 0; t < THREADS; t++)
    pthread_join(threads[t], NULL);
  for (int t = 0; t < THREADS; t++)
    printf("thread %d: %ld wrong values\n", t, wrong[t]);
  free(input);
  return 0;
}
