/* Iterated axpy with a progress check: the host reads y between steps
 * after a target update from, inside the region. */
#include "audit-corpus.h"

int main(void) {
  int n = 10000;
  double *x = corpus_doubles(n, 1), *y = corpus_doubles(n, 4);
  double first = 0;
#pragma omp target data map(to: x[0:n]) map(tofrom: y[0:n])
  {
    for (int step = 0; step < 8; ++step) {
#pragma omp target teams distribute parallel for
      for (int i = 0; i < n; ++i)
        y[i] = y[i] + 0.5 * x[i];
      if (step % 4 == 3) {
#pragma omp target update from(y[0:n])
        first += y[0] + y[n - 1];
      }
    }
  }
  printf("axpy-update %.6f\n", first);
  corpus_print("axpy-update", y, n);
  free(x);
  free(y);
  return 0;
}
