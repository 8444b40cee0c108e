// Page-locking (OWNMAP_PIN) and staged copies (OWNMAP_COPY_THREADS)
// against a stand-in CUDA driver (Inputs/fake-libcuda.c, loaded as
// libcuda.so.1 the way LLVM's CUDA plugin loads the real one), and the
// output never changes:
//  - by default a held block's large copies are staged through the
//    workers' page-locked buffers (the workers register theirs once, and
//    keep them), and the block itself is not page-locked;
//  - a block that keeps moving (the host rewrites all of it every step,
//    argument "rewrite"; one worker, whose buffers are one registration)
//    is page-locked once it has moved four times its size, and released
//    when freed, with the context it was registered under;
//  - without workers (OWNMAP_COPY_THREADS=0) blocks that transfer elision
//    holds are page-locked when held and released when freed;
//  - blocks of 4 MiB and more get transparent huge pages when they are
//    allocated; with OWNMAP_PIN=0 neither that nor page-locking a block
//    that keeps moving happens (staging does); a driver that refuses leaves
//    the blocks pageable.
// The device is the host device, whose copies the host makes itself (once
// it has seen the first one), so copies back never rely on DMA into
// protected pages.
//
// RUN: %clang-offload %s -ldl -o %t
// RUN: rm -rf %t.driver && mkdir %t.driver
// RUN: %clang-serial -shared -fPIC %S/Inputs/fake-libcuda.c -Wl,-soname,libcuda.so.1 -lpthread \
// RUN:   -o %t.driver/libcuda.so.1
// RUN: env LD_LIBRARY_PATH=%t.driver %compare-with-plugin %t 2>&1 | FileCheck %s --check-prefix=STAGED
// RUN: env LD_LIBRARY_PATH=%t.driver OWNMAP_COMPARE_ENV=OWNMAP_COPY_THREADS=1 %compare-with-plugin \
// RUN:   %t rewrite 2>&1 | FileCheck %s --check-prefix=MOVING
// RUN: env LD_LIBRARY_PATH=%t.driver OWNMAP_COMPARE_ENV=OWNMAP_COPY_THREADS=0 %compare-with-plugin \
// RUN:   %t 2>&1 | FileCheck %s --check-prefix=PIN
// RUN: env LD_LIBRARY_PATH=%t.driver "OWNMAP_COMPARE_ENV=OWNMAP_COPY_THREADS=0 OWNMAP_ELIDE=safe" \
// RUN:   %compare-with-plugin %t 2>&1 | FileCheck %s --check-prefix=PIN
// RUN: env LD_LIBRARY_PATH=%t.driver "OWNMAP_COMPARE_ENV=OWNMAP_PIN=0 OWNMAP_COPY_THREADS=1" \
// RUN:   %compare-with-plugin %t rewrite 2>&1 | FileCheck %s --check-prefix=NOPIN
// RUN: env LD_LIBRARY_PATH=%t.driver "OWNMAP_COMPARE_ENV=OWNMAP_COPY_THREADS=0 FAKE_CUDA_REFUSE=1" \
// RUN:   %compare-with-plugin %t 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: env LD_LIBRARY_PATH=%t.driver OWNMAP_COMPARE_ENV=FAKE_CUDA_NO_CONTEXT=1 %compare-with-plugin \
// RUN:   %t 2>&1 | FileCheck %s --check-prefix=NOCONTEXT
//
// STAGED: huge pages asked for the state: yes
// STAGED: fake-cuda: registered [[R:[1-9][0-9]*]], unregistered 0, still registered [[R]], refused 0, errors 0, contexts pushed 0 popped 0, async copies to device {{[1-9][0-9]*}} from device 0
// MOVING: fake-cuda: registered 2, unregistered 1, still registered 1, refused 0, errors 0, contexts pushed 1 popped 1, async copies to device {{[1-9][0-9]*}}
// PIN: huge pages asked for the state: yes
// PIN: fake-cuda: registered 2, unregistered 2, still registered 0, refused 0, errors 0, contexts pushed 2 popped 2, async copies to device 0 from device 0
// NOPIN: huge pages asked for the state: no
// NOPIN: fake-cuda: registered 1, unregistered 0, still registered 1, refused 0, errors 0
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

int main(int argc, char **argv) {
  int rewrite = argc > 1 && strcmp(argv[1], "rewrite") == 0;
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
    if (rewrite)
      for (int i = 0; i < N; i++)
        input[i] += 0.125;
  }
  print_results(probes, state);
  free(state);
  free(input);
  return 0;
}
