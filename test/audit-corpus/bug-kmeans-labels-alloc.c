/* Planted bug: the labels are mapped 'alloc' by the region around the
 * assignment kernel, and the host counts them after it. */
#include "audit-corpus.h"

static void assign(int points, int k, const float *x, const float *centre, int *label) {
#pragma omp target teams distribute parallel for
  for (int p = 0; p < points; ++p) {
    int best = 0;
    for (int c = 1; c < k; ++c)
      if ((x[p] - centre[c]) * (x[p] - centre[c]) < (x[p] - centre[best]) * (x[p] - centre[best]))
        best = c;
    label[p] = best; // planted: ownmap.audit.lost-write label
  }
}

int main(void) {
  int points = 1000, k = 4;
  float *x = corpus_floats(points, 1), *centre = corpus_floats(k, 2);
  int *label = calloc(points, sizeof *label);
#pragma omp target data map(to: x[0:points], centre[0:k]) map(alloc: label[0:points])
  assign(points, k, x, centre, label);
  long s = 0;
  for (int p = 0; p < points; ++p)
    s += label[p];
  printf("labels %ld\n", s);
  free(x);
  free(centre);
  free(label);
  return 0;
}
