// A 20-step time loop that maps its arrays on every step moves them 20 times.
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
// 20 steps x 2048 doubles x 8 bytes = 327680 bytes each way.
// Rows of one line are sorted by name.
// CHECK-NEXT: ownmap: coef[0:n] time-loop.c:[[#@LINE+2]] 327680 20 0 0
// CHECK-NEXT: ownmap: u[0:n] time-loop.c:[[#@LINE+1]] 327680 20 327680 20
static void step(int n, double *u, const double *coef) {
#pragma omp target teams distribute parallel for map(tofrom: u[0:n]) map(to: coef[0:n])
  for (int i = 0; i < n; i++)
    u[i] = u[i] + coef[i] * (1.0 - u[i]);
}

int main(void) {
  double *u = malloc(N * sizeof *u);
  double *coef = malloc(N * sizeof *coef);
  for (int i = 0; i < N; i++) {
    u[i] = (double)(i % 9) / 9.0;
    coef[i] = 0.01 * (1 + i % 7);
  }
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
// CHECK-NEXT: ownmap: total 655360 40 327680 20
