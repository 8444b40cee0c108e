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

enum { N = 1 << 18, THREADS = 8, STEPS = 12, ROUNDS = 6 };

#include "Inputs/thread-buffers.h"

static void *worker(void *arg) {
  int t = (int)(long)arg;
  double *mine = own_buffer(t);
  for (int s = 0; s < STEPS; s++)
    own_step(mine, t, s);
  keep_sum(t, mine, 0);
  return NULL;
}

int main(void) {
  make_shared(false);
  for (int round = 0; round < ROUNDS; round++) {
    for (int i = 0; i < N; i++)
      shared_input[i] = (i + round) % 3;
    run_threads(worker);
    printf("round %d\n", round);
    print_sums();
  }
  free_shared();
  return 0;
}
