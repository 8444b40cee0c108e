// Stress: host threads each run the naive time loop on two arrays of their
// own, large enough to be page-locked in two pieces each. In run-stress's
// `pinned` mode the stand-in CUDA driver (test/e2e/Inputs/fake-libcuda.c)
// is on the library path: then the held blocks are page-locked, their
// copies up (and the snapshots and restores of the input) are made by the
// driver, asynchronously, only when the stream is synchronised, and may
// stay in flight while the engine goes on with another section, so a wait
// missed by any thread shows as wrong output, and any misuse the stand-in
// sees stops the run. In the other modes the program runs unpinned.
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 20 << 17, THREADS = 3, STEPS = 5 }; /* 20 MiB per array: pieces of 16 + 4 */

static void step(double *state, const double *input) {
#pragma omp target teams distribute parallel for map(to: input[0:N]) map(tofrom: state[0:N])
  for (int i = 0; i < N; i++)
    state[i] = 0.5 * state[i] + input[i];
}

int main(void) {
  /* What LLVM's CUDA plugin does when a driver is on the path; without
   * one the program runs the same, unpinned. */
  dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL);
  double sums[THREADS];
#pragma omp parallel num_threads(THREADS)
  {
    int t = omp_get_thread_num();
    double *state = malloc(N * sizeof *state), *input = malloc(N * sizeof *input);
    for (int i = 0; i < N; i++) {
      state[i] = (double)((i + t) % 13);
      input[i] = (double)((i * (t + 1)) % 5) * 0.25;
    }
    for (int s = 0; s < STEPS; s++) {
      step(state, input);
      if (s == 2)
        input[N / 2 + t] += 1.0; /* the host changes the input between steps */
    }
    double sum = 0;
    for (int i = 0; i < N; i++)
      sum += state[i] * (i % 7 + 1);
    sums[t] = sum;
    free(state);
    free(input);
  }
  for (int t = 0; t < THREADS; t++)
    printf("thread %d: %.17g\n", t, sums[t]);
  return 0;
}
