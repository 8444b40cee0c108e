// Stress: pthreads map through data regions at once, which transfer
// elision serves: each thread opens a `target data` per step on its own
// buffer (tofrom), runs kernels on it and on a shared input that main
// mapped once (`enter data`), reads its buffer on the host inside the
// region (it must see its data of before the region), brings part of it
// back with `target update from` and sends a host change with `target
// update to`; a shared total is mapped and updated by one thread at a time
// under a mutex; every other step a thread maps its buffer with
// `enter`/`exit data` instead.
enum { N = 1 << 16, THREADS = 6, STEPS = 6 };

#include "../e2e/Inputs/thread-buffers.h"

static void advance(double *mine, const double *input) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < N; i++)
    mine[i] = 0.5 * mine[i] + input[i];
}

static double step_in_region(double *mine, const double *input, int t, int s) {
  double seen;
#pragma omp target data map(tofrom: mine[0:N])
  {
    advance(mine, input);
    seen = mine[(s * 97 + t) % N]; /* the host's copy: of before the region */
#pragma omp target update from(mine[N / 4:N / 2])
    seen += mine[N / 2];
    mine[N / 3] += 1.0;
#pragma omp target update to(mine[N / 3:1])
    advance(mine, input);
  }
  return seen;
}

static double step_entered(double *mine, const double *input) {
#pragma omp target enter data map(to: mine[0:N])
  advance(mine, input);
#pragma omp target exit data map(from: mine[0:N])
  return mine[7];
}

static void add_to_total(int t) {
  pthread_mutex_lock(&total_lock);
  double *total = shared_total;
#pragma omp target data map(tofrom: total[0:N])
  {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++)
      total[i] += 1.0;
  }
  total[t] += 0.25; /* a host write to the shared buffer */
  pthread_mutex_unlock(&total_lock);
}

static void *worker(void *arg) {
  int t = (int)(long)arg;
  double *mine = own_buffer(t), seen = 0;
  for (int s = 0; s < STEPS; s++) {
    seen += (s + t) % 2 ? step_entered(mine, shared_input) : step_in_region(mine, shared_input, t, s);
    mine[(s * 31 + t) % N] += 1.0;
    add_to_total(t);
  }
  keep_sum(t, mine, seen);
  return NULL;
}

int main(void) {
  make_shared(true);
#pragma omp target enter data map(to: shared_input[0:N])
  run_threads(worker);
#pragma omp target exit data map(release: shared_input[0:N])
  print_sums();
  free_shared();
  return 0;
}
