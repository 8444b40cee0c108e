/* Out-of-place transpose and a row scaling written with pointer
 * arithmetic, as older codes do. */
#include "audit-corpus.h"

void transpose(int rows, int cols, const double *in, double *out) {
#pragma omp target teams distribute parallel for map(to: in[0:rows * cols]) map(from: out[0:rows * cols])
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      *(out + j * rows + i) = *(in + i * cols + j);
}

void scale_rows(int rows, int cols, const double *s, double *a) {
#pragma omp target teams distribute parallel for map(to: s[0:rows]) map(tofrom: a[0:rows * cols])
  for (int i = 0; i < rows; ++i) {
    double *row = a + i * cols;
    for (int j = 0; j < cols; ++j)
      row[j] *= s[i];
  }
}

int main(void) {
  int rows = 70, cols = 50;
  double *a = corpus_doubles(rows * cols, 1), *t = corpus_doubles(rows * cols, 0);
  double *s = corpus_doubles(rows, 2);
  transpose(rows, cols, a, t);
  scale_rows(rows, cols, s, a);
  corpus_print("transpose", t, rows * cols);
  corpus_print("scaled", a, rows * cols);
  free(a);
  free(t);
  free(s);
  return 0;
}
