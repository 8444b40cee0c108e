/* Repeated matrix product C += A B, hand-tuned: one `target data` region
 * holds A, B and C; only the row of B the host replaces goes over before
 * each step (`target update to`). Same computation as bench-gemm-naive.c.
 * Usage: bench-gemm-tuned [N] [STEPS]. */
#include "bench-gemm-input.h"

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
#pragma omp target data map(to: a[0:nn], b[0:nn]) map(tofrom: c[0:nn])
  {
    for (int s = 0; s < steps; ++s) {
      gemm_refresh_row(n, b, s);
      int row = s * 97 % n;
#pragma omp target update to(b[row * n:n])
#pragma omp target teams distribute parallel for
      for (int ij = 0; ij < nn; ++ij) {
        int i = ij / n, j = ij % n;
        float acc = 0;
        for (int k = 0; k < n; ++k)
          acc += a[i * n + k] * b[k * n + j];
        c[ij] += acc;
      }
    }
  }
  double seconds = bench_seconds() - start;

  bench_report(bench_weighted_sum(c, nn), seconds);
  free(a);
  free(b);
  free(c);
  return 0;
}
