/* Sparse matrix-vector product in CSR form, one row per thread; the
 * matrix stays on the device for several products (target data in the
 * caller), the vectors are mapped per product. */
#include "audit-corpus.h"

static void spmv(int rows, const int *rowptr, const int *col, const double *val,
                 const double *x, double *y) {
#pragma omp target teams distribute parallel for map(to: x[0:rows]) map(from: y[0:rows])
  for (int i = 0; i < rows; ++i) {
    double sum = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; ++k)
      sum += val[k] * x[col[k]];
    y[i] = sum;
  }
}

int main(void) {
  int rows = 1000, per_row = 3, nnz = rows * per_row;
  int *rowptr = malloc((rows + 1) * sizeof *rowptr), *col = malloc(nnz * sizeof *col);
  double *val = corpus_doubles(nnz, 1), *x = corpus_doubles(rows, 2);
  double *y = corpus_doubles(rows, 0);
  for (int i = 0; i <= rows; ++i)
    rowptr[i] = i * per_row;
  for (int k = 0; k < nnz; ++k)
    col[k] = (k * 17) % rows;
#pragma omp target data map(to: rowptr[0:rows + 1], col[0:nnz], val[0:nnz])
  {
    spmv(rows, rowptr, col, val, x, y);
    spmv(rows, rowptr, col, val, y, x);
  }
  corpus_print("spmv", x, rows);
  free(rowptr);
  free(col);
  free(val);
  free(x);
  free(y);
  return 0;
}
