// A correct program over three files: u and unew are mapped by main's
// target data around the kernels' calls, x by enter data around smooth's
// (which calls the kernel scale in kernels.c) and copied back by exit data
// before the host reads it.
#include "kernels.h"
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 64;
  double *u = calloc(n, sizeof(double));
  double *unew = calloc(n, sizeof(double));
  double *x = malloc(n * sizeof(double));
  u[0] = u[n - 1] = 1.0;
  for (int i = 0; i < n; ++i)
    x[i] = i;
#pragma omp target data map(tofrom: u[0:n]) map(alloc: unew[0:n])
  {
    for (int step = 0; step < 100; ++step) {
      sweep(n, u, unew);
      accept(n, u, unew);
    }
  }
#pragma omp target enter data map(to: x[0:n])
  smooth(n, x, 3);
#pragma omp target exit data map(from: x[0:n])
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += u[i] + x[i];
  printf("%.6f\n", sum);
  free(u);
  free(unew);
  free(x);
  return 0;
}
