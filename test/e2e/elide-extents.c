// The same arrays mapped with different extents on alternate steps (what
// ownmap-rewrite emits for a stencil with a pointer swap: the input whole,
// the output without its boundary). A held section that the program maps
// again with another extent goes back to the runtime, and its heap block is
// not held again until freed, so the plugin never copies more than the
// program would without it.
//
// RUN: %clang-offload %s -o %t
// RUN: env COMPARE_NOT_MORE=1 %compare-copies %t | FileCheck %s
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe COMPARE_NOT_MORE=1 %compare-copies %t
// 10 steps x 256 KiB each way:
// CHECK: copies without: to_device 2621440 10 from_device 2621360 10

#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 16, STEPS = 10 };

int main(void) {
  float *u = malloc(N * sizeof *u), *v = malloc(N * sizeof *v);
  for (int i = 0; i < N; i++)
    u[i] = v[i] = (float)(i % 23);
  for (int s = 0; s < STEPS; s++) {
#pragma omp target teams distribute parallel for map(to: u[0:N]) map(from: v[1:N - 2])
    for (int i = 1; i < N - 1; i++)
      v[i] = 0.25f * u[i - 1] + 0.5f * u[i] + 0.25f * u[i + 1];
    float *t = u;
    u = v;
    v = t;
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += u[i] * (i % 5 + 1);
  printf("sum %.17g\n", sum);
  free(u);
  free(v);
  return 0;
}
