#include <ownmap.h>
#include "corpus.h"

/* Counts of values per bin: bins are chosen by the data. */
OM_KERNEL void histogram(int n, int nbins, OM_IN const int *bin,
                         OM_INOUT OM_LEN(nbins) float *count) {
  for (int i = 0; i < n; ++i)
    count[bin[i]] += 1;
}

int main(void) {
  enum { N = 1000, B = 16 };
  static int bin[N];
  static float count[B];
  corpus_fill_int(bin, N, 3, B);
  histogram(N, B, bin, count);
  corpus_print("hist", count, B);
  return 0;
}
