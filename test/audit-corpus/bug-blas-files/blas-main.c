/* Planted bugs: y enters the device 'to', axpy (blas.c) updates it there,
 * and the host prints it with no update from; z is scaled without a map. */
#include "../audit-corpus.h"

void axpy(int n, float a, const float *x, float *y);
void scal(int n, float a, float *z);

int main(void) {
  int n = 1024;
  float *x = corpus_floats(n, 1), *y = corpus_floats(n, 2);
  float *z = corpus_floats(n, 3);
#pragma omp target enter data map(to: x[0:n], y[0:n])
  for (int r = 0; r < 4; ++r)
    axpy(n, 0.5f, x, y);
  corpus_print_floats("y", y, n);
#pragma omp target exit data map(delete: x[0:n], y[0:n])
  scal(n, 2.0f, z);
  corpus_print_floats("z", z, n);
  free(x);
  free(y);
  free(z);
  return 0;
}
