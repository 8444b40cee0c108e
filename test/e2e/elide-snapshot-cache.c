// A block mapped `to` only needs room in OWNMAP_CACHE_MB for its device
// copy and its snapshot. When both do not fit, the plugin must leave the
// block to the runtime before copying anything, not upload it and then
// give it back for the runtime to copy again (twice the bytes per kernel).
//
// RUN: %clang-offload %s -o %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CACHE_MB=3 COMPARE_NOT_MORE=1 %compare-copies %t | FileCheck %s
// Fits (2 x 2 MiB in 5 MiB): the block is copied once (the other copies
// are the reduction variable).
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_CACHE_MB=5 COMPARE_MAX_TO_COPIES=6 %compare-copies %t
// CHECK: copies without: to_device 10485800 10
// CHECK: copies with: to_device 10485800 10

#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 18, STEPS = 5 }; /* 2 MiB of doubles */

int main(void) {
  double *input = malloc(N * sizeof *input);
  for (int i = 0; i < N; i++)
    input[i] = i % 17;
  double total = 0;
  for (int s = 0; s < STEPS; s++) {
    double sum = 0;
#pragma omp target teams distribute parallel for map(to: input[0:N]) reduction(+ : sum)
    for (int i = 0; i < N; i++)
      sum += input[i] * (s + 1);
    total += sum;
  }
  printf("%.17g\n", total);
  free(input);
  return 0;
}
