/* Planted bug: rows over teams and a nested parallel for reduction per
 * row, with the vector's section one element short. */
#include "audit-corpus.h"

void matvec(int rows, int cols, const double *a, const double *x, double *y) {
#pragma omp target teams distribute map(to: a[0:rows * cols], x[0:cols - 1]) map(from: y[0:rows]) // planted: ownmap.audit.section-too-small x
  for (int i = 0; i < rows; ++i) {
    double sum = 0;
#pragma omp parallel for reduction(+: sum)
    for (int j = 0; j < cols; ++j)
      sum += a[i * cols + j] * x[j];
    y[i] = sum;
  }
}

int main(void) {
  int rows = 64, cols = 50;
  double *a = corpus_doubles(rows * cols, 1), *x = corpus_doubles(cols, 2);
  double *y = corpus_doubles(rows, 0);
  matvec(rows, cols, a, x, y);
  corpus_print("matvec", y, rows);
  free(a);
  free(x);
  free(y);
  return 0;
}
