// Stress: pthreads offload at once, each on its own tofrom buffer, all on
// one shared read-only buffer and one shared buffer they take turns to
// update under a mutex (read-write sharing).
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 16, THREADS = 6, STEPS = 6 };

static double *shared_input, *shared_total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;
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
    mine[(s * 31 + t) % N] += 1.0;
    pthread_mutex_lock(&total_lock);
    double *total = shared_total;
#pragma omp target teams distribute parallel for map(tofrom: total[0:N])
    for (int i = 0; i < N; i++)
      total[i] += 1.0;
    total[t] += 0.25; /* a host write to the shared buffer */
    pthread_mutex_unlock(&total_lock);
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
  shared_total = calloc(N, sizeof *shared_total);
  for (int i = 0; i < N; i++)
    shared_input[i] = i % 3;
  pthread_t threads[THREADS];
  for (long t = 0; t < THREADS; t++)
    pthread_create(&threads[t], NULL, worker, (void *)t);
  for (int t = 0; t < THREADS; t++)
    pthread_join(threads[t], NULL);
  double total = 0;
  for (int i = 0; i < N; i++)
    total += shared_total[i];
  for (int t = 0; t < THREADS; t++)
    printf("thread %d: %.17g\n", t, sums[t]);
  printf("shared: %.17g\n", total);
  free(shared_input);
  free(shared_total);
  return 0;
}
