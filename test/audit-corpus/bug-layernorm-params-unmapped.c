/* Planted bug: the normalisation kernel expects its parameters on the
 * device already (an earlier enter data), but the second caller never
 * maps them. */
#include "audit-corpus.h"

static void normalise(int n, const float *gamma, float *x) {
#pragma omp target teams distribute parallel for map(tofrom: x[0:n])
  for (int i = 0; i < n; ++i)
    x[i] = gamma[i] * x[i]; // planted: ownmap.audit.missing-map gamma
}

static void first(int n, const float *gamma, float *x) {
#pragma omp target enter data map(to: gamma[0:n])
  normalise(n, gamma, x);
#pragma omp target exit data map(delete: gamma[0:n])
}

static void second(int n, const float *gamma, float *x) {
  normalise(n, gamma, x);
}

int main(void) {
  int n = 256;
  float *gamma = corpus_floats(n, 1), *x = corpus_floats(n, 2);
  first(n, gamma, x);
  second(n, gamma, x);
  corpus_print_floats("x", x, n);
  free(gamma);
  free(x);
  return 0;
}
