// One array used by kernels on two devices in turn (the host device in LLVM
// 19 exposes four): a block held on one device goes back to the runtime
// before a kernel on another device maps it, so every device sees the
// host's newest data and the output is unchanged.
//
// gpu-run-e2e: needs-devices 2 (with fewer it offloads nothing)
// RUN: %clang-offload %s -o %t
// RUN: %compare-with-plugin %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_ELIDE=safe %compare-with-plugin %t

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 16, STEPS = 6 };

static void scale(double *v, double by, int device) {
#pragma omp target teams distribute parallel for map(tofrom: v[0:N]) device(device)
  for (int i = 0; i < N; i++)
    v[i] = v[i] * by + 1.0;
}

int main(void) {
  if (omp_get_num_devices() < 2) {
    printf("needs two devices\n");
    return 0;
  }
  double *v = malloc(N * sizeof *v);
  for (int i = 0; i < N; i++)
    v[i] = i % 13;
  for (int s = 0; s < STEPS; s++) {
    scale(v, 0.5, 0); // twice on device 0: held there
    scale(v, 0.5, 0);
    scale(v, 2.0, 1); // then device 1
    v[s] += 1.0;
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += v[i] * (i % 3 + 1);
  printf("sum %.17g\n", sum);
  free(v);
  return 0;
}
