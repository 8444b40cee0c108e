// Stress: pthreads offload at once, each on its own tofrom buffer, all on
// one shared read-only buffer and one shared buffer they take turns to
// update under a mutex (read-write sharing).
enum { N = 1 << 16, THREADS = 6, STEPS = 6 };

#include "../e2e/Inputs/thread-buffers.h"

static void *worker(void *arg) {
  int t = (int)(long)arg;
  double *mine = own_buffer(t);
  for (int s = 0; s < STEPS; s++) {
    own_step(mine, t, s);
    pthread_mutex_lock(&total_lock);
    double *total = shared_total;
#pragma omp target teams distribute parallel for map(tofrom: total[0:N])
    for (int i = 0; i < N; i++)
      total[i] += 1.0;
    total[t] += 0.25; /* a host write to the shared buffer */
    pthread_mutex_unlock(&total_lock);
  }
  keep_sum(t, mine, 0);
  return NULL;
}

int main(void) {
  make_shared(true);
  run_threads(worker);
  print_sums();
  free_shared();
  return 0;
}
