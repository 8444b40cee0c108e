// Results copied back lazily land in the protected pages moved aside and
// back with mremap(MREMAP_FIXED | MREMAP_DONTUNMAP). A library that
// interposes mremap and drops its fifth argument (UCX's memory hooks, in
// MPI programs) must not break that: the plugin stopped such programs with
// "ownmap: error: cannot move 4096 bytes of host pages ... aside and back".
//
// RUN: %clang-offload %s -o %t
// RUN: %clang-serial -shared -fPIC %S/Inputs/mremap-four-arguments.c -o %t.so -ldl
// RUN: env LD_PRELOAD=%t.so %compare-with-plugin %t 2>&1 | FileCheck %s --allow-empty
// CHECK-NOT: ownmap: error

#include <stdio.h>
#include <stdlib.h>

enum { N = 1 << 18, STEPS = 4 }; // 2 MiB: whole chunks, copied back lazily

int main(void) {
  double *v = malloc(N * sizeof *v);
  for (int i = 0; i < N; i++)
    v[i] = i % 13;
  double sum = 0;
  for (int step = 0; step < STEPS; step++) {
#pragma omp target teams distribute parallel for map(tofrom: v[0:N])
    for (int i = 0; i < N; i++)
      v[i] = v[i] * 0.5 + step;
    sum += v[step * 1000] + v[N - 1 - step]; // the host touches two chunks
  }
  for (int i = 0; i < N; i++)
    sum += v[i] * (i % 3);
  printf("sum %.17g\n", sum);
  free(v);
  return 0;
}
