/* Dot product and norm as reductions over the device, the vectors mapped
 * once by an enclosing region. */
#include "audit-corpus.h"

static double dot(int n, const double *x, const double *y) {
  double sum = 0;
#pragma omp target teams distribute parallel for reduction(+: sum) map(tofrom: sum)
  for (int i = 0; i < n; ++i)
    sum += x[i] * y[i];
  return sum;
}

int main(void) {
  int n = 100000;
  double *x = corpus_doubles(n, 1), *y = corpus_doubles(n, 2);
  double xy, xx;
#pragma omp target data map(to: x[0:n], y[0:n])
  {
    xy = dot(n, x, y);
    xx = dot(n, x, x);
  }
  printf("dot %.1f %.1f\n", xy, xx);
  free(x);
  free(y);
  return 0;
}
