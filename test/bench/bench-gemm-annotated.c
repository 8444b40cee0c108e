/* Repeated matrix product C += A B, annotated: plain C with one
 * ownership-annotated kernel. The rewriter offloads one loop level and
 * proves distinct writes only for subscripts i + constant, so the kernel runs
 * over the flattened index of C, and A and B (read at i * n + k and
 * k * n + j) carry OM_LEN. Same computation as bench-gemm-naive.c.
 * Usage: bench-gemm-annotated [N] [STEPS]. */
#include "bench-gemm-input.h"

#include <ownmap.h>

OM_KERNEL static void gemm_accumulate(int n, OM_IN OM_LEN(n * n) const float *a,
                                      OM_IN OM_LEN(n * n) const float *b, OM_INOUT float *c) {
  for (int ij = 0; ij < n * n; ++ij) {
    int i = ij / n, j = ij % n;
    float acc = 0;
    for (int k = 0; k < n; ++k)
      acc += a[i * n + k] * b[k * n + j];
    c[ij] += acc;
  }
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 2048);
  int steps = bench_arg(argc, argv, 2, 10);
  int nn = n * n;
  float *a = bench_alloc(nn, sizeof *a), *b = bench_alloc(nn, sizeof *b);
  float *c = bench_alloc(nn, sizeof *c);
  for (int i = 0; i < nn; ++i) {
    a[i] = gemm_entry(i, 7919);
    b[i] = gemm_entry(i, 104729);
    c[i] = (float)(1 + bench_pattern(i, 13, 50));
  }
  bench_start_device();

  double start = bench_seconds();
  for (int s = 0; s < steps; ++s) {
    gemm_refresh_row(n, b, s);
    gemm_accumulate(n, a, b, c);
  }
  double seconds = bench_seconds() - start;

  bench_report(bench_weighted_sum(c, nn), seconds);
  free(a);
  free(b);
  free(c);
  return 0;
}
