// Check: a map section that starts before its heap block, through a
// pointer into the block and a negative first index (p = v + 10;
// p[-20:n]), or the block's own pointer (v[-4:n]), is reported before the
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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 1000 };

static int total(const int *p, int first, int count) {
  int sum = 0;
#pragma omp target teams distribute parallel for reduction(+: sum) map(to: p[first:count])
  for (int i = first; i < first + count; i++)
    sum += p[i];
  return sum;
}

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "";
  int *v = malloc(N * sizeof *v);
  for (int i = 0; i < N; i++)
    v[i] = i;
  int *p = v + 10;
  int sum = total(p, -10, N) + total(p, -10, 10) + total(p, 0, N - 10);
  printf("sum %d\n", sum);
  if (strcmp(what, "fine") == 0)
    return 0;
  // CHECK: ownmap: error: p[first:count] (declared at check-bounds-before.c:[[#@LINE-18]]) mapped at check-bounds-before.c:[[#@LINE-16]] in total covers bytes [-40, 3960) of a heap block of 4000 bytes at 0x{{[0-9a-f]+}}, starting 40 bytes before it: 40 bytes lie outside the allocation (nothing was copied yet). Fix: shorten the section to the allocation, or allocate the whole section
  // CHECK-NEXT: ownmap: stopping the program
  // OWN: ownmap: error: p[first:count] (declared at check-bounds-before.c:[[#@LINE-20]]) mapped at check-bounds-before.c:[[#@LINE-18]] in total covers bytes [-16, 4008) of a heap block of 4000 bytes at 0x{{[0-9a-f]+}}, starting 16 bytes before it: 24 bytes lie outside the allocation (nothing was copied yet)
  if (strcmp(what, "own") == 0)
    sum += total(v, -4, N + 6);
  else
    sum += total(p, -20, N);
  printf("sum %d\n", sum);
  free(v);
  return 0;
}
