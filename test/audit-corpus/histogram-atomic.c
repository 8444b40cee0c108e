/* A histogram of small integer keys, updated with atomics on the device,
 * followed by the share of each bin; the bins are zeroed on the device. */
#include "audit-corpus.h"

void histogram(int n, int bins, const int *keys, int *count) {
#pragma omp target data map(to: keys[0:n]) map(from: count[0:bins])
  {
#pragma omp target teams distribute parallel for
    for (int b = 0; b < bins; ++b)
      count[b] = 0;
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; ++i) {
#pragma omp atomic update
      count[keys[i]] += 1;
    }
  }
}

int main(void) {
  int n = 50000, bins = 16;
  int *keys = malloc(n * sizeof *keys), *count = malloc(bins * sizeof *count);
  for (int i = 0; i < n; ++i)
    keys[i] = (i * 7 + i / 3) % bins;
  histogram(n, bins, keys, count);
  long s = 0;
  for (int b = 0; b < bins; ++b)
    s += (long)count[b] * (b + 1);
  printf("histogram %ld\n", s);
  free(keys);
  free(count);
  return 0;
}
