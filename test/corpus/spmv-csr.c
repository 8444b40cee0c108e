#include <ownmap.h>
#include "corpus.h"

/* y = A x for A in compressed sparse rows. */
OM_KERNEL void spmv(int m, int n, int nnz, OM_IN const int *rowptr,
                    OM_IN OM_LEN(nnz) const int *col,
                    OM_IN OM_LEN(nnz) const float *val,
                    OM_IN OM_LEN(n) const float *x, OM_OUT float *y) {
  for (int i = 0; i < m; ++i) {
    float s = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; ++k)
      s += val[k] * x[col[k]];
    y[i] = s;
  }
}

int main(void) {
  enum { M = 40, N = 30, PER_ROW = 3 };
  static int rowptr[M + 1], col[M * PER_ROW];
  static float val[M * PER_ROW], x[N], y[M];
  for (int i = 0; i <= M; ++i)
    rowptr[i] = i * PER_ROW;
  corpus_fill_int(col, M * PER_ROW, 4, N);
  corpus_fill(val, M * PER_ROW, 5);
  corpus_fill(x, N, 6);
  spmv(M, N, M * PER_ROW, rowptr, col, val, x, y);
  corpus_print("y", y, M);
  return 0;
}
