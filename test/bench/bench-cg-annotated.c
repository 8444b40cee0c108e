/* Iterative CSR sparse matrix-vector product, annotated: plain C with one
 * ownership-annotated kernel; col and val are read through row_start and x
 * through col, so those three carry OM_LEN. Same computation as
 * bench-cg-naive.c. Usage: bench-cg-annotated [N] [ITERS]. */
#include "bench-cg-input.h"

#include <ownmap.h>

/* y = b + M x; returns the sum of |y - x| in units of 2^-16. */
OM_KERNEL static long spmv_step(int n, int nnz, OM_IN const int *row_start,
                                OM_IN OM_LEN(nnz) const int *col,
                                OM_IN OM_LEN(nnz) const float *val,
                                OM_IN OM_LEN(n) const float *x, OM_IN const float *b,
                                OM_OUT float *y) {
  long change = 0;
  for (int i = 0; i < n; ++i) {
    float acc = b[i];
    for (int k = row_start[i]; k < row_start[i + 1]; ++k)
      acc += val[k] * x[col[k]];
    long d = (long)((acc - x[i]) * 65536.0f);
    change += d < 0 ? -d : d;
    y[i] = acc;
  }
  return change;
}

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1 << 22);
  int iters = bench_arg(argc, argv, 2, 30);
  cg_system m = cg_system_make(n);
  float *x = bench_alloc(n, sizeof *x), *y = bench_alloc(n, sizeof *y);
  for (int i = 0; i < n; ++i)
    x[i] = m.b[i];
  bench_start_device();

  double start = bench_seconds();
  int it = 0;
  long change = 1;
  while (it < iters && change != 0) {
    ++it;
    change = spmv_step(n, m.nnz, m.row_start, m.col, m.val, x, m.b, y);
    float *t = x;
    x = y;
    y = t;
  }
  double seconds = bench_seconds() - start;

  bench_report(bench_weighted_sum(x, n) + 1e-3 * (double)change + 1e9 * it, seconds);
  cg_system_free(&m);
  free(x);
  free(y);
  return 0;
}
