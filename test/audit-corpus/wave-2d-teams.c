/* 2-D wave equation, leapfrog in time: a `target teams` region whose
 * `distribute` loop runs the rows and a nested `parallel for` the columns,
 * then a rotation of the three time levels, all under one target data. */
#include "audit-corpus.h"

static void step(int n, double c, const double *prev, const double *cur, double *next) {
#pragma omp target teams
  {
#pragma omp distribute
    for (int i = 1; i < n - 1; ++i) {
#pragma omp parallel for
      for (int j = 1; j < n - 1; ++j)
        next[i * n + j] = 2.0 * cur[i * n + j] - prev[i * n + j] +
                          c * (cur[(i - 1) * n + j] + cur[(i + 1) * n + j] +
                               cur[i * n + j - 1] + cur[i * n + j + 1] -
                               4.0 * cur[i * n + j]);
    }
  }
}

static void rotate(int n, double *prev, double *cur, const double *next) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n * n; ++i) {
    prev[i] = cur[i];
    cur[i] = next[i];
  }
}

int main(void) {
  int n = 48;
  double *prev = corpus_doubles(n * n, 1), *cur = corpus_doubles(n * n, 1);
  double *next = corpus_doubles(n * n, 0);
#pragma omp target data map(tofrom: cur[0:n * n]) map(to: prev[0:n * n], next[0:n * n])
  {
    for (int t = 0; t < 6; ++t) {
      step(n, 0.1, prev, cur, next);
      rotate(n, prev, cur, next);
    }
  }
  corpus_print("wave", cur, n * n);
  free(prev);
  free(cur);
  free(next);
  return 0;
}
