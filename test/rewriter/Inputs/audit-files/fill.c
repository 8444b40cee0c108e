// A kernel called from its own file inside a region, and from
// fill-caller.c without a map: the other file's call is the error.
#include <stdlib.h>

void fill(int n, double *x) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; ++i)
    x[i] = i;
}

double filled_here(int n, double *x) {
#pragma omp target data map(tofrom: x[0:n])
  fill(n, x);
  return x[0];
}
