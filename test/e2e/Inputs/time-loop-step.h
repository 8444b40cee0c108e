// The time loop of time-loop.c and time-loop-data.c: N doubles relaxed
// towards 1 by a kernel that maps them on each of STEPS steps, their
// starting values, and the checksum each test prints at the end.
#include "checksum.h"

#include <stdio.h>
#include <stdlib.h>

enum { N = 2048, STEPS = 20 };

static void step(int n, double *u, const double *coef) {
#pragma omp target teams distribute parallel for map(tofrom: u[0:n]) map(to: coef[0:n])
  for (int i = 0; i < n; i++)
    u[i] = u[i] + coef[i] * (1.0 - u[i]);
}

static void run_steps(double *u, const double *coef) {
  for (int t = 0; t < STEPS; t++)
    step(N, u, coef);
}

static void fill(double *u, double *coef) {
  for (int i = 0; i < N; i++) {
    u[i] = (double)(i % 9) / 9.0;
    coef[i] = 0.01 * (1 + i % 7);
  }
}

// Prints the checksum and frees both arrays; main's exit status.
static int finish(double *u, double *coef) {
  printf("time-loop checksum %.6f\n", weighted_checksum(u, N, 3));
  free(u);
  free(coef);
  return 0;
}
