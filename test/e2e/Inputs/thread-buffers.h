// What the tests of host threads offloading at once share (the includer
// defines N and THREADS): the buffers all threads share (an input they
// read; a total they take turns to update under total_lock, when the test
// makes one), each thread's own buffer and the sum it leaves, one step of a
// thread on its own buffer, and starting the threads and waiting for them.
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

static double *shared_input, *shared_total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;
static double sums[THREADS];

// Thread t's own buffer of N doubles, filled.
static double *own_buffer(int t) {
  double *mine = malloc(N * sizeof *mine);
  for (int i = 0; i < N; i++)
    mine[i] = t + i % 5;
  return mine;
}

// Step s of thread t: a kernel moves its buffer towards the shared input,
// then the host writes one element of it.
static void own_step(double *mine, int t, int s) {
  const double *input = shared_input;
#pragma omp target teams distribute parallel for map(to: input[0:N]) map(tofrom: mine[0:N])
  for (int i = 0; i < N; i++)
    mine[i] = 0.5 * mine[i] + input[i];
  mine[(s * 97 + t) % N] += 1.0; /* a host write between kernels */
}

// Thread t is done: its buffer's sum plus `seen` is kept, the buffer freed.
static void keep_sum(int t, double *mine, double seen) {
  double sum = seen;
  for (int i = 0; i < N; i++)
    sum += mine[i];
  sums[t] = sum;
  free(mine);
}

// Runs worker((void *)t) on THREADS pthreads at once and waits for them.
static void run_threads(void *(*worker)(void *)) {
  pthread_t threads[THREADS];
  for (long t = 0; t < THREADS; t++)
    pthread_create(&threads[t], NULL, worker, (void *)t);
  for (int t = 0; t < THREADS; t++)
    pthread_join(threads[t], NULL);
}

// Makes the shared input (and, with a total, the zeroed total).
static void make_shared(bool with_total) {
  shared_input = malloc(N * sizeof *shared_input);
  for (int i = 0; i < N; i++)
    shared_input[i] = i % 3;
  shared_total = with_total ? calloc(N, sizeof *shared_total) : NULL;
}

// Prints each thread's sum and the total's.
static void print_sums(void) {
  for (int t = 0; t < THREADS; t++)
    printf("thread %d: %.17g\n", t, sums[t]);
  if (shared_total != NULL) {
    double total = 0;
    for (int i = 0; i < N; i++)
      total += shared_total[i];
    printf("shared: %.17g\n", total);
  }
}

static void free_shared(void) {
  free(shared_input);
  free(shared_total);
}
