// Two planted bugs across files: u is mapped 'to' around accept (which
// writes it on the device, in kernels.c) and read by the host after the
// region; y reaches the kernel scale (through smooth, in solver.c) without
// a map.
#include "kernels.h"
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 64;
  double *u = calloc(n, sizeof(double));
  double *unew = calloc(n, sizeof(double));
  double *y = malloc(n * sizeof(double));
  u[0] = u[n - 1] = 1.0;
  for (int i = 0; i < n; ++i)
    y[i] = i;
#pragma omp target data map(to: u[0:n]) map(alloc: unew[0:n])
  {
    for (int step = 0; step < 100; ++step) {
      sweep(n, u, unew);
      accept(n, u, unew);
    }
  }
  smooth(n, y, 3);
  printf("%.6f %.6f\n", u[1], y[1]);
  free(u);
  free(unew);
  free(y);
  return 0;
}
