/* 1-D heat equation: the temperatures enter the device once, a time loop
 * of kernel calls runs on them, and exit data copies them back. */
#include "audit-corpus.h"

static void diffuse(int n, double k, const double *t, double *tnew) {
#pragma omp target teams distribute parallel for
  for (int i = 1; i < n - 1; ++i)
    tnew[i] = t[i] + k * (t[i - 1] - 2.0 * t[i] + t[i + 1]);
}

static void copy_interior(int n, const double *from, double *to) {
#pragma omp target teams distribute parallel for
  for (int i = 1; i < n - 1; ++i)
    to[i] = from[i];
}

int main(void) {
  int n = 4096, steps = 50;
  double *t = corpus_doubles(n, 3), *tnew = corpus_doubles(n, 3);
#pragma omp target enter data map(to: t[0:n], tnew[0:n])
  for (int s = 0; s < steps; ++s) {
    diffuse(n, 0.125, t, tnew);
    copy_interior(n, tnew, t);
  }
#pragma omp target exit data map(from: t[0:n]) map(delete: tnew[0:n])
  corpus_print("heat", t, n);
  free(t);
  free(tnew);
  return 0;
}
