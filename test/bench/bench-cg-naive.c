/* Iterative CSR sparse matrix-vector product, x <- b + M x (a Richardson /
 * fixed-point iteration of the kind CG solvers are built from), naive maps:
 * each iteration's target region maps the whole matrix and vectors and
 * reduces the change |y - x| (as exact fixed-point integers) for the host,
 * which stops when it is zero. Usage: bench-cg-naive [N] [ITERS] (default
 * 4194304 rows, about 25 M entries, at most 30 iterations). docs/bench.md. */
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
  while (it < iters && change != 0) {
    ++it;
    change = 0;
#pragma omp target teams distribute parallel for reduction(+: change) \
    map(to: row_start[0:n + 1], col[0:nnz], val[0:nnz], x[0:n], b[0:n]) map(tofrom: y[0:n])
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
  double seconds = bench_seconds() - start;

  bench_report(bench_weighted_sum(x, n) + 1e-3 * (double)change + 1e9 * it, seconds);
  cg_system_free(&m);
  free(x);
  free(y);
  return 0;
}
