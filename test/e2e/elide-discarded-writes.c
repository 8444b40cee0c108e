// A kernel may write an array it maps `to` only: the runtime then discards
// the device's copy at the end of the region, and the next region starts
// from the host's data again. With the device copy kept resident, the
// plugin must restore it (from its device snapshot), never let the
// discarded writes through. Also: an array mapped `from` only, and the host
// writing the whole `to` array between steps.
//
// RUN: %clang-offload %s -o %t
// RUN: env COMPARE_MAX_TO_PERCENT=20 %compare-copies %t | FileCheck %s
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe %compare-copies %t
// 6 steps x 3 maps `to` of 256 KiB; with the plugin x goes once, again
// after the host changed it, and its partial edge pages every time:
// CHECK: copies without: to_device 4718592 18 from_device 3145728 12
// CHECK: copies with: to_device [[#]] [[#]] from_device [[#]] [[#]]

#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 16, STEPS = 6 };

int main(void) {
  float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  for (int i = 0; i < N; i++)
    x[i] = (float)(i % 11);
  double total = 0;
  for (int s = 0; s < STEPS; s++) {
    // Scribbles over its `to` copy of x: discarded at the end of the region.
#pragma omp target teams distribute parallel for map(to: x[0:N]) map(from: y[0:N])
    for (int i = 0; i < N; i++) {
      y[i] = x[i] * 2.0f;
      x[i] = -1.0f;
    }
    // Must see the host's x, not -1.
#pragma omp target teams distribute parallel for map(to: x[0:N]) map(tofrom: y[0:N])
    for (int i = 0; i < N; i++)
      y[i] += x[i];
    for (int i = 0; i < N; i += 97)
      total += y[i];
    if (s == 3)
      for (int i = 0; i < N; i++)
        x[i] += 1.0f;
  }
  printf("total %.17g x[5] %g\n", total, x[5]);
  free(x);
  free(y);
  return 0;
}
