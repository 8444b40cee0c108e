// The same 20-step time loop inside `target data`: each array crosses once,
// and the per-step maps find the data present and copy nothing.
//
// RUN: %clang-offload %s -o %t
// RUN: env OWNMAP_COMPARE_ENV=OWNMAP_SUMMARY=1 %compare-with-plugin %t 2>%t.err
// RUN: not grep -E "ownmap: (warning|error)" %t.err
// RUN: FileCheck %s < %t.err

#include <stdio.h>
#include <stdlib.h>

enum { N = 2048, STEPS = 20 };

// CHECK: ownmap: transfer summary
// CHECK-NEXT: ownmap: variable
// The kernel's maps (of the parameters) never copy.
// CHECK-NOT: time-loop-data.c:[[#@LINE+1]]
static void step(int n, double *u, const double *coef) {
#pragma omp target teams distribute parallel for map(tofrom: u[0:n]) map(to: coef[0:n])
  for (int i = 0; i < n; i++)
    u[i] = u[i] + coef[i] * (1.0 - u[i]);
}

int main(void) {
  // CHECK-NEXT: ownmap: u[0:N] time-loop-data.c:[[#@LINE+1]] 16384 1 16384 1
  double *u = malloc(N * sizeof *u);
  // CHECK-NEXT: ownmap: coef[0:N] time-loop-data.c:[[#@LINE+1]] 16384 1 0 0
  double *coef = malloc(N * sizeof *coef);
  for (int i = 0; i < N; i++) {
    u[i] = (double)(i % 9) / 9.0;
    coef[i] = 0.01 * (1 + i % 7);
  }
#pragma omp target data map(tofrom: u[0:N]) map(to: coef[0:N])
  for (int t = 0; t < STEPS; t++)
    step(N, u, coef);
  double checksum = 0;
  for (int i = 0; i < N; i++)
    checksum += u[i] * (1 + i % 3);
  printf("time-loop checksum %.6f\n", checksum);
  free(u);
  free(coef);
  return 0;
}
// CHECK-NEXT: ownmap: total 32768 2 16384 1
