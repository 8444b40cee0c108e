/* Helpers of the audit corpus programs: deterministic inputs of small
 * integers (sums are exact in any order, as parallel reductions add them)
 * and one checksum line per result. */
#ifndef OWNMAP_AUDIT_CORPUS_H
#define OWNMAP_AUDIT_CORPUS_H
#include <stdio.h>
#include <stdlib.h>

static inline double *corpus_doubles(long n, int seed) {
  double *v = malloc(n * sizeof *v);
  for (long i = 0; i < n; ++i)
    v[i] = (double)((i * 7 + seed * 3) % 11) - 5;
  return v;
}

static inline float *corpus_floats(long n, int seed) {
  float *v = malloc(n * sizeof *v);
  for (long i = 0; i < n; ++i)
    v[i] = (float)((i * 5 + seed) % 9) - 4;
  return v;
}

static inline void corpus_print(const char *name, const double *v, long n) {
  double s = 0, w = 0;
  for (long i = 0; i < n; ++i) {
    s += v[i];
    w += v[i] * (double)(i % 17 + 1);
  }
  printf("%s %.6f %.6f\n", name, s, w);
}

static inline void corpus_print_floats(const char *name, const float *v, long n) {
  double s = 0, w = 0;
  for (long i = 0; i < n; ++i) {
    s += v[i];
    w += v[i] * (double)(i % 17 + 1);
  }
  printf("%s %.4f %.4f\n", name, s, w);
}
#endif
