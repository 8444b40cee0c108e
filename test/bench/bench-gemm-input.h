/* bench-gemm-input.h - inputs of the bench-gemm-* benchmarks: N x N float
 * matrices whose entries are small integers, so every product and partial
 * sum of C += A B is an exact integer below 2^24 and the result has the same
 * bits in any build (fused multiply-add included). */
#ifndef BENCH_GEMM_INPUT_H
#define BENCH_GEMM_INPUT_H

#include "elision-bench.h"

/* An entry in [-3, 3]. */
static inline float gemm_entry(int index, int mult) {
  return (float)(bench_pattern(index, mult, 7) - 3);
}

/* The row of B the host replaces before step s (a new batch of weights). */
static inline void gemm_refresh_row(int n, float *b, int s) {
  int row = s * 97 % n;
  for (int j = 0; j < n; ++j)
    b[row * n + j] = gemm_entry(row * n + j + s, 31);
}

#endif /* BENCH_GEMM_INPUT_H */
