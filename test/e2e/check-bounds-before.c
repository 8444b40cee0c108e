// Check: a map section that starts before its heap block, through a
// pointer into the block and a negative first index (p = w + 10;
// p[-20:n]), or the block's own pointer (w[-4:n]), is reported before the
// construct runs, and the message says it starts before the block. Sections
// through the same pointer that start inside the block (p[-10:n]) are fine.
//
// RUN: %clang-offload %s -o %t
// RUN: not %ownmap-run -- %t 2>%t.err
// RUN: FileCheck %s < %t.err
// RUN: not %ownmap-run --checks=full -- %t 2>%t.full
// RUN: FileCheck %s < %t.full
// RUN: not %ownmap-run -- %t own 2>%t.own
// RUN: FileCheck %s --check-prefix=OWN < %t.own
// RUN: %compare-with-plugin %t fine 2>%t.fine
// RUN: count 0 < %t.fine

#include "Inputs/section-total.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1000 };

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "";
  double *w = malloc(N * sizeof *w);
  for (int i = 0; i < N; i++)
    w[i] = i;
  double *p = w + 10;
  double sum = total(p, -10, N) + total(p, -10, 10) + total(p, 0, N - 10);
  printf("sum %.1f\n", sum);
  if (strcmp(what, "fine") == 0)
    return 0;
  // CHECK: ownmap: error: v[first:count] (declared at section-total.h:4) mapped at section-total.h:6 in total covers bytes [-80, 7920) of a heap block of 8000 bytes at 0x{{[0-9a-f]+}}, starting 80 bytes before it: 80 bytes lie outside the allocation (nothing was copied yet). Fix: shorten the section to the allocation, or allocate the whole section
  // CHECK-NEXT: ownmap: stopping the program
  // OWN: ownmap: error: v[first:count] (declared at section-total.h:4) mapped at section-total.h:6 in total covers bytes [-32, 8016) of a heap block of 8000 bytes at 0x{{[0-9a-f]+}}, starting 32 bytes before it: 48 bytes lie outside the allocation (nothing was copied yet)
  if (strcmp(what, "own") == 0)
    sum += total(w, -4, N + 6);
  else
    sum += total(p, -20, N);
  printf("sum %.1f\n", sum);
  free(w);
  return 0;
}
