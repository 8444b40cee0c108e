// Page-locking (OWNMAP_PIN) against a stand-in CUDA driver
// (Inputs/fake-libcuda.c, loaded as libcuda.so.1 the way LLVM's CUDA plugin
// loads the real one): blocks that transfer elision holds are registered
// in pieces of a quarter of the block and at least 16 MiB (three for each
// 40 MiB array here), each while its pages are still writable, and the
// first copy of a piece goes asynchronously while the next piece is
// registered, and one array's copies (and the input's snapshot, queued
// behind them) are still in flight while the other array's pieces are
// registered (so more copies are in flight at some registration than one
// array has pieces); the input's snapshot and its restores before every
// later step are made by the driver too, not the runtime; the copies are
// waited
// for before the kernel runs (the stand-in makes them only then), and
// every piece is released when the block is freed, under the context it
// was registered with. Blocks of 4 MiB and more get transparent huge pages
// when they are allocated. A driver that refuses a piece leaves the whole
// block pageable (the pieces before it released); one that cannot copy
// asynchronously gets the copies made as before; and the output never
// changes. The device is the host device, whose copies the host makes
// itself, so copies back never rely on DMA into protected pages.
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
// RUN: env LD_LIBRARY_PATH=%t.driver OWNMAP_COMPARE_ENV=FAKE_CUDA_REFUSE_AFTER=1 \
// RUN:   %compare-with-plugin %t 2>&1 | FileCheck %s --check-prefix=REFUSED-LATER
// RUN: env LD_LIBRARY_PATH=%t.driver OWNMAP_COMPARE_ENV=FAKE_CUDA_NO_ASYNC=1 %compare-with-plugin \
// RUN:   %t 2>&1 | FileCheck %s --check-prefix=NO-ASYNC
// RUN: env LD_LIBRARY_PATH=%t.driver OWNMAP_COMPARE_ENV=FAKE_CUDA_NO_CONTEXT=1 %compare-with-plugin \
// RUN:   %t 2>&1 | FileCheck %s --check-prefix=NOCONTEXT
//
// PIN: huge pages asked for the state: yes
// PIN: fake-cuda: registered 6, unregistered 6, still registered 0, refused 0, errors 0, contexts pushed [[P:[0-9]+]] popped [[P]], copies started [[C:[1-9][0-9]*]] waited [[C]], registered while copying {{[1-9][0-9]*}}, most copies in flight at a registration {{[4-9]}}, copies within the device {{[1-9][0-9]+}}
// NOPIN: huge pages asked for the state: no
// NOPIN: fake-cuda: registered 0, unregistered 0, still registered 0, refused 0, errors 0, contexts pushed 0 popped 0, copies started 0
// REFUSED: fake-cuda: registered 0, unregistered 0, still registered 0, refused 2, errors 0, contexts pushed [[P:[0-9]+]] popped [[P]], copies started 0
// REFUSED-LATER: fake-cuda: registered 1, unregistered 1, still registered 0, refused 2, errors 0, contexts pushed [[P:[0-9]+]] popped [[P]], copies started 1 waited 1
// NO-ASYNC: fake-cuda: registered 6, unregistered 6, still registered 0, refused 0, errors 0, contexts pushed [[P:[0-9]+]] popped [[P]], copies started 0 waited 0
// NOCONTEXT: fake-cuda: registered 0, unregistered 0, still registered 0, refused 0, errors 0, contexts pushed 0 popped 0, copies started 0

#include <dlfcn.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 5 << 20, STEPS = 10 }; /* 40 MiB per array */

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
