/* Helpers shared by the corpus kernels' test drivers: deterministic inputs
 * of small integers (so sums are exact in any order, as a parallel
 * reduction adds them) and a checksum line per output. */
#ifndef OWNMAP_CORPUS_H
#define OWNMAP_CORPUS_H
#include <stdio.h>

static inline void corpus_fill(float *v, long n, int seed) {
  for (long i = 0; i < n; ++i)
    v[i] = (float)((i * 7 + seed * 3) % 11) - 5;
}

static inline void corpus_fill_int(int *v, long n, int seed, int mod) {
  for (long i = 0; i < n; ++i)
    v[i] = (int)((i * 5 + seed) % mod);
}

static inline void corpus_print(const char *name, const float *v, long n) {
  double s = 0, w = 0;
  for (long i = 0; i < n; ++i) {
    s += v[i];
    w += v[i] * (double)(i % 17 + 1);
  }
  printf("%s %.3f %.3f\n", name, s, w);
}
#endif
