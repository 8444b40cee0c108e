/* main maps the temperatures for the whole run and copies them back at the
 * region's end, before printing them. */
#include "../audit-corpus.h"
#include "heat.h"

int main(void) {
  int n = 4096;
  double *t = corpus_doubles(n, 2), *tnew = corpus_doubles(n, 2);
#pragma omp target data map(tofrom: t[0:n]) map(alloc: tnew[0:n])
  heat_run(n, 20, 0.125, t, tnew);
  corpus_print("t", t, n);
  free(t);
  free(tnew);
  return 0;
}
