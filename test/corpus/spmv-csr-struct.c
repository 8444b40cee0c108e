#include <ownmap.h>
#include "corpus.h"

/* y = A x for A in compressed sparse rows, passed as one struct of its
 * arrays and sizes; the struct states the length of the arrays indexed
 * through rowptr. */
typedef struct {
  int rows, cols, nnz;
  const int *rowptr;
  OM_LEN(nnz) const int *col;
  OM_LEN(nnz) const float *val;
} csr;

OM_KERNEL void spmv(OM_IN const csr *A, OM_IN OM_LEN(n) const float *x,
                    int n, OM_OUT float *y) {
  for (int i = 0; i < A->rows; ++i) {
    float s = 0;
    for (int k = A->rowptr[i]; k < A->rowptr[i + 1]; ++k)
      s += A->val[k] * x[A->col[k]];
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
  csr A = {M, N, M * PER_ROW, rowptr, col, val};
  spmv(&A, x, N, y);
  corpus_print("y", y, M);
  return 0;
}
