// Page-locking (OWNMAP_PIN) against a stand-in CUDA driver
// (Inputs/fake-libcuda.c, loaded as libcuda.so.1 the way LLVM's CUDA plugin
// loads the real one): blocks that transfer elision holds are registered
// once and released when freed, with the context they were registered
// under; blocks of 4 MiB and more get transparent huge pages when they are
// allocated; a driver that refuses leaves the blocks pageable; and the
// output never changes. The device is the host device, whose copies the
// host makes itself, so copies back never rely on DMA into protected pages.
//
// RUN: %clang-offload %s -ldl -o %t
// RUN: rm -rf %t.driver && mkdir %t.driver
// RUN: %clang-serial -shared -fPIC %S/Inputs/fake-libcuda.c -Wl,-soname,libcuda.so.1 -lpthread \
// RUN:   -o %t.driver/libcuda.so.1
// RUN: env LD_LIBRARY_PATH=%t.driver %compare-with-plugin %t 2>&1 | FileCheck %s --check-prefix=PIN
// RUN: env LD_LIBRARY_PATH=%t.driver OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe %compare-with-plugin %t \
// RUN:   2>&1 | FileCheck %s --check-prefix=PIN
// RUN: env LD_LIBRARY_PATH=%t.driver OWNMAP_COMPARE_ENV=OWNMAP_PIN=0 %compare-with-plugin %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOPIN
// RUN: env LD_LIBRARY_PATH=%t.driver OWNMAP_COMPARE_ENV=FAKE_CUDA_REFUSE=1 %compare-with-plugin %t \
// RUN:   2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: env LD_LIBRARY_PATH=%t.driver OWNMAP_COMPARE_ENV=FAKE_CUDA_NO_CONTEXT=1 %compare-with-plugin \
// RUN:   %t 2>&1 | FileCheck %s --check-prefix=NOCONTEXT
//
// PIN: huge pages asked for the state: yes
// PIN: fake-cuda: registered 2, unregistered 2, still registered 0, refused 0, errors 0, contexts pushed 2 popped 2
// NOPIN: huge pages asked for the state: no
// NOPIN: fake-cuda: registered 0, unregistered 0, still registered 0, refused 0, errors 0
// REFUSED: fake-cuda: registered 0, unregistered 0, still registered 0, refused 2, errors 0
// NOCONTEXT: fake-cuda: registered 0, unregistered 0, still registered 0, refused 0, errors 0

#include <dlfcn.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1 << 20, STEPS = 10 }; /* 8 MiB per array */

#include "Inputs/state-input-step.h"

/* Whether the mapping that holds address has MADV_HUGEPAGE (VmFlags hg). */
static int huge_pages_asked(const void *address) {
  FILE *maps = fopen("/proc/self/smaps", "r");
  if (maps == NULL)
    return -1;
  char line[512];
  int inside = 0, asked = 0;
  uintptr_t target = (uintptr_t)address;
  while (fgets(line, sizeof line, maps) != NULL) {
    unsigned long low, high;
    if (sscanf(line, "%lx-%lx ", &low, &high) == 2 && strchr(line, '-') < strchr(line, ' '))
      inside = target >= low && target < high;
    else if (inside && strncmp(line, "VmFlags:", 8) == 0)
      asked = strstr(line, " hg") != NULL;
  }
  fclose(maps);
  return asked;
}

int main(void) {
  /* What LLVM's CUDA plugin does when it finds a driver. */
  if (dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL) == NULL) {
    fprintf(stderr, "cannot load the stand-in driver: %s\n", dlerror());
    return 2;
  }
  mallopt(M_MMAP_THRESHOLD, 1 << 20); /* each array in a mapping of its own */
  double *state = malloc(N * sizeof *state), *input = malloc(N * sizeof *input);
  fprintf(stderr, "huge pages asked for the state: %s\n",
          huge_pages_asked(state + N / 2) == 1 ? "yes" : "no");
  fill(state, input);
  double probes = 0;
  for (int s = 1; s <= STEPS; s++) {
    step(state, input);
    if (s % 3 == 0)
      probes += state[N / 3] * s + state[N - 1];
    if (s == 5)
      input[N / 2] += 1.0;
  }
  print_results(probes, state);
  free(state);
  free(input);
  return 0;
}
