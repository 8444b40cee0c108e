// Check: free and realloc of heap memory that is still mapped on a device.
// The message names the variable, where it was declared and mapped, and the
// device; with OWNMAP_ON_ERROR=abort (the default) the program stops.
//
// RUN: %clang-offload %s -o %t
// RUN: not %ownmap-run -- %t free 2>%t.free
// RUN: FileCheck %s --check-prefix=FREE < %t.free
// RUN: %ownmap-run --on-error=warn -- %t realloc > %t.out 2>%t.realloc
// RUN: FileCheck %s --check-prefix=REALLOC < %t.realloc

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1000 };

int main(int argc, char **argv) {
  int use_realloc = argc > 1 && strcmp(argv[1], "realloc") == 0;
  int *counts = calloc(N, sizeof *counts);
#pragma omp target enter data map(to: counts[0:N])
#pragma omp target teams distribute parallel for
  for (int i = 0; i < N; i++)
    counts[i] += i;
  // FREE: ownmap: error: free() of the heap block at 0x{{[0-9a-f]+}} (4000 bytes) called from check-free-mapped.c.tmp+0x{{[0-9a-f]+}} while counts[0:N] (declared at check-free-mapped.c:[[#@LINE-5]]) mapped at check-free-mapped.c:[[#@LINE-4]] in main is still mapped on device 0 (reference count 1): a later allocation at this address would be taken as present and never copied. Fix: unmap it first (target exit data map(from: ...) or map(release: ...)), then free it
  // FREE-NEXT: ownmap: stopping the program
  // REALLOC: ownmap: error: realloc() of the heap block at 0x{{[0-9a-f]+}} (4000 bytes) called from check-free-mapped.c.tmp+0x{{[0-9a-f]+}} while counts[0:N] (declared at check-free-mapped.c:[[#@LINE-7]]) mapped at check-free-mapped.c:[[#@LINE-6]] in main is still mapped on device 0 (reference count 1)
  // REALLOC-NOT: ownmap: error
  if (use_realloc)
    counts = realloc(counts, 2 * N * sizeof *counts);
  else
    free(counts);
  printf("done\n");
  return 0;
}
