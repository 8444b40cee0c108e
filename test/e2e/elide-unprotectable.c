// Host memory that cannot be protected page by page (heap memory on
// hugetlbfs, e.g. GLIBC_TUNABLES=glibc.malloc.hugetlb=2, where mprotect
// refuses part of a huge page): transfer elision would not see the host's
// writes, so the plugin leaves such blocks to the runtime, and the output
// is unchanged. Inputs/huge-page-mprotect.c stands in for hugetlbfs: its
// mprotect refuses every range that is not whole 2 MiB pages. (Without the
// check the plugin printed a wrong checksum here.)
//
// RUN: %clang-offload %s -o %t
// RUN: %clang-serial -shared -fPIC %S/Inputs/huge-page-mprotect.c -ldl -o %t.mprotect.so
// RUN: env LD_PRELOAD=%t.mprotect.so %compare-with-plugin %t
// RUN: env LD_PRELOAD=%t.mprotect.so OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe %compare-with-plugin %t
//
// Protection refused later, once blocks are held (a process out of memory
// mappings): the plugin stops the program and says why, rather than let
// its results go wrong.
// RUN: env LD_PRELOAD=%t.mprotect.so MPROTECT_FAIL_AFTER=6 not %ownmap-run -- %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STOP
// STOP: ownmap: error: cannot change the protection of {{[0-9]+}} bytes at 0x{{[0-9a-f]+}} (Cannot allocate memory), so transfer elision cannot follow host accesses; rerun with OWNMAP_ELIDE=off

#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 17, STEPS = 10 }; /* 1 MiB per array */

#include "Inputs/state-input-step.h"

int main(void) {
  double *state = malloc(N * sizeof *state), *input = malloc(N * sizeof *input);
  fill(state, input);
  double probes = 0;
  for (int s = 1; s <= STEPS; s++) {
    step(state, input);
    probes += state[N / 3] * s;
    input[N / 2] += 1.0; /* a host write the device must see */
  }
  print_results(probes, state);
  free(state);
  free(input);
  return 0;
}
