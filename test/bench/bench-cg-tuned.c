/* Iterative CSR sparse matrix-vector product, hand-tuned: one `target data`
 * region holds the matrix and both vectors (swapped by pointer); only the
 * reduced change comes back each iteration. Same computation as
 * bench-cg-naive.c. Usage: bench-cg-tuned [N] [ITERS]. */
#include "bench-cg-input.h"

int main(int argc, char **argv) {
  int n = bench_arg(argc, argv, 1, 1 << 22);
  int iters = bench_arg(argc, argv, 2, 30);
  cg_system m = cg_system_make(n);
  int nnz = m.nnz, *row_start = m.row_start, *col = m.col;
  float *val = m.val, *b = m.b;
  float *x = bench_alloc(n, sizeof *x), *y = bench_alloc(n, sizeof *y);
  for (int i = 0; i < n; ++i)
    x[i] = b[i];
  bench_start_device();

  double start = bench_seconds();
  int it = 0;
  long change = 1;
#pragma omp target data map(to: row_start[0:n + 1], col[0:nnz], val[0:nnz], b[0:n]) \
    map(tofrom: x[0:n], y[0:n])
  {
    while (it < iters && change != 0) {
      ++it;
      change = 0;
#pragma omp target teams distribute parallel for reduction(+: change)
      for (int i = 0; i < n; ++i) {
        float acc = b[i];
        for (int k = row_start[i]; k < row_start[i + 1]; ++k)
          acc += val[k] * x[col[k]];
        long d = (long)((acc - x[i]) * 65536.0f);
        change += d < 0 ? -d : d;
        y[i] = acc;
      }
      float *t = x;
      x = y;
      y = t;
    }
  }
  double seconds = bench_seconds() - start;

  bench_report(bench_weighted_sum(x, n) + 1e-3 * (double)change + 1e9 * it, seconds);
  cg_system_free(&m);
  free(x);
  free(y);
  return 0;
}
