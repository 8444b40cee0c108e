// Jacobi kernels that map nothing: the data is present because every
// caller (in main.c, through solver.c) maps it around its calls.
#include "kernels.h"

void sweep(int n, const double *u, double *unew) {
#pragma omp target teams distribute parallel for
  for (int i = 1; i < n - 1; ++i)
    unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
}

void accept(int n, double *u, const double *unew) {
#pragma omp target teams distribute parallel for
  for (int i = 1; i < n - 1; ++i)
    u[i] = unew[i];
}

void scale(int n, double *x, double a) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    x[i] = a * x[i];
}
