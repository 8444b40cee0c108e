#include <ownmap.h>
#include "corpus.h"

/* y = A x for A in ELLPACK form (a fixed number of entries per row),
 * passed as one struct of its arrays and sizes. */
typedef struct {
  int rows, width;
  const int *col;
  const float *val;
} ell;

OM_KERNEL void spmv(OM_IN const ell *A, OM_IN OM_LEN(n) const float *x,
                    int n, OM_OUT float *y) {
  for (int i = 0; i < A->rows; ++i) {
    float s = 0;
    for (int k = 0; k < A->width; ++k)
      s += A->val[i * A->width + k] * x[A->col[i * A->width + k]];
    y[i] = s;
  }
}

int main(void) {
  enum { M = 40, N = 30, W = 3 };
  static int col[M * W];
  static float val[M * W], x[N], y[M];
  corpus_fill_int(col, M * W, 4, N);
  corpus_fill(val, M * W, 5);
  corpus_fill(x, N, 6);
  ell A = {M, W, col, val};
  spmv(&A, x, N, y);
  corpus_print("y", y, M);
  return 0;
}
