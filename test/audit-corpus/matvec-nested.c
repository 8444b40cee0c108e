/* Matrix-vector product with the rows over teams and each row's dot
 * product over the threads of a team: target teams distribute, and a
 * parallel for reduction nested inside. */
#include "audit-corpus.h"

void matvec(int rows, int cols, const double *a, const double *x, double *y) {
#pragma omp target teams distribute map(to: a[0:rows * cols], x[0:cols]) map(from: y[0:rows])
  for (int i = 0; i < rows; ++i) {
    double sum = 0;
#pragma omp parallel for reduction(+: sum)
    for (int j = 0; j < cols; ++j)
      sum += a[i * cols + j] * x[j];
    y[i] = sum;
  }
}

int main(void) {
  int rows = 300, cols = 200;
  double *a = corpus_doubles(rows * cols, 1), *x = corpus_doubles(cols, 2);
  double *y = corpus_doubles(rows, 0);
  matvec(rows, cols, a, x, y);
  corpus_print("matvec", y, rows);
  free(a);
  free(x);
  free(y);
  return 0;
}
