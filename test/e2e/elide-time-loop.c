// Transfer elision on a naive time loop: every step maps a 1 MiB input
// `to` and a 1 MiB state `tofrom`; the host probes one element of the state
// now and then and changes one element of the input. With the plugin the
// output is identical in every elision mode, and libomptarget itself
// (LIBOMPTARGET_INFO) reports far fewer bytes copied: the input once plus
// the chunk the host changed, the state once plus the chunks the host read.
//
// RUN: %clang-offload %s -o %t
// RUN: env COMPARE_MAX_TO_PERCENT=10 COMPARE_MAX_FROM_PERCENT=15 %compare-copies %t \
// RUN:   | FileCheck %s --check-prefix=LAZY
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe COMPARE_MAX_TO_PERCENT=10 %compare-copies %t \
// RUN:   | FileCheck %s --check-prefix=SAFE
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=off %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CACHE_MB=1 %compare-with-plugin %t
//
// 20 steps x 2 arrays x 1 MiB host->device, 20 x 1 MiB back; with the
// plugin at most 10% of that host->device (both arrays once, the changed
// chunk of the input twice, the partial edge pages every step) and, lazy, at
// most 15% back (the probed chunks, the edges, the state once at the end);
// safe copies everything back after every step, as without the plugin:
// LAZY: copies without: to_device 41943040 40 from_device 20971520 20
// LAZY: copies with: to_device [[#]] [[#]] from_device [[#]] [[#]]
// SAFE: copies without: to_device 41943040 40 from_device 20971520 20
// SAFE: copies with: to_device [[#]] [[#]] from_device 20971520 [[#]]

#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 17, STEPS = 20 };

static void step(double *state, const double *input) {
#pragma omp target teams distribute parallel for map(to: input[0:N]) map(tofrom: state[0:N])
  for (int i = 0; i < N; i++)
    state[i] = 0.5 * state[i] + input[i];
}

int main(void) {
  double *state = malloc(N * sizeof *state), *input = malloc(N * sizeof *input);
  for (int i = 0; i < N; i++) {
    state[i] = (double)(i % 13);
    input[i] = (double)(i % 5) * 0.25;
  }
  double probes = 0;
  for (int s = 1; s <= STEPS; s++) {
    step(state, input);
    if (s % 5 == 0)
      probes += state[N / 3] * s;
    if (s % 10 == 0)
      input[N / 2] += 1.0;
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += state[i] * (i % 7 + 1);
  printf("probes %.17g\nchecksum %.17g\n", probes, sum);
  free(state);
  free(input);
  return 0;
}
