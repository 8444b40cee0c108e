// Check: a map section that extends past the end of its heap block is
// reported before the construct runs, so before any byte is copied. Sections
// inside the block (also ones that start in its middle) are fine. Blocks
// from calloc, aligned_alloc and posix_memalign are recorded like malloc's.
//
// RUN: %clang-offload %s -o %t
// RUN: not %ownmap-run -- %t 2>%t.err
// RUN: FileCheck %s < %t.err
// The runtime's own log shows that the bad section was never copied.
// RUN: env LIBOMPTARGET_INFO=32 not %ownmap-run -- %t 2>&1 | FileCheck %s --check-prefix=NOCOPY
// NOCOPY: ownmap: error: v[first:count]
// NOCOPY-NOT: Copying data
// NOCOPY: ownmap: stopping the program
// NOCOPY-NOT: Copying data
// RUN: %ownmap-run --on-error=warn -- %t fine > %t.out 2>%t.fine
// RUN: count 0 < %t.fine
// With OWNMAP_ON_ERROR=warn the program goes on; the site is reported once
// however often it runs.
// RUN: %ownmap-run --on-error=warn -- %t twice > %t.out 2>%t.twice
// RUN: grep -c "ownmap: error: v\[first:count\]" %t.twice | FileCheck %s --check-prefix=ONCE
// ONCE: {{^1$}}

#include "Inputs/section-total.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1000 };

int main(int argc, char **argv) {
  int fine_only = argc > 1 && strcmp(argv[1], "fine") == 0;
  double *samples = malloc(N * sizeof *samples);
  double *zeros = calloc(N, sizeof *zeros);
  double *aligned = aligned_alloc(64, N * sizeof *aligned);
  void *memaligned = NULL;
  if (posix_memalign(&memaligned, 64, N * sizeof(double)) != 0)
    return 1;
  for (int i = 0; i < N; i++)
    samples[i] = aligned[i] = ((double *)memaligned)[i] = i;
  double sum = total(samples, 0, N) + total(samples, 10, N - 10) + total(zeros, 0, N) +
               total(aligned, 50, 50) + total(memaligned, 0, N);
  printf("sum %.1f\n", sum);
  if (fine_only)
    return 0;
  // CHECK: ownmap: error: v[first:count] (declared at section-total.h:4) mapped at section-total.h:6 in total covers bytes [4000, 12000) of a heap block of 8000 bytes at 0x{{[0-9a-f]+}}: 4000 bytes lie outside the allocation (nothing was copied yet). Fix: shorten the section to the allocation, or allocate the whole section
  // CHECK-NEXT: ownmap: stopping the program
  int runs = strcmp(argv[1 < argc ? 1 : 0], "twice") == 0 ? 2 : 1;
  for (int run = 0; run < runs; run++)
    sum += total(samples, N / 2, N) > 0;
  printf("sum %.1f\n", sum);
  return 0;
}
