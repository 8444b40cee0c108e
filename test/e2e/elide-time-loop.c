// Transfer elision on a naive time loop: every step maps a 1 MiB input
// `to` and a 1 MiB state `tofrom`; the host probes one element of the state
// now and then and changes elements of the input: one in the middle, the
// first and the last. With the plugin the output is identical in every
// elision mode, and libomptarget itself (LIBOMPTARGET_INFO) reports far
// fewer bytes copied: the input once plus the chunks the host changed, the
// state once plus the chunks the host read.
//
// The arrays lie either in glibc's main heap (argument "shared", the
// default: their first and last pages hold other heap data too, so the
// plugin cannot protect those pages and compares them with what the device
// holds) or in mappings of their own ("owned": the whole pages are
// protected).
//
// RUN: %clang-offload %s -o %t
// RUN: env COMPARE_MAX_TO_PERCENT=10 COMPARE_MAX_FROM_PERCENT=15 COMPARE_MAX_TO_COPIES=12 \
// RUN:   %compare-copies %t shared | FileCheck %s --check-prefix=LAZY
// RUN: env COMPARE_MAX_TO_PERCENT=10 COMPARE_MAX_FROM_PERCENT=15 COMPARE_MAX_TO_COPIES=6 \
// RUN:   %compare-copies %t owned | FileCheck %s --check-prefix=LAZY
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe COMPARE_MAX_TO_PERCENT=10 %compare-copies %t shared \
// RUN:   | FileCheck %s --check-prefix=SAFE
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe COMPARE_MAX_TO_PERCENT=10 %compare-copies %t owned \
// RUN:   | FileCheck %s --check-prefix=SAFE
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=off %compare-with-plugin %t shared
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CACHE_MB=1 %compare-with-plugin %t owned
//
// 20 steps x 2 arrays x 1 MiB host->device, 20 x 1 MiB back. With the
// plugin, at most 10% of that host->device: both arrays once, and the
// chunks (or shared edge pages) the host changed once more; at most 6 copies
// when the pages are owned (each array, three changed chunks), 12 when they
// are shared (each array and its two edges, three changed places, once
// each: an unchanged edge is not copied again). Lazy, at most 15% back (the
// probed chunks, the shared edges after every step, the state once at the
// end); safe copies everything back after every step, as without the plugin:
// LAZY: copies without: to_device 41943040 40 from_device 20971520 20
// LAZY: copies with: to_device [[#]] [[#]] from_device [[#]] [[#]]
// SAFE: copies without: to_device 41943040 40 from_device 20971520 20
// SAFE: copies with: to_device [[#]] [[#]] from_device 20971520 [[#]]

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1 << 17, STEPS = 20 };

#include "Inputs/state-input-step.h"

int main(int argc, char **argv) {
  const char *layout = argc > 1 ? argv[1] : "shared"; /* scripts/gpu-run-e2e passes none */
  if (argc > 2 || (strcmp(layout, "shared") != 0 && strcmp(layout, "owned") != 0)) {
    fprintf(stderr, "usage: %s [shared|owned]\n", argv[0]);
    return 2;
  }
  /* Blocks of 1 MiB and more in the main heap, or each in its own mapping. */
  mallopt(M_MMAP_THRESHOLD, strcmp(layout, "shared") == 0 ? 32 << 20 : 64 << 10);
  double *state = malloc(N * sizeof *state), *input = malloc(N * sizeof *input);
  fill(state, input);
  double probes = 0;
  for (int s = 1; s <= STEPS; s++) {
    step(state, input);
    if (s % 5 == 0)
      probes += state[N / 3] * s;
    if (s % 10 == 0)
      input[N / 2] += 1.0;
    if (s == 7)
      input[0] += 2.0;
    if (s == 13)
      input[N - 1] -= 1.0;
  }
  /* glibc's header of the block lies on its first page, which the plugin
   * protects when the block owns its pages: reading it must still work. */
  if (malloc_usable_size(state) < N * sizeof *state)
    printf("usable size too small\n");
  print_results(probes, state);
  free(state);
  free(input);
  return 0;
}
