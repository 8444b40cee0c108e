/* Planted bug: the temperatures enter the device with 'to', the time loop
 * runs on them, and the host prints a probe before any update from (the
 * exit data only deletes). */
#include "audit-corpus.h"

static void diffuse(int n, double k, const double *t, double *tnew) {
#pragma omp target teams distribute parallel for
  for (int i = 1; i < n - 1; ++i)
    tnew[i] = t[i] + k * (t[i - 1] - 2.0 * t[i] + t[i + 1]); // planted: ownmap.audit.lost-write tnew
}

int main(void) {
  int n = 2048;
  double *t = corpus_doubles(n, 1), *tnew = corpus_doubles(n, 1);
#pragma omp target enter data map(to: t[0:n], tnew[0:n])
  for (int s = 0; s < 10; ++s)
    diffuse(n, 0.125, t, tnew);
  printf("probe %.6f\n", tnew[n / 2]);
#pragma omp target exit data map(delete: t[0:n], tnew[0:n])
  free(t);
  free(tnew);
  return 0;
}
