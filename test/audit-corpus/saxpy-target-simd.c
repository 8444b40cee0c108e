/* Single-precision a*x + y in three spellings old and new codes use:
 * `target teams loop`, `target parallel for simd`, and `target` around a
 * plain loop (one thread), each with its own maps. */
#include "audit-corpus.h"

void saxpy_loop(int n, float a, const float *x, float *y) {
#pragma omp target teams loop map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

void saxpy_simd(int n, float a, const float *x, float *y) {
#pragma omp target parallel for simd map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

void saxpy_serial(int n, float a, const float *x, float *y) {
#pragma omp target map(to: x[0:n]) map(tofrom: y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

int main(void) {
  int n = 8192;
  float *x = corpus_floats(n, 1), *y = corpus_floats(n, 2);
  saxpy_loop(n, 2.0f, x, y);
  saxpy_simd(n, -1.0f, x, y);
  saxpy_serial(n, 0.5f, x, y);
  corpus_print_floats("saxpy", y, n);
  free(x);
  free(y);
  return 0;
}
